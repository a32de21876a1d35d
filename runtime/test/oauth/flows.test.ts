import { describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { OAuthUserConfig, Provider } from "../../src/providers/types.js";
import type { AuthConfig, Profile } from "../../src/types.js";
import { captureLogger, setCookie, TestClient } from "../helpers.js";
import { clientId, clientSecret, useMockOP } from "./harness.js";

const mock = useMockOP();
const { oidc, config, signIn, complete } = mock;

describe("response_mode=form_post (Apple style)", () => {
  const profile = (p: Profile) => ({
    id: p.sub!,
    name: (p.user as { name?: string } | undefined)?.name ?? p.name,
    email: p.email,
  });

  it.each([
    ["in authorization.params", () => ({ params: { response_mode: "form_post" } })],
    ["in the authorization URL", () => `${mock.op.issuer}/authorize?response_mode=form_post`],
  ])("%s: makes the check cookies cross-site and reads the callback from the POST body", async (_label, authorization) => {
    const cfg = config({ providers: [oidc({ authorization: authorization(), profile })] });
    const client = new TestClient(cfg, "https://app.test");
    const { response, params } = await signIn(client);
    expect(params.get("response_mode")).toBe("form_post");
    for (const name of [
      "__Host-authjs.state",
      "__Host-authjs.pkce.code_verifier",
      "__Host-authjs.nonce",
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
        iss: mock.op.issuer,
        user: JSON.stringify({ name: "Tim Apple" }),
      },
    });
    expect(setCookie(callback, "__Host-authjs.session-token")).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Tim Apple" } });
  });

  it("ignores a query-string callback when the provider posts (response read from one place)", async () => {
    const cfg = config({
      providers: [oidc({ authorization: `${mock.op.issuer}/authorize?response_mode=form_post` })],
    });
    const client = new TestClient(cfg, "https://app.test");
    const { params } = await signIn(client);
    const query = new URLSearchParams({
      code: "c",
      state: params.get("state")!,
      iss: mock.op.issuer,
    });
    const response = await client.request(`/auth/callback/mock?${query}`);
    expect(response.headers.get("location")).toBe(
      "https://app.test/auth/error?error=Configuration",
    );
    expect(mock.op.state.tokenRequests).toBe(0);
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
    authorization: { url: `${mock.op.issuer}/authorize`, params: { scope: "read:user" } },
    token: `${mock.op.issuer}/token`,
    userinfo: `${mock.op.issuer}/userinfo`,
    profile: (p: Record<string, unknown>) => ({
      id: String(p.id),
      name: String(p.login),
      email: String(p.email),
    }),
  });

  it("signs in with the userinfo profile and keeps the configured scope", async () => {
    mock.op.state.behaviour = { omit: ["id_token"] };
    const client = new TestClient(config({ providers: [plain()] }));
    const { params } = await signIn(client, "plain");
    expect(params.get("scope")).toBe("read:user");
    expect(params.get("nonce")).toBeNull();
    const response = await client.request(
      `/auth/callback/plain?code=c&iss=${encodeURIComponent(mock.op.issuer)}`,
    );
    expect(setCookie(response, "authjs.session-token")).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({
      user: { name: "octo", email: "octo@example.test" },
    });
  });

  it("adds no OIDC scope when none is configured (Auth.js quirk §11 item 26)", async () => {
    const provider = { ...plain(), authorization: `${mock.op.issuer}/authorize` } as Provider;
    const { params } = await signIn(new TestClient(config({ providers: [provider] })), "plain");
    expect(params.get("scope")).toBeNull();
  });
});

// Linking to the signed-in user: linking.test.ts.
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

  it("stores what a custom account(tokens) returns, with the account's identity", async () => {
    const { adapter, client } = setup({
      account: (tokens) => ({ access_token: tokens.access_token, scope: "custom-scope" }),
    });
    await complete(client);
    const account = await adapter.getAccount("mock-user", "mock");
    expect(account).toMatchObject({
      provider: "mock",
      type: "oidc",
      providerAccountId: "mock-user",
      access_token: "mock-access-token-SECRET",
      scope: "custom-scope",
    });
    expect(account).not.toHaveProperty("refresh_token");
    expect(account).not.toHaveProperty("id_token");
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
    mock.op.state.behaviour = { claims: { email_verified: providerVerified as never } };
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

  it("leaves no user behind when linking the new account fails", async () => {
    const { adapter, client } = setup();
    adapter.linkAccount = () => {
      throw new Error("disk full");
    };
    const response = await complete(client);
    // A store failure without a request error's code (see core/store-failure.ts): 503.
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Temporarily unavailable");
    expect(await adapter.getUserByEmail("mock@example.test")).toBeNull();
  });
});

describe("a profile that cannot be mapped (OAuthCallbackError, no session)", () => {
  it.each([
    [
      "profile() throws",
      () => {
        throw new Error("bad shape");
      },
    ],
    ["profile() returns no id", () => ({ id: "", name: "Nobody" })],
  ])("%s", async (_label, profile) => {
    const { logger, errors } = captureLogger();
    const client = new TestClient(config({ logger, providers: [oidc({ profile })] }));
    const response = await complete(client);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/signin?error=OAuthCallbackError",
    );
    expect(setCookie(response, "authjs.session-token")).toBeUndefined();
    expect(errors.at(-1)?.name).toBe("OAuthCallbackError");
    expect((errors.at(-1)?.cause as Error | undefined)?.name).toBe("OAuthProfileParseError");
  });
});
