import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customFetch } from "../../src/symbols.js";
import type { AuthConfig, User } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { CLIENT_ID } from "./case.js";
import { returnFromProvider, startFakeProvider } from "./fake-provider.js";
import { loadCatalogue } from "./load.js";

const clientId = CLIENT_ID;
const clientSecret = "client:secret/with+reserved&chars";
const origin = "https://app.test";
const { withCases } = await loadCatalogue();

/**
 * Every catalogue provider with a case file, signed in against a local fake of the provider
 * that answers as its documentation says: where the browser goes, what reaches the token
 * endpoint, which user comes out, and that a failing provider leaves no session.
 */
describe.each(withCases)("$id", ({ id, preset, catalogue, providerCase: c }) => {
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    fake = await startFakeProvider(c, clientId, clientSecret);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  function setup() {
    const signIns: { user: User; providerAccountId: string }[] = [];
    const { logger, errors } = captureLogger();
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger,
      providers: [preset({ clientId, clientSecret, ...c.options, [customFetch]: fake.fetch })],
      callbacks: {
        signIn: ({ user, account }) => {
          signIns.push({ user, providerAccountId: String(account?.providerAccountId) });
          return true;
        },
      },
    };
    return { client: new TestClient(config, origin), signIns, errors };
  }

  async function signIn(client: TestClient) {
    const csrfToken = await client.csrfToken();
    const response = await client.request(`/auth/signin/${id}`, { form: { csrfToken } });
    const location = new URL(response.headers.get("location") ?? "");
    fake.state.nonce = location.searchParams.get("nonce") ?? undefined;
    return location;
  }

  const callback = (client: TestClient, location: URL) =>
    returnFromProvider(client, id, c, location);

  it("sends the browser to the documented authorization URL with its scope and checks", async () => {
    const location = await signIn(setup().client);
    expect(`${location.origin}${location.pathname}`).toBe(c.authorization.url);
    const query = Object.fromEntries(location.searchParams);
    const { order } = c.authorization;
    if (order) expect([...location.searchParams.keys()]).toEqual(order);
    expect(query).toMatchObject({
      ...(!order || order.includes("client_id") ? { client_id: clientId } : {}),
      redirect_uri: `${origin}/auth/callback/${id}`,
      response_type: "code",
      ...c.authorization.params,
    });
    if (c.clientIdParameter) expect(query[c.clientIdParameter]).toBe(clientId);
    expect(query.scope).toBe(c.authorization.scope ?? undefined);
    expect(query.code_challenge_method).toBe(c.authorization.pkce ? "S256" : undefined);
    expect(Boolean(query.code_challenge)).toBe(c.authorization.pkce);
    expect(Boolean(query.state)).toBe(c.authorization.state);
    expect(Boolean(query.nonce)).toBe(c.authorization.nonce);
    // The catalogue (docs, CLI) says what the preset does.
    expect(catalogue.scopes).toBe(c.authorization.scope ?? undefined);
    expect([...(catalogue.checks ?? [])].sort()).toEqual(
      (["pkce", "state", "nonce"] as const).filter((check) => c.authorization[check]).sort(),
    );
  });

  it("redeems the code with its client authentication and PKCE verifier, and maps the profile", async () => {
    const { client, signIns, errors } = setup();
    const location = await signIn(client);
    const response = await callback(client, location);
    expect(errors).toEqual([]);
    expect(fake.state.unknown).toEqual([]);
    expect(response.headers.get("location")).toBe(origin);
    expect(setCookie(response, "__Host-authjs.session-token")).toBeDefined();

    const [token] = fake.tokenRequests();
    const form =
      c.token.method === "GET"
        ? new URL(token!.url).searchParams
        : new URLSearchParams(token!.body);
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("code")).toBe("code-from-the-provider");
    expect(form.get("redirect_uri")).toBe(
      c.token.redirectUri === false ? null : `${origin}/auth/callback/${id}`,
    );
    if (c.token.authMethod === "client_secret_basic") {
      // RFC 6749 §2.3.1: each half form-urlencoded, then Base64.
      const basic = /^Basic (.+)$/.exec(token!.headers.authorization ?? "")?.[1] ?? "";
      const [user, password] = Buffer.from(basic, "base64").toString().split(":").map(formDecode);
      expect([user, password]).toEqual([clientId, clientSecret]);
      expect(form.get("client_secret")).toBeNull();
    } else {
      expect(token!.headers.authorization).toBeUndefined();
      const names = c.token.credentialNames ?? {
        clientId: "client_id",
        clientSecret: "client_secret",
      };
      expect([form.get(names.clientId), form.get(names.clientSecret)]).toEqual([
        clientId,
        clientSecret,
      ]);
    }
    if (c.clientIdParameter) expect(form.get(c.clientIdParameter)).toBe(clientId);
    const verifier = form.get("code_verifier");
    if (c.authorization.pkce) {
      const challenge = createHash("sha256")
        .update(verifier ?? "")
        .digest("base64url");
      expect(challenge).toBe(location.searchParams.get("code_challenge"));
    } else expect(verifier).toBeNull();

    // The profile's id is the account's; the user gets its own (random without an adapter).
    const { id: accountId, ...shown } = c.user;
    expect(signIns).toHaveLength(1);
    expect(signIns[0]!.providerAccountId).toBe(accountId);
    expect(signIns[0]!.user).toMatchObject(shown);
    // A claim the case leaves out is one the provider did not send: left out, not null.
    for (const claim of ["name", "email", "image"] as const)
      if (!(claim in shown)) expect(signIns[0]!.user[claim]).toBeUndefined();
    expect(await client.session()).toMatchObject({ user: withoutNulls(shown) });
  });

  it("ends on the error page without a session when the token endpoint answers its error", async () => {
    const { client, signIns, errors } = setup();
    fake.state.mode = "token-error";
    const response = await callback(client, await signIn(client));
    expect(response.headers.get("location")).toBe(`${origin}/auth/signin?error=OAuthCallbackError`);
    expect(setCookie(response, "__Host-authjs.session-token")).toBeUndefined();
    expect(signIns).toEqual([]);
    expect(errors.at(-1)?.name).toBe("OAuthCallbackError");
  });

  it.skipIf(!c.userinfo)("ends without a session when the profile request fails", async () => {
    const { client, signIns, errors } = setup();
    fake.state.mode = "userinfo-error";
    const response = await callback(client, await signIn(client));
    // The standard profile request fails as OAuthCallbackError; a preset's own request (GitHub,
    // Notion) throws, which ends as Configuration. Either way: an error page, no session.
    expect(response.headers.get("location")).toMatch(
      /^https:\/\/app\.test\/auth\/(signin\?error=OAuthCallbackError|error\?error=Configuration)$/,
    );
    expect(setCookie(response, "__Host-authjs.session-token")).toBeUndefined();
    expect(signIns).toEqual([]);
    expect(fake.requestsTo(c.userinfo!.url)).toHaveLength(1);
    expect(errors).not.toEqual([]);
  });
});

function withoutNulls(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

const formDecode = (value: string | undefined) =>
  decodeURIComponent((value ?? "").replaceAll("+", " "));
