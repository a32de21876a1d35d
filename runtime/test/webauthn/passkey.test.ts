import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters.js";
import { CLOCK_TOLERANCE } from "../../src/jwt/decode.js";
import Passkey, { WebAuthn } from "../../src/providers/passkey.js";
import { memoryRateLimitStore } from "../../src/rate-limit/index.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { SoftwarePasskey } from "./authenticator.js";

const ORIGIN = "http://localhost:3000";
const RP = { origin: ORIGIN, rpId: "localhost" };
const CHALLENGE = "authjs.challenge";
const SESSION = "authjs.session-token";

function setUp(extra: Partial<AuthConfig> = {}) {
  const adapter = memoryAdapter();
  const log = captureLogger();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    logger: log.logger,
    experimental: { enableWebAuthn: true },
    providers: [Passkey()],
    ...extra,
  };
  return { adapter, log, config, client: new TestClient(config, ORIGIN) };
}

async function options(client: TestClient, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const response = await client.request(
    `/auth/webauthn-options/passkey${search ? `?${search}` : ""}`,
  );
  return { response, status: response.status, body: await response.json() };
}

async function post(client: TestClient, action: string, data: unknown) {
  const { csrfToken } = await (await client.request("/auth/csrf")).json();
  return client.request("/auth/callback/passkey", {
    form: { csrfToken, action, data: JSON.stringify(data) },
  });
}

async function register(client: TestClient, key: SoftwarePasskey, query: Record<string, string>) {
  const { body } = await options(client, query);
  expect(body.action).toBe("register");
  return post(client, "register", key.register({ ...RP, challenge: body.options.challenge }));
}

async function authenticate(client: TestClient, key: SoftwarePasskey) {
  const { body } = await options(client, { action: "authenticate" });
  return post(
    client,
    "authenticate",
    key.authenticate({ ...RP, challenge: body.options.challenge }),
  );
}

async function sessionEmail(client: TestClient) {
  const session = await (await client.request("/auth/session")).json();
  return session?.user?.email as string | undefined;
}

/** The refusal a user sees: the error page with the client-safe type, and no session cookie. */
function expectRefused(response: Response, type = "WebAuthnVerificationError") {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(`${location.pathname}?${location.searchParams}`).toBe(
    type === "AccountNotLinked" ? `/auth/signin?error=${type}` : `/auth/error?error=${type}`,
  );
  expect(setCookie(response, SESSION)).toBeUndefined();
}

describe("passkey configuration", () => {
  it("refuses a WebAuthn provider unless experimental.enableWebAuthn is set", async () => {
    const { client, log } = setUp({ experimental: {} });
    const { status, body } = await options(client);
    expect(status).toBe(500);
    expect(body.message).toMatch(/problem with the server configuration/);
    expect(log.errors.map((e) => e.name)).toEqual(["ExperimentalFeatureNotEnabled"]);
  });

  it("warns that WebAuthn is experimental when it is on", async () => {
    const { client, log } = setUp();
    await options(client);
    expect(log.warnings).toContain("experimental-webauthn");
  });

  it("needs an adapter, with every authenticator method", async () => {
    const none = setUp({ adapter: undefined });
    expect((await options(none.client)).status).toBe(500);
    expect(none.log.errors.map((e) => [e.name, e.message])).toEqual([
      ["MissingAdapter", expect.stringContaining("WebAuthn requires an adapter")],
    ]);

    const { getAuthenticator: _a, updateAuthenticatorCounter: _b, ...partial } = memoryAdapter();
    const missing = setUp({ adapter: partial as Adapter });
    expect((await options(missing.client)).status).toBe(500);
    expect(missing.log.errors[0]!.name).toBe("MissingAdapterMethods");
    expect(missing.log.errors[0]!.message).toContain(
      "getAuthenticator, updateAuthenticatorCounter",
    );
  });

  it("serves its sign-in script from the runtime, cacheable and cookie-free", async () => {
    const { client } = setUp();
    const response = await client.request("/auth/webauthn-script.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toContain("navigator.credentials.create");

    const without = new TestClient({ secret: SECRET, trustHost: true, providers: [] }, ORIGIN);
    expect((await without.request("/auth/webauthn-script.js")).status).toBe(400);
  });
});

describe("GET /webauthn-options (reference §4.8 decision table)", () => {
  it("no action, nobody signed in, no email: authenticate with any discoverable passkey", async () => {
    const { client } = setUp();
    const { status, body, response } = await options(client);
    expect(status).toBe(200);
    expect(body.action).toBe("authenticate");
    expect(body.options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(body.options.allowCredentials).toEqual([]);
    const cookie = setCookie(response, CHALLENGE)!;
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: "Lax", "max-age": "300" });
    expect(cookie.value).not.toContain(body.options.challenge);
  });

  it("no action and a new email: register a resident, user-verified passkey for it", async () => {
    const { client } = setUp();
    const { body } = await options(client, { email: "New@Example.test" });
    expect(body.action).toBe("register");
    expect(body.options).toMatchObject({
      rp: { id: "localhost", name: "localhost:3000" },
      user: { name: "new@example.test" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
    });
  });

  it("no action and a known email: authenticate with that user's passkeys", async () => {
    const { client } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    const other = new TestClient(client.config, ORIGIN);
    const { body } = await options(other, { email: "ada@example.test" });
    expect(body.action).toBe("authenticate");
    expect(body.options.allowCredentials).toEqual([
      { id: key.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  it.each([
    [{ action: "register" }, "Invalid request"],
    [{ action: "register", email: "ada@example.test" }, "Invalid request"],
    [{ action: "delete" }, "Invalid action"],
    [{ email: "ada@example.test, eve@evil.test" }, "Invalid request"],
    [{ email: '"><script>' }, "Invalid request"],
  ])("refuses %j when nobody is signed in: 400 %s", async (query, error) => {
    const { client } = setUp();
    await register(new TestClient(client.config, ORIGIN), new SoftwarePasskey(), {
      email: "ada@example.test",
    });
    const { status, body, response } = await options(client, query);
    expect(status).toBe(400);
    expect(body).toEqual({ error });
    expect(setCookie(response, CHALLENGE)).toBeUndefined();
  });

  it("register, nobody signed in, a new email: registration options, and finishing them creates the user and a session", async () => {
    const { client, adapter } = setUp();
    await register(new TestClient(client.config, ORIGIN), new SoftwarePasskey(), {
      email: "ada@example.test",
    });
    const { status, body, response } = await options(client, {
      action: "register",
      email: "Grace@Example.test",
    });
    expect(status).toBe(200);
    expect(body.action).toBe("register");
    expect(body.options).toMatchObject({
      rp: { id: "localhost", name: "localhost:3000" },
      user: { name: "grace@example.test" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      excludeCredentials: [],
    });
    expect(setCookie(response, CHALLENGE)?.value).toBeTruthy();
    expect(await adapter.getUserByEmail!("grace@example.test")).toBeNull();

    const key = new SoftwarePasskey();
    const done = await post(
      client,
      "register",
      key.register({ ...RP, challenge: body.options.challenge }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(ORIGIN);
    expect(setCookie(done, SESSION)?.value).toBeTruthy();
    expect(await sessionEmail(client)).toBe("grace@example.test");
    const user = await adapter.getUserByEmail!("grace@example.test");
    expect(user).toMatchObject({ email: "grace@example.test" });
    expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toMatchObject([
      { providerAccountId: key.credentialId.toString("base64") },
    ]);
  });

  it("signed in: register adds a passkey (excluding the ones the user has), no action is refused", async () => {
    const { client } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    expect((await options(client)).body).toEqual({ error: "Invalid request" });
    const { body } = await options(client, { action: "register" });
    expect(body.action).toBe("register");
    expect(body.options.user.name).toBe("ada@example.test");
    expect(body.options.excludeCredentials).toEqual([
      { id: key.id, type: "public-key", transports: ["internal"] },
    ]);
    expect((await options(client, { action: "authenticate" })).body.action).toBe("authenticate");
  });

  it("takes the relying party from the provider's options", async () => {
    const { client } = setUp({
      providers: [WebAuthn({ relayingParty: { id: "example.test", name: "Example" } })],
    });
    const response = await client.request("/auth/webauthn-options/webauthn?email=a@example.test");
    const { body } = { body: await response.json() };
    expect(body.options.rp).toEqual({ id: "example.test", name: "Example" });
    expect(body.options.authenticatorSelection).toMatchObject({
      residentKey: "preferred",
      userVerification: "preferred",
    });
  });
});

describe("POST /callback/passkey", () => {
  it("registers a new user with a passkey and signs them in", async () => {
    const { client, adapter } = setUp();
    const key = new SoftwarePasskey();
    const response = await register(client, key, { email: "ada@example.test" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(setCookie(response, SESSION)?.value).toBeTruthy();
    expect(setCookie(response, CHALLENGE)?.attributes["max-age"]).toBe("0");
    expect(await sessionEmail(client)).toBe("ada@example.test");

    const user = await adapter.getUserByEmail!("ada@example.test");
    const stored = await adapter.getAuthenticator!(key.credentialId.toString("base64"));
    expect(stored).toMatchObject({
      userId: user!.id,
      providerAccountId: key.credentialId.toString("base64"),
      counter: 0,
      transports: "internal",
      credentialDeviceType: "singleDevice",
    });
    expect(
      await adapter.getUserByAccount!({
        provider: "passkey",
        providerAccountId: key.credentialId.toString("base64"),
      }),
    ).toMatchObject({ id: user!.id });
  });

  it("signs in with the passkey and stores the new signature counter", async () => {
    const { client, adapter, config } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    const device = new TestClient(config, ORIGIN);
    const response = await authenticate(device, key);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(await sessionEmail(device)).toBe("ada@example.test");
    expect((await adapter.getAuthenticator!(key.credentialId.toString("base64")))!.counter).toBe(1);
  });

  it("links a second passkey to the signed-in user", async () => {
    const { client, adapter, config } = setUp();
    const phone = new SoftwarePasskey();
    const laptop = new SoftwarePasskey();
    await register(client, phone, { email: "ada@example.test" });
    const response = await register(client, laptop, { action: "register" });
    expect(response.status).toBe(302);
    const user = await adapter.getUserByEmail!("ada@example.test");
    expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(2);

    const device = new TestClient(config, ORIGIN);
    await authenticate(device, laptop);
    expect(await sessionEmail(device)).toBe("ada@example.test");
  });

  it("works with JWT sessions too: sign-up, a second passkey for the signed-in user, sign-in", async () => {
    const { client, adapter, config } = setUp({ session: { strategy: "jwt" } });
    const phone = new SoftwarePasskey();
    const laptop = new SoftwarePasskey();
    await register(client, phone, { email: "ada@example.test" });
    expect(await sessionEmail(client)).toBe("ada@example.test");
    expect((await register(client, laptop, { action: "register" })).status).toBe(302);
    const user = await adapter.getUserByEmail!("ada@example.test");
    expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(2);
    const device = new TestClient(config, ORIGIN);
    await authenticate(device, laptop);
    expect(await sessionEmail(device)).toBe("ada@example.test");
  });

  it("adds a passkey only for the user who asked for it, if they are still signed in", async () => {
    const { client } = setUp();
    await register(client, new SoftwarePasskey(), { email: "ada@example.test" });
    const { body } = await options(client, { action: "register" });
    await client.request("/auth/signout", {
      form: { csrfToken: (await (await client.request("/auth/csrf")).json()).csrfToken },
    });
    const data = new SoftwarePasskey().register({ ...RP, challenge: body.options.challenge });
    expectRefused(await post(client, "register", data));
  });

  it("refuses to register a credential that is already registered", async () => {
    const { client, adapter } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    expectRefused(await register(client, key, { action: "register" }));
    const user = await adapter.getUserByEmail!("ada@example.test");
    expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(1);
  });

  it("never links by email: a passkey for an address someone took meanwhile is refused", async () => {
    const { client, adapter } = setUp();
    const { body } = await options(client, { email: "ada@example.test" });
    await adapter.createUser!({ id: "u1", email: "ada@example.test", emailVerified: new Date() });
    const key = new SoftwarePasskey();
    const response = await post(
      client,
      "register",
      key.register({ ...RP, challenge: body.options.challenge }),
    );
    expectRefused(response, "AccountNotLinked");
    expect(await adapter.listAuthenticatorsByUserId!("u1")).toEqual([]);
  });

  it("refuses a tampered assertion", async () => {
    const { client, config } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    const device = new TestClient(config, ORIGIN);
    const { body } = await options(device, { action: "authenticate" });
    const data = key.authenticate({ ...RP, challenge: body.options.challenge });
    const signature = Buffer.from(data.response.signature, "base64url");
    signature[signature.length - 1]! ^= 1;
    data.response.signature = signature.toString("base64url");
    expectRefused(await post(device, "authenticate", data));
    expect(await sessionEmail(device)).toBeUndefined();
  });

  it("refuses a replayed challenge, even from an authenticator without a counter", async () => {
    const { client, config } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    const device = new TestClient(config, ORIGIN);
    const { body } = await options(device, { action: "authenticate" });
    const sealed = device.jar.get(CHALLENGE)!;
    const data = key.authenticate({ ...RP, challenge: body.options.challenge }, { countUp: false });
    expect((await post(device, "authenticate", data)).headers.get("location")).toBe(ORIGIN);

    const attacker = new TestClient(config, ORIGIN);
    attacker.jar.set(CHALLENGE, sealed);
    expectRefused(await post(attacker, "authenticate", data));
    expect(await sessionEmail(attacker)).toBeUndefined();
  });

  it("refuses an assertion made for another origin or relying party", async () => {
    const { client, config } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    for (const wrong of [{ origin: "http://localhost:3001" }, { rpId: "evil.test" }]) {
      const device = new TestClient(config, ORIGIN);
      const { body } = await options(device, { action: "authenticate" });
      const data = key.authenticate({ ...RP, ...wrong, challenge: body.options.challenge });
      expectRefused(await post(device, "authenticate", data));
    }
  });

  it("refuses a counter that went backwards (a cloned authenticator)", async () => {
    const { client, config } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    await authenticate(new TestClient(config, ORIGIN), key);
    await authenticate(new TestClient(config, ORIGIN), key);
    key.counter = 1;
    expectRefused(await authenticate(new TestClient(config, ORIGIN), key));
  });

  it("refuses without a challenge cookie, with one from the other ceremony, or an unknown passkey", async () => {
    const { client, config } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });

    const noCookie = new TestClient(config, ORIGIN);
    const { body } = await options(noCookie, { action: "authenticate" });
    noCookie.jar.delete(CHALLENGE);
    expectRefused(
      await post(
        noCookie,
        "authenticate",
        key.authenticate({ ...RP, challenge: body.options.challenge }),
      ),
    );

    const crossed = new TestClient(config, ORIGIN);
    const registration = await options(crossed, { email: "new@example.test" });
    expectRefused(
      await post(
        crossed,
        "authenticate",
        key.authenticate({ ...RP, challenge: registration.body.options.challenge }),
      ),
    );

    expectRefused(await authenticate(new TestClient(config, ORIGIN), new SoftwarePasskey()));
  });

  it("requires the CSRF token the built-in page sends", async () => {
    const { client, config } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    const device = new TestClient(config, ORIGIN);
    const { body } = await options(device, { action: "authenticate" });
    const data = key.authenticate({ ...RP, challenge: body.options.challenge });
    const response = await device.request("/auth/callback/passkey", {
      form: { action: "authenticate", data: JSON.stringify(data) },
    });
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
    expect(setCookie(response, SESSION)).toBeUndefined();
  });
});

describe("rate limiting (counted like every other sign-in)", () => {
  /** An assertion with its last signature byte flipped: refused by verification. */
  async function tampered(device: TestClient, key: SoftwarePasskey) {
    const { body } = await options(device, { action: "authenticate" });
    const data = key.authenticate({ ...RP, challenge: body.options.challenge });
    const signature = Buffer.from(data.response.signature, "base64url");
    signature[signature.length - 1]! ^= 1;
    data.response.signature = signature.toString("base64url");
    return post(device, "authenticate", data);
  }

  function expectLimited(response: Response) {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(setCookie(response, SESSION)).toBeUndefined();
  }

  it("past `max` attempts naming one passkey, even the real passkey is refused; another passkey is not", async () => {
    const { client, config } = setUp({
      rateLimit: { max: 2, window: 60, store: memoryRateLimitStore() },
    });
    const key = new SoftwarePasskey();
    const other = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    await register(new TestClient(config, ORIGIN), other, { email: "grace@example.test" });

    expectRefused(await tampered(new TestClient(config, ORIGIN), key));
    expectRefused(await tampered(new TestClient(config, ORIGIN), key));
    const device = new TestClient(config, ORIGIN);
    expectLimited(await authenticate(device, key));
    expect(await sessionEmail(device)).toBeUndefined();

    const second = new TestClient(config, ORIGIN);
    expect((await authenticate(second, other)).headers.get("location")).toBe(ORIGIN);
    expect(await sessionEmail(second)).toBe("grace@example.test");
  });

  it("a sign-in forgets its passkey's failed attempts", async () => {
    const { client, config } = setUp({
      rateLimit: { max: 2, window: 60, store: memoryRateLimitStore() },
    });
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    expectRefused(await tampered(new TestClient(config, ORIGIN), key));
    expect((await authenticate(new TestClient(config, ORIGIN), key)).status).toBe(302);
    expectRefused(await tampered(new TestClient(config, ORIGIN), key));
    const device = new TestClient(config, ORIGIN);
    expect((await authenticate(device, key)).headers.get("location")).toBe(ORIGIN);
    expect(await sessionEmail(device)).toBe("ada@example.test");
  });

  it("registrations are counted per client address: past `maxPerAddress`, no user is created", async () => {
    const { config, adapter } = setUp({
      rateLimit: {
        max: 10,
        maxPerAddress: 2,
        window: 60,
        store: memoryRateLimitStore(),
        clientAddress: () => "203.0.113.7",
      },
    });
    for (const name of ["a", "b"]) {
      const device = new TestClient(config, ORIGIN);
      await register(device, new SoftwarePasskey(), { email: `${name}@example.test` });
      expect(await sessionEmail(device)).toBe(`${name}@example.test`);
    }
    const device = new TestClient(config, ORIGIN);
    expectLimited(await register(device, new SoftwarePasskey(), { email: "c@example.test" }));
    expect(await adapter.getUserByEmail("c@example.test")).toBeNull();
  });
});

describe("an expired challenge (the cookie's sealed exp has passed)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Options at a frozen clock; the challenge cookie's lifetime in seconds. */
  async function frozenOptions(client: TestClient, query: Record<string, string>) {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const result = await options(client, query);
    const maxAge = Number(setCookie(result.response, CHALLENGE)!.attributes["max-age"]);
    expect(maxAge).toBe(300);
    return { ...result, start, maxAge };
  }

  it("a registration finished after the challenge expired is refused: no user, no session", async () => {
    const { client, adapter } = setUp();
    const { body, start, maxAge } = await frozenOptions(client, { email: "ada@example.test" });
    expect(body.action).toBe("register");
    vi.setSystemTime(start + (maxAge + CLOCK_TOLERANCE + 1) * 1000);
    // The browser still sends the cookie (as an attacker's would): the sealed exp decides.
    expect(client.jar.has(CHALLENGE)).toBe(true);
    const data = new SoftwarePasskey().register({ ...RP, challenge: body.options.challenge });
    const response = await post(client, "register", data);
    expectRefused(response);
    expect(setCookie(response, CHALLENGE)?.attributes["max-age"]).toBe("0");
    expect(await adapter.getUserByEmail!("ada@example.test")).toBeNull();
    expect(await sessionEmail(client)).toBeUndefined();
  });

  it("the same registration finished just inside the challenge's lifetime signs in", async () => {
    const { client } = setUp();
    const { body, start, maxAge } = await frozenOptions(client, { email: "ada@example.test" });
    vi.setSystemTime(start + (maxAge - 1) * 1000);
    const data = new SoftwarePasskey().register({ ...RP, challenge: body.options.challenge });
    const response = await post(client, "register", data);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(setCookie(response, SESSION)?.value).toBeTruthy();
  });

  it("a sign-in answered after the challenge expired is refused, and the passkey's counter is not moved", async () => {
    const { client, adapter, config } = setUp();
    const key = new SoftwarePasskey();
    await register(client, key, { email: "ada@example.test" });
    const device = new TestClient(config, ORIGIN);
    const { body, start, maxAge } = await frozenOptions(device, { action: "authenticate" });
    vi.setSystemTime(start + (maxAge + CLOCK_TOLERANCE + 1) * 1000);
    const data = key.authenticate({ ...RP, challenge: body.options.challenge });
    expectRefused(await post(device, "authenticate", data));
    expect(await sessionEmail(device)).toBeUndefined();
    expect((await adapter.getAuthenticator!(key.credentialId.toString("base64")))!.counter).toBe(0);
  });
});

describe("the built-in sign-in page with passkeys", () => {
  it("renders the passkey form wired to the runtime's script and options endpoint", async () => {
    const { client } = setUp();
    const response = await client.request("/auth/signin");
    const html = await response.text();
    expect(html).toContain(`<script src="${ORIGIN}/auth/webauthn-script.js" defer></script>`);
    expect(html).toContain(`data-webauthn-options="${ORIGIN}/auth/webauthn-options/passkey"`);
    expect(html).toContain("data-webauthn-conditional");
    expect(html).toContain('autocomplete="username webauthn"');
    expect(response.headers.get("content-security-policy")).toContain(
      `script-src ${ORIGIN}/auth/webauthn-script.js; connect-src ${ORIGIN}/auth/webauthn-options/`,
    );
  });

  it("keeps the script-free policy on pages without passkeys", async () => {
    const client = new TestClient(
      { secret: SECRET, trustHost: true, providers: [], logger: captureLogger().logger },
      ORIGIN,
    );
    const response = await client.request("/auth/signin");
    expect(response.headers.get("content-security-policy")).not.toContain("script-src");
  });
});

describe("passkey challenges across a rolling secret rotation (docs/secret.md)", () => {
  const NEW = "the-new-secret-of-a-rolling-rotation-0123456789";

  it("a challenge sealed by an instance issuing the new secret is verified by one only accepting it, and back", async () => {
    const { config, adapter } = setUp();
    const promoted: AuthConfig = { ...config, secret: [NEW, SECRET] };
    const accepting: AuthConfig = { ...config, secret: SECRET, acceptSecrets: NEW };
    const key = new SoftwarePasskey();
    for (const [from, to, action] of [
      [promoted, accepting, "register"],
      [accepting, promoted, "authenticate"],
    ] as const) {
      const starter = new TestClient(from, ORIGIN);
      const query: Record<string, string> =
        action === "register" ? { action, email: "ada@example.test" } : { action };
      const { body } = await options(starter, query);
      const finisher = new TestClient(to, ORIGIN);
      for (const [name, value] of starter.jar) finisher.jar.set(name, value);
      const ceremony = { ...RP, challenge: body.options.challenge };
      await post(
        finisher,
        action,
        action === "register" ? key.register(ceremony) : key.authenticate(ceremony),
      );
      await expect(sessionEmail(finisher)).resolves.toBe("ada@example.test");
    }
    expect(await adapter.getUserByEmail("ada@example.test")).not.toBeNull();
  });
});
