import { beforeEach, describe, expect, it } from "vitest";
import { captureLogger, type HttpTestClient, SECRET, setCookie } from "../helpers.js";
import { clientId, useMockOP } from "../oauth/harness.js";
import type { TokenBehaviour } from "../oauth/mock-op.js";
import { useServer } from "./server.js";

// OAuth 2 / OpenID Connect attacks against a real server, with two misbehaving providers whose
// token endpoints lie on demand (RFC 9700, RFC 9207, OIDC Core §3.1.3.7).

const mock = useMockOP();
const other = useMockOP();
let logs = captureLogger();
const server = useServer(() => ({
  secret: SECRET,
  trustHost: true,
  logger: {
    error: (error) => logs.logger.error(error),
    warn: (code) => logs.logger.warn(code),
    debug: () => {},
  },
  providers: [mock.oidc(), other.oidc({ id: "other", name: "Other" })],
}));
beforeEach(() => {
  logs = captureLogger();
});

const checkCookies = ["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"];
const tokenRequests = () => mock.op.state.tokenRequests + other.op.state.tokenRequests;

function callback(client: HttpTestClient, params: Record<string, string>, provider = "mock") {
  return client.request(`/auth/callback/${provider}?${new URLSearchParams(params)}`);
}

async function expectRefused(client: HttpTestClient, response: Response, error: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(
    error === "Configuration"
      ? `${server().origin}/auth/error?error=Configuration`
      : `${server().origin}/auth/signin?error=${error}`,
  );
  expect(setCookie(response, "authjs.session-token")).toBeUndefined();
  await expect(client.session()).resolves.toBeNull();
}

describe("the honest flow (so every refusal below can fail)", () => {
  it("signs in with PKCE S256, state, nonce and the fixed redirect_uri; no token reaches the browser", async () => {
    const client = server().client();
    const { response: start, params } = await mock.signIn(client);
    expect(start.status).toBe(302);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("state")!.length).toBeGreaterThanOrEqual(43);
    expect(params.get("redirect_uri")).toBe(`${server().origin}/auth/callback/mock`);
    for (const name of checkCookies)
      expect(setCookie(start, name)?.attributes).toMatchObject({ httponly: true });
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(server().origin);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(mock.op.state.lastTokenRequest?.body.get("redirect_uri")).toBe(
      `${server().origin}/auth/callback/mock`,
    );
    const session = await client.request("/auth/session");
    const seen = JSON.stringify([...response.headers, ...session.headers, await session.text()]);
    expect(seen).toContain("Mock User");
    expect(seen).not.toContain("SECRET"); // access and refresh tokens
    expect(seen).not.toContain(".ey"); // no ID token either
  });
});

describe("browser-bound checks fail before any token request", () => {
  it.each([
    ["a forged state", (state: string) => ({ code: "c", state: `${state}x`, iss: "" })],
    ["a stripped state", () => ({ code: "c", iss: "" })],
    ["an empty state", () => ({ code: "c", state: "", iss: "" })],
  ])("%s", async (_label, forge) => {
    const client = server().client();
    const { params } = await mock.signIn(client);
    const response = await callback(client, {
      ...forge(params.get("state")!),
      iss: mock.op.issuer,
    });
    await expectRefused(client, response, "Configuration");
    expect(tokenRequests()).toBe(0);
  });

  it.each(checkCookies)("the %s cookie stripped", async (name) => {
    const client = server().client();
    const { params } = await mock.signIn(client);
    client.jar.delete(name);
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    await expectRefused(client, response, "Configuration");
    expect(tokenRequests()).toBe(0);
  });

  it("check cookies forged or swapped between two flows of the same browser", async () => {
    const client = server().client();
    await mock.signIn(client);
    const first = new Map(client.jar);
    const { params } = await mock.signIn(client);
    client.jar.set("authjs.pkce.code_verifier", first.get("authjs.pkce.code_verifier")!);
    client.jar.set("authjs.nonce", "forged");
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    await expectRefused(client, response, "Configuration");
    expect(tokenRequests()).toBe(0);
  });

  it("a code delivered without any flow started (login CSRF, stolen code)", async () => {
    const client = server().client();
    const victimFlow = server().client();
    const { params } = await mock.signIn(victimFlow);
    const response = await callback(client, {
      code: "stolen",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    await expectRefused(client, response, "Configuration");
    expect(tokenRequests()).toBe(0);
  });

  it("mix-up: the other provider's code and state delivered to this provider's callback", async () => {
    const client = server().client();
    const { params } = await other.signIn(client, "other");
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: other.op.issuer,
    });
    await expectRefused(client, response, "Configuration");
    expect(tokenRequests()).toBe(0);
  });

  it("mix-up: this provider's callback answered with the other issuer's iss", async () => {
    const client = server().client();
    const { params } = await mock.signIn(client);
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: other.op.issuer,
    });
    await expectRefused(client, response, "Configuration");
    expect(tokenRequests()).toBe(0);
  });

  it.each([
    ["missing although advertised", undefined],
    ["empty", ""],
    ["with a trailing slash", "/"],
    ["in other case", "upper"],
  ])("RFC 9207 iss %s", async (_label, variant) => {
    const client = server().client();
    const { params } = await mock.signIn(client);
    const query: Record<string, string> = { code: "c", state: params.get("state")! };
    if (variant === "/") query.iss = `${mock.op.issuer}/`;
    else if (variant === "upper") query.iss = mock.op.issuer.toUpperCase();
    else if (variant !== undefined) query.iss = variant;
    await expectRefused(client, await callback(client, query), "Configuration");
    expect(tokenRequests()).toBe(0);
  });

  it("a replayed callback: the first one spends the checks", async () => {
    const client = server().client();
    const { params } = await mock.signIn(client);
    const url = { code: "c", state: params.get("state")!, iss: mock.op.issuer };
    const first = await callback(client, url);
    expect(setCookie(first, "authjs.session-token")).toBeDefined();
    for (const name of checkCookies)
      expect(setCookie(first, name)?.attributes["max-age"]).toBe("0");
    // The same URL again: in the same browser (the back button) and in a fresh one (a leak).
    client.jar.delete("authjs.session-token");
    await expectRefused(client, await callback(client, url), "Configuration");
    await expectRefused(server().client(), await callback(server().client(), url), "Configuration");
    expect(tokenRequests()).toBe(1);
  });

  it.each([
    ["a wrong iss", (state: string) => ({ state, iss: "https://evil.example" })],
    ["no iss although the provider advertises it", (state: string) => ({ state })],
    ["a wrong state", () => ({ state: "forged", iss: mock.op.issuer })],
    ["no state", () => ({ iss: mock.op.issuer })],
  ])("an error response with %s is InvalidCheck and leaves the real flow intact (RFC 9207 §2.4)", async (_label, forge) => {
    const client = server().client();
    const { params } = await mock.signIn(client);
    const forged = await callback(client, {
      error: "access_denied",
      ...forge(params.get("state")!),
    });
    expect(forged.headers.get("location")).toBe(
      `${server().origin}/auth/error?error=Configuration`,
    );
    expect(logs.errors.at(-1)?.name).toBe("InvalidCheck");
    for (const name of checkCookies) expect(setCookie(forged, name)).toBeUndefined();
    const real = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    expect(setCookie(real, "authjs.session-token")).toBeDefined();
  });

  it("a hostile error_description is never reflected", async () => {
    const client = server().client();
    const { params } = await mock.signIn(client);
    const response = await callback(client, {
      error: "<img src=x onerror=alert(1)>",
      error_description: "<script>alert(1)</script>",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    await expectRefused(client, response, "OAuthCallbackError");
    // The provider's genuine refusal ends the flow: its check cookies are cleared.
    for (const name of checkCookies)
      expect(setCookie(response, name)?.attributes["max-age"]).toBe("0");
    expect(tokenRequests()).toBe(0);
    const page = await client.request("/auth/signin?error=OAuthCallbackError");
    const html = await page.text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("onerror");
  });
});

const now = () => Math.floor(Date.now() / 1000);
const lies: [string, () => TokenBehaviour, string][] = [
  ["a nonce mismatch", () => ({ claims: { nonce: "other-nonce" } }), "Configuration"],
  ["no nonce in the ID token", () => ({ claims: { nonce: undefined } }), "OAuthCallbackError"],
  ["alg none", () => ({ unsigned: true }), "OAuthCallbackError"],
  [
    "HS256 keyed with the client secret",
    () => ({ hmacWithClientSecret: true }),
    "OAuthCallbackError",
  ],
  ["a key not in the provider's JWKS", () => ({ foreignKey: true }), "OAuthCallbackError"],
  ["a wrong audience", () => ({ claims: { aud: "someone-else" } }), "OAuthCallbackError"],
  [
    "an extra untrusted audience and azp",
    () => ({ claims: { aud: [clientId, "evil"], azp: "evil" } }),
    "OAuthCallbackError",
  ],
  [
    "an azp naming another client (one audience)",
    () => ({ claims: { azp: "evil" } }),
    "OAuthCallbackError",
  ],
  ["another issuer", () => ({ claims: { iss: "https://evil.example" } }), "OAuthCallbackError"],
  ["an expired ID token", () => ({ claims: { exp: now() - 3600 } }), "OAuthCallbackError"],
  ["iat in the future", () => ({ claims: { iat: now() + 600 } }), "OAuthCallbackError"],
  ["no iat", () => ({ claims: { iat: undefined } }), "OAuthCallbackError"],
  ["no sub", () => ({ claims: { sub: undefined } }), "OAuthCallbackError"],
  [
    "an error body",
    () => ({ errorBody: { status: 400, body: { error: "invalid_grant" } } }),
    "OAuthCallbackError",
  ],
  [
    "an error member in a 200",
    () => ({ errorBody: { status: 200, body: { error: "x" } } }),
    "OAuthCallbackError",
  ],
  ["a 500", () => ({ errorBody: { status: 500, body: "<html>oops" } }), "OAuthCallbackError"],
  [
    "a non-JSON 200",
    () => ({ errorBody: { status: 200, body: "not json" } }),
    "OAuthCallbackError",
  ],
  ["no access_token", () => ({ omit: ["access_token"] }), "OAuthCallbackError"],
  ["no token_type", () => ({ omit: ["token_type"] }), "OAuthCallbackError"],
  ["no ID token", () => ({ omit: ["id_token"] }), "OAuthCallbackError"],
  [
    "an ID token that is not a JWT",
    () => ({ fields: { id_token: "garbage" } }),
    "OAuthCallbackError",
  ],
];

describe("ID token iat: present and not in the future, but no maximum age", () => {
  // exp, nonce, state and PKCE already bind the token to this flow, and providers may hand out
  // an ID token they issued (and cached) long before this sign-in.
  it.each([
    ["issued two hours ago (still valid)", -2 * 60 * 60],
    ["issued 10 s in the future (within the clock skew)", 10],
  ])("accepts an ID token %s", async (_label, offset) => {
    mock.op.state.behaviour = { claims: { iat: now() + offset } };
    const client = server().client();
    const { params } = await mock.signIn(client);
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    expect(response.headers.get("location")).toBe(server().origin);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Mock User" } });
  });
});

describe("a lying token endpoint never yields a session", () => {
  it.each(lies)("%s", async (_label, behaviour, error) => {
    mock.op.state.behaviour = behaviour();
    const client = server().client();
    const { params } = await mock.signIn(client);
    const response = await callback(client, {
      code: "c",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    expect(mock.op.state.tokenRequests).toBe(1);
    await expectRefused(client, response, error);
    expect(JSON.stringify([...response.headers])).not.toContain("SECRET");
  });
});

describe("the authorization request cannot be steered", () => {
  it("a flow cannot be started from another site: no CSRF token, no redirect to the provider", async () => {
    const client = server().client();
    await client.csrfToken();
    for (const form of [{}, { csrfToken: "f".repeat(64) }] as Record<string, string>[]) {
      const response = await client.request("/auth/signin/mock", { form });
      expect(response.headers.get("location")).toBe(
        `${server().origin}/auth/signin?error=MissingCSRF`,
      );
      for (const name of checkCookies) expect(setCookie(response, name)).toBeUndefined();
    }
  });

  it("sign-in parameters cannot override redirect_uri, response_type, response_mode or PKCE", async () => {
    const client = server().client();
    const csrfToken = await client.csrfToken();
    const hostile = new URLSearchParams({
      redirect_uri: "https://evil.example/cb",
      response_type: "token id_token",
      response_mode: "fragment",
      code_challenge_method: "plain",
      client_id: "evil",
      state: "attacker",
    });
    const response = await client.request(`/auth/signin/mock?${hostile}`, {
      form: { csrfToken, redirect_uri: "https://evil.example/cb" },
    });
    const params = new URL(response.headers.get("location")!).searchParams;
    expect(params.get("redirect_uri")).toBe(`${server().origin}/auth/callback/mock`);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("client_id")).toBe(clientId);
    expect(params.get("state")).not.toBe("attacker");
    expect(params.getAll("redirect_uri")).toHaveLength(1);
    expect(params.has("response_mode") ? params.get("response_mode") : "query").not.toBe(
      "fragment",
    );
  });
});
