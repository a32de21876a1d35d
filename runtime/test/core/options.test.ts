import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type {
  Adapter,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../../src/adapters.js";
import { decode } from "../../src/jwt.js";
import type { AuthConfig, JWTDecodeParams, JWTEncodeParams } from "../../src/types.js";
import { outboxEmailProvider, SECRET, setCookie, TestClient, testConfig } from "../helpers.js";

const SALT = "authjs.session-token";
const ada = { id: "1", name: "Ada", email: "ada@example.com" };

afterEach(() => vi.restoreAllMocks());

describe("cookie options", () => {
  it("`cookies` overrides names and attributes, and the session works under the new name", async () => {
    const client = new TestClient(
      testConfig(
        {
          cookies: {
            sessionToken: { name: "app.sid", options: { sameSite: "strict" } },
            csrfToken: { name: "app.csrf" },
          },
        },
        ada,
      ),
    );
    const response = await client.signInWithCredentials({});
    const cookie = setCookie(response, "app.sid")!;
    expect(cookie.attributes).toMatchObject({ samesite: "Strict", httponly: true, path: "/" });
    expect(setCookie(response, SALT)).toBeUndefined();
    expect(client.jar.has("app.csrf")).toBe(true);
    expect(client.jar.has("authjs.csrf-token")).toBe(false);
    // The cookie name is the key-derivation salt, as in Auth.js.
    await expect(
      decode({ token: cookie.value, secret: SECRET, salt: "app.sid" }),
    ).resolves.toMatchObject({ sub: "1" });
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("`useSecureCookies: true` over http gives prefixed, Secure cookies that still work", async () => {
    const client = new TestClient(testConfig({ useSecureCookies: true }, ada));
    const response = await client.signInWithCredentials({});
    const session = setCookie(response, `__Host-${SALT}`)!;
    expect(session.attributes.secure).toBe(true);
    expect(setCookie(response, SALT)).toBeUndefined();
    expect([...client.jar.keys()]).toEqual(
      expect.arrayContaining(["__Host-authjs.csrf-token", "__Host-authjs.callback-url"]),
    );
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("over https the __Host- session cookie carries Secure (and `useSecureCookies: false` drops both)", async () => {
    const https = new TestClient(testConfig({}, ada), "https://app.example");
    const secure = await https.signInWithCredentials({});
    expect(setCookie(secure, `__Host-${SALT}`)?.attributes.secure).toBe(true);

    const plain = new TestClient(
      testConfig({ useSecureCookies: false }, ada),
      "https://app.example",
    );
    const response = await plain.signInWithCredentials({});
    expect(setCookie(response, SALT)?.attributes.secure).toBeUndefined();
  });
});

describe("jwt options", () => {
  it("custom `jwt.encode`/`jwt.decode` write and read the session cookie", async () => {
    const encode = vi.fn(
      async ({ token }: JWTEncodeParams) => `custom:${btoa(JSON.stringify(token))}`,
    );
    const decodeToken = vi.fn(async ({ token }: JWTDecodeParams) =>
      token?.startsWith("custom:") ? JSON.parse(atob(token.slice(7))) : null,
    );
    const client = new TestClient(
      testConfig(
        { jwt: { encode, decode: decodeToken }, callbacks: { jwt: ({ token }) => token } },
        ada,
      ),
    );
    const response = await client.signInWithCredentials({});
    expect(setCookie(response, SALT)!.value).toMatch(/^custom:/);
    // As Auth.js: the secret as configured (a string stays a string).
    expect(encode.mock.calls[0]![0]).toMatchObject({
      secret: SECRET,
      salt: SALT,
      maxAge: 2592000,
    });
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    expect(decodeToken.mock.calls[0]![0]).toMatchObject({ secret: SECRET, salt: SALT });
    expect(client.jar.get(SALT)).toMatch(/^custom:/);
  });

  it("`jwt.maxAge` sets the token's exp", async () => {
    const client = new TestClient(testConfig({ jwt: { maxAge: 3600 } }, ada));
    const response = await client.signInWithCredentials({});
    const claims = await decode({
      token: setCookie(response, SALT)!.value,
      secret: SECRET,
      salt: SALT,
    });
    expect(claims!.exp! - claims!.iat!).toBe(3600);
  });
});

describe("database session options", () => {
  it("`session.generateSessionToken` makes the cookie value and the row's token", async () => {
    const adapter = memoryAdapter();
    const { provider, outbox } = outboxEmailProvider();
    let count = 0;
    const client = new TestClient(
      testConfig({
        adapter,
        providers: [provider],
        session: { generateSessionToken: () => `my-token-${++count}` },
      }),
    );
    const response = await client.signInWithEmail("ada@example.com", outbox);
    expect(setCookie(response, SALT)?.value).toBe("my-token-1");
    expect(await adapter.getSessionAndUser("my-token-1")).toMatchObject({
      user: { email: "ada@example.com" },
    });
    await expect(client.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });

  it("a generated token no session read would look up fails the sign-in, not every later read", async () => {
    const adapter = memoryAdapter();
    const createSession = vi.spyOn(adapter, "createSession");
    const { provider, outbox } = outboxEmailProvider();
    for (const token of ["has space", "x".repeat(256)]) {
      const client = new TestClient(
        testConfig({
          adapter,
          providers: [provider],
          session: { generateSessionToken: () => token },
        }),
      );
      const response = await client.signInWithEmail("ada@example.com", outbox);
      expect(response.headers.get("location")).toBe(
        "http://localhost:3000/auth/error?error=Configuration",
      );
      expect(setCookie(response, SALT)).toBeUndefined();
    }
    expect(createSession).not.toHaveBeenCalled();
  });

  it("a class-instance adapter (prototype methods, private state) works end to end", async () => {
    /** Methods on the prototype and state in a private field: `this` must be the instance. */
    class ClassAdapter {
      readonly #store = memoryAdapter();
      createUser(user: AdapterUser) {
        return this.#store.createUser(user);
      }
      getUser(id: string) {
        return this.#store.getUser(id);
      }
      getUserByEmail(email: string) {
        return this.#store.getUserByEmail(email);
      }
      getUserByAccount(account: Parameters<Adapter["getUserByAccount"] & {}>[0]) {
        return this.#store.getUserByAccount(account);
      }
      updateUser(user: Partial<AdapterUser> & Pick<AdapterUser, "id">) {
        return this.#store.updateUser(user);
      }
      linkAccount(account: Parameters<Adapter["linkAccount"] & {}>[0]) {
        return this.#store.linkAccount(account);
      }
      createSession(session: AdapterSession) {
        return this.#store.createSession(session);
      }
      getSessionAndUser(sessionToken: string) {
        return this.#store.getSessionAndUser(sessionToken);
      }
      updateSession(session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">) {
        return this.#store.updateSession(session);
      }
      deleteSession(sessionToken: string) {
        return this.#store.deleteSession(sessionToken);
      }
      createVerificationToken(token: VerificationToken) {
        return this.#store.createVerificationToken(token);
      }
      useVerificationToken(params: { identifier: string; token: string }) {
        return this.#store.useVerificationToken(params);
      }
    }
    const adapter = new ClassAdapter();
    const { provider, outbox } = outboxEmailProvider();
    const client = new TestClient(testConfig({ adapter, providers: [provider] }));
    const response = await client.signInWithEmail("ada@example.com", outbox);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    const token = client.jar.get(SALT)!;
    await expect(client.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
    await client.signOut();
    expect(await adapter.getSessionAndUser(token)).toBeNull();
  });
});

describe("theme", () => {
  it("reaches the built-in sign-in page: scheme, logo, brand and button colours", async () => {
    const theme = {
      colorScheme: "dark",
      logo: "https://cdn.example/logo.png",
      brandColor: "#123456",
      buttonText: "#fedcba",
    } as const;
    const response = await new TestClient(testConfig({ theme })).request("/auth/signin");
    const html = await response.text();
    expect(html).toContain('<body class="theme-dark">');
    expect(html).toContain('<img class="logo" src="https://cdn.example/logo.png"');
    expect(html).toMatch(/--brand-color:\s*#123456/);
    expect(html).toMatch(/--button-text-color:\s*#fedcba/);
  });
});

describe("logger", () => {
  // A database session read: the adapter call is debug-logged.
  const unknownPath = (config: AuthConfig) =>
    new TestClient({
      ...config,
      adapter: memoryAdapter(),
      providers: [outboxEmailProvider().provider],
    }).request("/auth/session", { headers: { cookie: "authjs.session-token=abc" } });

  it("calls a custom `logger.debug` even without `debug: true` (as Auth.js)", async () => {
    const debug = vi.fn();
    const console = vi.spyOn(globalThis.console, "debug").mockImplementation(() => {});
    const base = testConfig();
    await unknownPath({ ...base, logger: { ...base.logger, debug } });
    expect(debug).toHaveBeenCalledWith("adapter_getSessionAndUser");
    expect(console).not.toHaveBeenCalled();

    const { provider, outbox } = outboxEmailProvider();
    const client = new TestClient({
      ...testConfig({ adapter: memoryAdapter(), providers: [provider] }),
      logger: { ...base.logger, debug },
    });
    await client.signInWithEmail("ada@example.com", outbox);
    expect(debug).toHaveBeenCalledWith("adapter_createSession");
  });

  it("prints debug output to the console only with `debug: true`", async () => {
    const console = vi.spyOn(globalThis.console, "debug").mockImplementation(() => {});
    vi.spyOn(globalThis.console, "warn").mockImplementation(() => {});
    const { debug: _default, ...withoutDebug } = testConfig().logger!;
    await unknownPath({ ...testConfig(), logger: withoutDebug });
    expect(console).not.toHaveBeenCalled();
    await unknownPath({ ...testConfig(), logger: withoutDebug, debug: true });
    expect(console).toHaveBeenCalledWith("[auth][debug] adapter_getSessionAndUser", "");
  });
});
