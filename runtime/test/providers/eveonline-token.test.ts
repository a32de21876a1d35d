import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import EVEOnline from "../../src/providers/eveonline.js";
import { customFetch } from "../../src/symbols.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";

// EVE SSO's access token is a JWT naming the character; the preset takes the character only
// from a token that verifies against EVE's JWKS. Each forgery below must end without a session.
const origin = "https://app.test";
const clientId = "eve-client-id";
type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let eve: Keys;
let attacker: Keys;

beforeAll(async () => {
  [eve, attacker] = await Promise.all([generateKeyPair("RS256"), generateKeyPair("RS256")]);
});

const valid = () => ({
  sub: "CHARACTER:EVE:2112625428",
  name: "Kira Nakamura",
  owner: "pQ3sQx0m5dS9wYw1a2B3c4D5e6F=",
  scp: "publicData",
  aud: [clientId, "EVE Online"],
  iss: "login.eveonline.com",
});

function sign(claims: Record<string, unknown>, key = eve.privateKey) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 1200, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "JWT-Signature-Key" })
    .sign(key);
}

/** Signs in with EVE answering `accessToken` at its token endpoint and its real key at the JWKS. */
async function signInWith(accessToken: string) {
  const jwk = { ...(await exportJWK(eve.publicKey)), kid: "JWT-Signature-Key", alg: "RS256" };
  const fakeEve = (async (input: string | URL | Request) => {
    const url = new Request(input).url;
    if (url === "https://login.eveonline.com/v2/oauth/token")
      return Response.json({ access_token: accessToken, token_type: "Bearer", expires_in: 1199 });
    if (url === "https://login.eveonline.com/oauth/jwks") return Response.json({ keys: [jwk] });
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
  const signIns: string[] = [];
  const { logger } = captureLogger();
  const client = new TestClient(
    {
      secret: SECRET,
      trustHost: true,
      logger,
      providers: [EVEOnline({ clientId, clientSecret: "secret", [customFetch]: fakeEve })],
      callbacks: {
        signIn: ({ account }) => {
          signIns.push(String(account?.providerAccountId));
          return true;
        },
      },
    },
    origin,
  );
  const csrfToken = await client.csrfToken();
  const started = await client.request("/auth/signin/eveonline", { form: { csrfToken } });
  const state = new URL(started.headers.get("location") ?? "").searchParams.get("state") ?? "";
  const response = await client.request(
    `/auth/callback/eveonline?${new URLSearchParams({ code: "code", state })}`,
  );
  return { response, signIns, session: setCookie(response, "__Host-authjs.session-token") };
}

describe("EVE Online: the character comes only from a verified access token", () => {
  it("signs in the character of a token EVE signed for this client", async () => {
    const { signIns, session } = await signInWith(await sign(valid()));
    expect(signIns).toEqual(["2112625428"]);
    expect(session).toBeDefined();
  });

  it.each([
    ["signed with another key", () => sign(valid(), attacker.privateKey)],
    ["issued to another client", () => sign({ ...valid(), aud: ["other-client", "EVE Online"] })],
    ["without EVE Online in its audience", () => sign({ ...valid(), aud: [clientId] })],
    ["from another issuer", () => sign({ ...valid(), iss: "https://login.example.test" })],
    ["expired", () => sign({ ...valid(), iat: 1_600_000_000, exp: 1_600_001_200 })],
    ["naming no character", () => sign({ ...valid(), sub: "CORPORATION:EVE:98000001" })],
    [
      "unsigned (alg none)",
      async () => {
        const encode = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");
        return `${encode({ alg: "none" })}.${encode({ ...valid(), exp: 9_999_999_999 })}.`;
      },
    ],
  ])("refuses a token %s: no session", async (_, forge) => {
    const { response, signIns, session } = await signInWith(await forge());
    expect(signIns).toEqual([]);
    expect(session).toBeUndefined();
    expect(response.headers.get("location")).toMatch(
      /^https:\/\/app\.test\/auth\/(signin\?error=OAuthCallbackError|error\?error=Configuration)$/,
    );
  });
});
