import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import OIDC from "../../src/providers/oidc.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { startMockOP, type TokenBehaviour } from "./mock-op.js";

const clientId = "mock-client";
const clientSecret = "mock-client-secret-0123456789";
let op: Awaited<ReturnType<typeof startMockOP>>;
let other: Awaited<ReturnType<typeof startMockOP>>;
let config: AuthConfig;
let logs: ReturnType<typeof captureLogger>;

beforeAll(async () => {
  op = await startMockOP({ clientId, clientSecret });
  other = await startMockOP({ clientId, clientSecret });
});
afterAll(async () => {
  await op.close();
  await other.close();
});
beforeEach(() => {
  op.state.tokenRequests = 0;
  other.state.tokenRequests = 0;
  op.state.behaviour = {};
  logs = captureLogger();
  config = {
    secret: SECRET,
    trustHost: true,
    logger: logs.logger,
    providers: [
      OIDC({
        id: "mock",
        name: "Mock",
        issuer: op.issuer,
        clientId,
        clientSecret,
        checks: ["pkce", "state", "nonce"],
      }),
      OIDC({
        id: "other",
        name: "Other",
        issuer: other.issuer,
        clientId,
        clientSecret,
        checks: ["pkce", "state", "nonce"],
      }),
    ],
  };
});

/** Starts a sign-in like the built-in page does; returns the authorization request's parameters. */
async function startSignIn(client: TestClient, provider = "mock") {
  const csrfToken = await client.csrfToken();
  const response = await client.request(`/auth/signin/${provider}`, { form: { csrfToken } });
  expect(response.status).toBe(302);
  const authorization = new URL(response.headers.get("location")!);
  const target = provider === "other" ? other : op;
  target.state.nonce = authorization.searchParams.get("nonce") ?? undefined;
  return authorization.searchParams;
}

function callback(client: TestClient, params: Record<string, string>, provider = "mock") {
  return client.request(`/auth/callback/${provider}?${new URLSearchParams(params)}`);
}

const checkCookies = ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"];

async function expectRefused(response: Response, error: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(
    error === "Configuration"
      ? "http://localhost:3000/auth/error?error=Configuration"
      : `http://localhost:3000/auth/signin?error=${error}`,
  );
  expect(setCookie(response, "authjs.session-token")).toBeUndefined();
}

describe("a well-behaved provider (the harness itself)", () => {
  it("signs in, and tokens never reach the browser", async () => {
    const client = new TestClient(config);
    const params = await startSignIn(client);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("redirect_uri")).toBe("http://localhost:3000/auth/callback/mock");
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: op.issuer,
    });
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(op.state.tokenRequests).toBe(1);
    const everything = JSON.stringify([...response.headers]);
    expect(everything).not.toContain("SECRET");
    await expect(client.session()).resolves.toMatchObject({
      user: { email: "mock@example.test", name: "Mock User" },
    });
  });
});

describe("browser-bound checks fail before any token request", () => {
  it("state mismatch", async () => {
    const client = new TestClient(config);
    await startSignIn(client);
    await expectRefused(
      await callback(client, { code: "c", state: "forged", iss: op.issuer }),
      "Configuration",
    );
    expect(op.state.tokenRequests).toBe(0);
    expect(logs.errors.at(-1)?.name).toBe("InvalidCheck");
  });

  it("stripped state, and missing check cookies", async () => {
    const client = new TestClient(config);
    const params = await startSignIn(client);
    await expectRefused(await callback(client, { code: "c", iss: op.issuer }), "Configuration");
    const noCookies = new TestClient(config);
    await expectRefused(
      await callback(noCookies, { code: "c", state: params.get("state")!, iss: op.issuer }),
      "Configuration",
    );
    expect(op.state.tokenRequests).toBe(0);
  });

  it("check cookies issued for another provider (mix-up)", async () => {
    const client = new TestClient(config);
    const params = await startSignIn(client, "other");
    // The code and state of "other", delivered to "mock"'s callback: mock's cookies are absent
    // and other's are bound to "other".
    for (const name of ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"])
      expect(client.jar.has(name)).toBe(true);
    await expectRefused(
      await callback(client, { code: "c", state: params.get("state")!, iss: other.issuer }),
      "Configuration",
    );
    expect(op.state.tokenRequests + other.state.tokenRequests).toBe(0);
  });

  it("a replayed callback (back button, reload, a leaked URL)", async () => {
    const client = new TestClient(config);
    const params = await startSignIn(client);
    const url = { code: "c", state: params.get("state")!, iss: op.issuer };
    const first = await callback(client, url);
    expect(setCookie(first, "authjs.session-token")).toBeDefined();
    for (const name of ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"]) {
      expect(setCookie(first, name)?.attributes["max-age"]).toBe("0");
      expect(client.jar.has(name)).toBe(false);
    }
    client.jar.delete("authjs.session-token");
    await expectRefused(await callback(client, url), "Configuration");
    await expectRefused(await callback(new TestClient(config), url), "Configuration");
    expect(op.state.tokenRequests).toBe(1);
  });

  it("a wrong or missing iss when the provider advertises it (RFC 9207)", async () => {
    const client = new TestClient(config);
    const params = await startSignIn(client);
    await expectRefused(
      await callback(client, { code: "c", state: params.get("state")!, iss: other.issuer }),
      "Configuration",
    );
    const again = new TestClient(config);
    const params2 = await startSignIn(again);
    await expectRefused(
      await callback(again, { code: "c", state: params2.get("state")! }),
      "Configuration",
    );
    expect(op.state.tokenRequests).toBe(0);
  });

  it("the provider's error=access_denied, never reflected; the flow's check cookies are cleared", async () => {
    const client = new TestClient(config);
    const params = await startSignIn(client);
    const response = await callback(client, {
      error: "access_denied",
      error_description: "<script>alert(1)</script>",
      state: params.get("state")!,
      iss: op.issuer,
    });
    await expectRefused(response, "OAuthCallbackError");
    for (const name of checkCookies)
      expect(setCookie(response, name)?.attributes["max-age"]).toBe("0");
    expect(op.state.tokenRequests).toBe(0);
  });
});

describe("an error response is validated like a success (RFC 9207 §2.4)", () => {
  it.each([
    ["a wrong iss", (state: string) => ({ state, iss: "https://evil.example" })],
    ["no iss although the provider advertises it", (state: string) => ({ state })],
    ["a wrong state", () => ({ state: "forged", iss: op.issuer })],
    ["no state", () => ({ iss: op.issuer })],
  ])("%s: InvalidCheck, and the flow in progress survives", async (_label, forge) => {
    const client = new TestClient(config);
    const params = await startSignIn(client);
    const forged = await callback(client, {
      error: "access_denied",
      ...forge(params.get("state")!),
    });
    await expectRefused(forged, "Configuration");
    expect(logs.errors.at(-1)?.name).toBe("InvalidCheck");
    for (const name of checkCookies) expect(setCookie(forged, name)).toBeUndefined();

    // The forged response consumed nothing: the real one still signs the user in.
    const real = await callback(client, { code: "c", state: params.get("state")!, iss: op.issuer });
    expect(setCookie(real, "authjs.session-token")).toBeDefined();
  });
});

const lies: [string, TokenBehaviour, string][] = [
  ["a nonce mismatch", { claims: { nonce: "other-nonce" } }, "Configuration"],
  ["a bad ID-token signature (foreign key)", { foreignKey: true }, "OAuthCallbackError"],
  ["an unsigned ID token (alg none)", { unsigned: true }, "OAuthCallbackError"],
  [
    "an HS256 ID token keyed with the client secret",
    { hmacWithClientSecret: true },
    "OAuthCallbackError",
  ],
  ["a wrong audience", { claims: { aud: "someone-else" } }, "OAuthCallbackError"],
  [
    "an extra untrusted audience with another azp",
    { claims: { aud: [clientId, "evil"], azp: "evil" } },
    "OAuthCallbackError",
  ],
  [
    "an azp naming another client (one audience)",
    { claims: { azp: "evil" } },
    "OAuthCallbackError",
  ],
  [
    "a wrong issuer in the ID token",
    { claims: { iss: "https://evil.example" } },
    "OAuthCallbackError",
  ],
  [
    "an expired ID token",
    { claims: { exp: Math.floor(Date.now() / 1000) - 3600 } },
    "OAuthCallbackError",
  ],
  [
    "an error body",
    { errorBody: { status: 400, body: { error: "invalid_grant" } } },
    "OAuthCallbackError",
  ],
  [
    "an error member in a 200",
    { errorBody: { status: 200, body: { error: "server_error" } } },
    "OAuthCallbackError",
  ],
  ["no access_token", { omit: ["access_token"] }, "OAuthCallbackError"],
  ["no ID token for OIDC", { omit: ["id_token"] }, "OAuthCallbackError"],
  ["an ID token without iat", { claims: { iat: undefined } }, "OAuthCallbackError"],
  [
    "an ID token issued in the future",
    { claims: { iat: Math.floor(Date.now() / 1000) + 600 } },
    "OAuthCallbackError",
  ],
];

describe("ID token iat: present and not in the future, but no maximum age", () => {
  // exp, nonce, state and PKCE already bind the token to this flow, and providers may hand out
  // an ID token they issued (and cached) long before this sign-in.
  it.each([
    ["issued two hours ago (still valid)", -2 * 60 * 60],
    ["issued 20 s in the future (within the clock skew)", 20],
  ])("accepts an ID token %s", async (_label, offset) => {
    op.state.behaviour = { claims: { iat: Math.floor(Date.now() / 1000) + offset } };
    const client = new TestClient(config);
    const params = await startSignIn(client);
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: op.issuer,
    });
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Mock User" } });
  });
});

describe("a lying token endpoint never yields a session", () => {
  it.each(lies)("%s", async (_label, behaviour, error) => {
    op.state.behaviour = behaviour;
    const client = new TestClient(config);
    const params = await startSignIn(client);
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: op.issuer,
    });
    await expectRefused(response, error);
    expect(op.state.tokenRequests).toBe(1);
    await expect(client.session()).resolves.toBeNull();
  });
});
