import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import OIDC from "../../src/providers/oidc.js";
import type { OAuthUserConfig, Provider } from "../../src/providers/types.js";
import { customFetch } from "../../src/symbols.js";
import type { AuthConfig, Profile } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { startMockOP } from "./mock-op.js";

const clientId = "mock-client";
const clientSecret = "mock-client-secret-0123456789";
let op: Awaited<ReturnType<typeof startMockOP>>;

beforeAll(async () => {
  op = await startMockOP({ clientId, clientSecret });
});
afterAll(() => op.close());
beforeEach(() => {
  op.state.tokenRequests = 0;
  op.state.behaviour = {};
});

const oidc = (options: OAuthUserConfig<Profile> = {}) =>
  OIDC({
    id: "mock",
    name: "Mock",
    issuer: op.issuer,
    clientId,
    clientSecret,
    checks: ["pkce", "state", "nonce"],
    ...options,
  });

function config(extra: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    providers: [oidc()],
    ...extra,
  };
}

async function signIn(client: TestClient, provider = "mock") {
  const csrfToken = await client.csrfToken();
  const response = await client.request(`/auth/signin/${provider}`, { form: { csrfToken } });
  const params = new URL(response.headers.get("location")!).searchParams;
  op.state.nonce = params.get("nonce") ?? undefined;
  return { response, params };
}

async function complete(client: TestClient, provider = "mock") {
  const { params } = await signIn(client, provider);
  return client.request(
    `/auth/callback/${provider}?${new URLSearchParams({ code: "c", state: params.get("state") ?? "", iss: op.issuer })}`,
  );
}

describe("redirect proxy (reference §4.6)", () => {
  const proxyConfig = () => config({ redirectProxyUrl: "http://proxy.test/auth" });

  it("bounces the callback from the proxy to the deployment that started the flow", async () => {
    const preview = new TestClient(proxyConfig(), "http://preview.test");
    const { params } = await signIn(preview);
    expect(params.get("redirect_uri")).toBe("http://proxy.test/auth/callback/mock");
    const callback = { code: "c", state: params.get("state")!, iss: op.issuer };

    const proxy = new TestClient(proxyConfig(), "http://proxy.test");
    const bounce = await proxy.request(`/auth/callback/mock?${new URLSearchParams(callback)}`);
    const target = new URL(bounce.headers.get("location")!);
    expect(target.origin + target.pathname).toBe("http://preview.test/auth/callback/mock");
    expect(Object.fromEntries(target.searchParams)).toEqual(callback);
    expect(op.state.tokenRequests).toBe(0);

    const finished = await preview.request(`${target.pathname}${target.search}`);
    expect(setCookie(finished, "authjs.session-token")).toBeDefined();
    expect(op.state.tokenRequests).toBe(1);
  });

  it("refuses a state the proxy cannot decrypt", async () => {
    const proxy = new TestClient(proxyConfig(), "http://proxy.test");
    const response = await proxy.request(
      `/auth/callback/mock?code=c&state=tampered&iss=${encodeURIComponent(op.issuer)}`,
    );
    expect(response.headers.get("location")).toBe(
      "http://proxy.test/auth/error?error=Configuration",
    );
    expect(op.state.tokenRequests).toBe(0);
  });
});

describe("response_mode=form_post (Apple style)", () => {
  const formPost = () =>
    config({
      providers: [
        oidc({
          authorization: { params: { response_mode: "form_post" } },
          profile: (p) => ({
            id: p.sub!,
            name: (p.user as { name?: string } | undefined)?.name ?? p.name,
            email: p.email,
          }),
        }),
      ],
    });

  it("makes the check cookies cross-site and reads the callback from the POST body", async () => {
    const client = new TestClient(formPost(), "https://app.test");
    const { response, params } = await signIn(client);
    expect(params.get("response_mode")).toBe("form_post");
    for (const name of [
      "__Secure-authjs.state",
      "__Secure-authjs.pkce.code_verifier",
      "__Secure-authjs.nonce",
    ]) {
      expect(setCookie(response, name)?.attributes).toMatchObject({
        samesite: "None",
        secure: true,
      });
    }
    const callback = await client.request("/auth/callback/mock", {
      form: {
        code: "c",
        state: params.get("state")!,
        iss: op.issuer,
        user: JSON.stringify({ name: "Tim Apple" }),
      },
    });
    expect(setCookie(callback, "__Secure-authjs.session-token")).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Tim Apple" } });
  });

  it("a response_mode in the sign-in query cannot switch it on", async () => {
    const client = new TestClient(config());
    const csrfToken = await client.csrfToken();
    const response = await client.request(
      "/auth/signin/mock?response_mode=form_post&prompt=login&redirect_uri=https://evil.test",
      {
        form: { csrfToken },
      },
    );
    const params = new URL(response.headers.get("location")!).searchParams;
    expect(params.get("response_mode")).toBeNull();
    expect(params.get("prompt")).toBe("login");
    expect(params.get("redirect_uri")).toBe("http://localhost:3000/auth/callback/mock");
  });
});

describe("a plain OAuth 2 provider (userinfo, no ID token)", () => {
  const plain = (): Provider => ({
    id: "plain",
    name: "Plain",
    type: "oauth",
    clientId,
    clientSecret,
    authorization: { url: `${op.issuer}/authorize`, params: { scope: "read:user" } },
    token: `${op.issuer}/token`,
    userinfo: `${op.issuer}/userinfo`,
    profile: (p: Record<string, unknown>) => ({
      id: String(p.id),
      name: String(p.login),
      email: String(p.email),
    }),
  });

  it("signs in with the userinfo profile and keeps the configured scope", async () => {
    op.state.behaviour = { omit: ["id_token"] };
    const client = new TestClient(config({ providers: [plain()] }));
    const { params } = await signIn(client, "plain");
    expect(params.get("scope")).toBe("read:user");
    expect(params.get("nonce")).toBeNull();
    const response = await client.request(
      `/auth/callback/plain?code=c&iss=${encodeURIComponent(op.issuer)}`,
    );
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({
      user: { name: "octo", email: "octo@example.test" },
    });
  });

  it("adds no OIDC scope when none is configured (Auth.js quirk §11 item 26)", async () => {
    const provider = { ...plain(), authorization: `${op.issuer}/authorize` } as Provider;
    const { params } = await signIn(new TestClient(config({ providers: [provider] })), "plain");
    expect(params.get("scope")).toBeNull();
  });
});

describe("account creation and linking with an adapter (stricter than Auth.js)", () => {
  function setup(options: OAuthUserConfig<Profile> = {}, extra: Partial<AuthConfig> = {}) {
    const adapter = memoryAdapter();
    const events = { createUser: vi.fn(), linkAccount: vi.fn(), signIn: vi.fn() };
    const cfg = config({ adapter, events, providers: [oidc(options)], ...extra });
    return { adapter, events, cfg, client: new TestClient(cfg) };
  }

  it("creates the user and account once, and finds them on the next sign-in", async () => {
    const { adapter, events, cfg, client } = setup();
    await complete(client);
    await complete(new TestClient(cfg));
    expect(events.createUser).toHaveBeenCalledTimes(1);
    expect(events.linkAccount).toHaveBeenCalledTimes(1);
    expect(events.signIn).toHaveBeenCalledTimes(2);
    expect(events.signIn.mock.calls[0]![0]).toMatchObject({
      isNewUser: true,
      account: { provider: "mock" },
      profile: { sub: "mock-user" },
    });
    expect(events.signIn.mock.calls[1]![0]).toMatchObject({ isNewUser: false });
    const account = await adapter.getAccount("mock-user", "mock");
    expect(account).toMatchObject({
      type: "oidc",
      access_token: "mock-access-token-SECRET",
      refresh_token: "mock-refresh-token-SECRET",
    });
    expect(account!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
  });

  it.each([
    ["the provider does not allow it", {}, new Date(), true],
    ["the local email is not verified", { allowDangerousEmailAccountLinking: true }, null, true],
    [
      'the provider says email_verified "false"',
      { allowDangerousEmailAccountLinking: true },
      new Date(),
      "false",
    ],
    [
      "the provider says nothing about verification",
      { allowDangerousEmailAccountLinking: true },
      new Date(),
      undefined,
    ],
  ] as const)("never links by email when %s", async (_label, options, localVerified, providerVerified) => {
    op.state.behaviour = { claims: { email_verified: providerVerified as never } };
    const { adapter, client, events } = setup(options);
    await adapter.createUser({
      id: "local",
      email: "mock@example.test",
      emailVerified: localVerified,
    });
    const response = await complete(client);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=OAuthAccountNotLinked",
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    expect(await adapter.getAccount("mock-user", "mock")).toBeNull();
    expect(events.createUser).not.toHaveBeenCalled();
  });

  it("links by email when allowed, the local email is verified and the provider verified it", async () => {
    const { adapter, client, events } = setup({ allowDangerousEmailAccountLinking: true });
    await adapter.createUser({
      id: "local",
      email: "mock@example.test",
      emailVerified: new Date(),
    });
    const response = await complete(client);
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    expect(
      await adapter.getUserByAccount({ provider: "mock", providerAccountId: "mock-user" }),
    ).toMatchObject({ id: "local" });
    expect(events.createUser).not.toHaveBeenCalled();
    expect(events.linkAccount).toHaveBeenCalledTimes(1);
  });

  it("links a new account to the signed-in user, and refuses one owned by someone else", async () => {
    const credentials = Credentials({
      authorize: () => ({ id: "u-signed-in", email: "me@example.test" }),
    });
    const { adapter, cfg } = setup({}, { session: { strategy: "jwt" } });
    const withCredentials = { ...cfg, providers: [...cfg.providers, credentials] };
    await adapter.createUser({ id: "u-signed-in", email: "me@example.test", emailVerified: null });
    const client = new TestClient(withCredentials);
    await client.signInWithCredentials({});
    await complete(client);
    expect(
      await adapter.getUserByAccount({ provider: "mock", providerAccountId: "mock-user" }),
    ).toMatchObject({ id: "u-signed-in" });

    await adapter.createUser({ id: "u-other", email: "other@example.test", emailVerified: null });
    const intruder = new TestClient({
      ...withCredentials,
      providers: [cfg.providers[0]!, Credentials({ authorize: () => ({ id: "u-other" }) })],
    });
    await intruder.signInWithCredentials({});
    const response = await complete(intruder);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=OAuthAccountNotLinked",
    );
  });

  it("leaves no user behind when linking the new account fails", async () => {
    const { adapter, client } = setup();
    adapter.linkAccount = () => {
      throw new Error("disk full");
    };
    const response = await complete(client);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
    expect(await adapter.getUserByEmail("mock@example.test")).toBeNull();
  });
});

describe("failures", () => {
  it("profile() throwing sends the user back to sign-in with an error, no session", async () => {
    const { logger, errors } = captureLogger();
    const client = new TestClient(
      config({
        logger,
        providers: [
          oidc({
            profile: () => {
              throw new Error("bad shape");
            },
          }),
        ],
      }),
    );
    const response = await complete(client);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=Callback",
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    expect(errors.at(-1)?.name).toBe("OAuthProfileParseError");
  });

  it("plain HTTP to a non-loopback provider is refused before any request, unless opted in", async () => {
    const calls: string[] = [];
    const recording = (async (url: string | URL | Request) => {
      calls.push(String(url));
      throw new Error("offline");
    }) as typeof fetch;
    const client = new TestClient(
      config({ providers: [oidc({ issuer: "http://idp.example", [customFetch]: recording })] }),
    );
    const csrfToken = await client.csrfToken();
    const refused = await client.request("/auth/signin/mock", { form: { csrfToken } });
    expect(refused.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Configuration",
    );
    expect(calls).toEqual([]);

    const optedIn = new TestClient(
      config({
        providers: [
          oidc({
            issuer: "http://idp.example",
            allowInsecureRequests: true,
            [customFetch]: recording,
          }),
        ],
      }),
    );
    const token = await optedIn.csrfToken();
    await optedIn.request("/auth/signin/mock", { form: { csrfToken: token } });
    expect(calls).toEqual(["http://idp.example/.well-known/openid-configuration"]);
  });

  it("customFetch carries every request to the provider: discovery, token and keys", async () => {
    // A provider of its own: discovery and key sets are cached per issuer.
    const fresh = await startMockOP({ clientId, clientSecret });
    try {
      const seen: string[] = [];
      const recording = ((input: string | URL | Request, init?: RequestInit) => {
        const request = new Request(input, init);
        seen.push(new URL(request.url).pathname);
        return fetch(request);
      }) as typeof fetch;
      const client = new TestClient(
        config({ providers: [oidc({ issuer: fresh.issuer, [customFetch]: recording })] }),
      );
      const { params } = await signIn(client);
      fresh.state.nonce = params.get("nonce") ?? undefined;
      const query = new URLSearchParams({
        code: "c",
        state: params.get("state")!,
        iss: fresh.issuer,
      });
      const response = await client.request(`/auth/callback/mock?${query}`);
      expect(setCookie(response, "authjs.session-token")).toBeDefined();
      expect(seen).toEqual(["/.well-known/openid-configuration", "/token", "/jwks"]);
    } finally {
      await fresh.close();
    }
  });
});
