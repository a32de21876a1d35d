import { describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters.js";
import { resolveConfig } from "../../src/core/config.js";
import { CREDENTIALS_SESSION_CLAIM } from "../../src/core/credentials-session.js";
import { sessionFromCookieHeader } from "../../src/core/get-session.js";
import { decode, encode } from "../../src/jwt.js";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, outboxEmailProvider, SECRET, setCookie, TestClient } from "../helpers.js";

const SALT = "authjs.session-token";
const ada = { id: "7", name: "Ada", email: "ada@example.com" };

/**
 * Credentials next to an email provider, so the adapter implies the database strategy (the
 * set-up `create-auth init --providers credentials,email` generates). Every adapter method is
 * spied on, to prove which ones the credentials flow touches.
 */
function setup(extra: Partial<AuthConfig> = {}) {
  const adapter = memoryAdapter();
  const spies = Object.fromEntries(
    Object.keys(adapter).map((name) => [name, vi.spyOn(adapter, name as keyof typeof adapter)]),
  ) as Record<keyof Adapter, ReturnType<typeof vi.spyOn>>;
  const { provider, outbox } = outboxEmailProvider();
  const log = captureLogger();
  const cfg: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: log.logger,
    adapter,
    providers: [Credentials({ authorize: () => ada }), provider],
    ...extra,
  };
  return { adapter, spies, outbox, errors: log.errors, cfg, client: new TestClient(cfg) };
}

const touched = (spies: Record<string, ReturnType<typeof vi.spyOn>>) =>
  Object.entries(spies)
    .filter(([, spy]) => spy.mock.calls.length > 0)
    .map(([name]) => name);

describe("credentials under the database strategy (reference §4.5; §11 item 9 fixed)", () => {
  it("writes a JWT cookie and never asks the adapter about the user", async () => {
    const { adapter, spies, client } = setup();
    // A stored user with the same id and (unverified) email must not be picked up.
    await adapter.createUser({ id: "7", email: "ada@example.com", emailVerified: null });
    spies.createUser!.mockClear();

    const response = await client.signInWithCredentials({});
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    const cookie = setCookie(response, SALT)!;
    expect(cookie.value.split(".")).toHaveLength(5);
    await expect(
      decode({ token: cookie.value, secret: SECRET, salt: SALT }),
    ).resolves.toMatchObject({ sub: "7", email: "ada@example.com" });
    expect(touched(spies)).toEqual([]);
  });

  it("reads that cookie as a JWT session: jwt and session callbacks, no adapter lookup", async () => {
    const jwt = vi.fn(({ token }) => ({ ...token, role: "admin" }));
    const session = vi.fn(({ session, token }) => ({ ...session, role: token?.role }));
    const { spies, client } = setup({ callbacks: { jwt, session } });
    await client.signInWithCredentials({});
    jwt.mockClear();

    const body = await client.session();
    expect(body).toMatchObject({ user: { name: "Ada", email: "ada@example.com" }, role: "admin" });
    expect(jwt.mock.calls[0]![0]).toEqual({
      token: expect.objectContaining({ sub: "7" }),
      session: undefined,
    });
    expect(session.mock.calls[0]![0]).toEqual({
      session: expect.objectContaining({ user: expect.objectContaining({ name: "Ada" }) }),
      token: expect.objectContaining({ sub: "7", role: "admin" }),
    });
    // A custom jwt callback re-issues the JWE on every read, as for the JWT strategy.
    expect(client.jar.get(SALT)!.split(".")).toHaveLength(5);

    const csrfToken = await client.csrfToken();
    const updated = await client.request("/auth/session", { json: { csrfToken, data: { x: 1 } } });
    expect(updated.status).toBe(200);
    expect(jwt.mock.calls.at(-1)![0]).toMatchObject({ trigger: "update", session: { x: 1 } });
    expect(touched(spies)).toEqual([]);
  });

  it("treats an expired or undecryptable JWE as no session, without the adapter", async () => {
    const { spies, errors, client } = setup();
    const expired = await encode({ token: { sub: "7" }, secret: SECRET, salt: SALT, maxAge: -60 });
    const foreign = await encode({ token: { sub: "7" }, secret: "another-secret", salt: SALT });
    // Expired under our key: cleared. Sealed under a key we do not hold (another instance's,
    // mid-rotation): no session, but kept for the instances that can read it.
    for (const [token, cleared] of [
      [expired, "0"],
      [foreign, undefined],
    ] as const) {
      client.jar.set(SALT, token);
      const response = await client.request("/auth/session");
      await expect(response.json()).resolves.toBeNull();
      expect(setCookie(response, SALT)?.attributes["max-age"]).toBe(cleared);
    }
    expect(errors.map((error) => error.name)).toEqual(["JWTSessionError", "JWTSessionError"]);
    expect(touched(spies)).toEqual([]);
  });

  it("still looks up tokens that are not JWEs in the adapter", async () => {
    const { spies, client } = setup();
    client.jar.set(SALT, "a.b.c");
    await expect(client.session()).resolves.toBeNull();
    expect(spies.getSessionAndUser).toHaveBeenCalledWith("a.b.c");
  });

  it("signs out by clearing the cookie: signOut gets the token, deleteSession is never called", async () => {
    const signOut = vi.fn();
    const { spies, client } = setup({ events: { signOut } });
    await client.signInWithCredentials({});
    const response = await client.signOut();
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(signOut).toHaveBeenCalledWith({ token: expect.objectContaining({ sub: "7" }) });
    expect(touched(spies)).toEqual([]);
  });

  it("replaces an email (database) session and deletes its row; the reverse keeps the JWE away from the adapter", async () => {
    const { adapter, spies, outbox, client } = setup();
    await client.signInWithEmail("grace@example.com", outbox);
    const rowToken = client.jar.get(SALT)!;
    expect(await adapter.getSessionAndUser(rowToken)).not.toBeNull();

    await client.signInWithCredentials({});
    expect(await adapter.getSessionAndUser(rowToken)).toBeNull();
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });

    const jwe = client.jar.get(SALT)!;
    await client.signInWithEmail("grace@example.com", outbox);
    await expect(client.session()).resolves.toMatchObject({
      user: { email: "grace@example.com" },
    });
    const tokensSeen = [spies.getSessionAndUser!, spies.deleteSession!].flatMap((spy) =>
      spy.mock.calls.map((call: unknown[]) => call[0]),
    );
    expect(tokensSeen).not.toContain(jwe);
  });

  it("works with an adapter and no explicit strategy; credentials alone with database is refused", async () => {
    const implied = new TestClient({
      secret: SECRET,
      trustHost: true,
      adapter: memoryAdapter(),
      providers: [Credentials({ authorize: () => ada })],
    });
    await implied.signInWithCredentials({});
    await expect(implied.session()).resolves.toMatchObject({ user: { name: "Ada" } });

    const { logger, errors } = captureLogger();
    const explicit = new TestClient({
      ...implied.config,
      logger,
      session: { strategy: "database" },
    });
    const response = await explicit.request("/auth/session");
    expect(response.status).toBe(500);
    expect(errors.map((error) => error.name)).toEqual(["UnsupportedStrategy"]);
  });
});

describe("which JWEs count as a session under the database strategy", () => {
  const jwe = (token: Record<string, unknown>) =>
    encode({ token: { sub: "7", name: "Ada", ...token }, secret: SECRET, salt: SALT });

  it("refuses a JWE without the credentials marker: null, cookie cleared, adapter untouched", async () => {
    const { spies, errors, client, cfg } = setup();
    const unmarked = await jwe({});
    client.jar.set(SALT, unmarked);
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(errors.map((error) => error.name)).toEqual(["JWTSessionError"]);
    // The frameworks' getSession() reads it the same way.
    const header = `${SALT}=${unmarked}`;
    await expect(sessionFromCookieHeader(resolveConfig(cfg), () => "http", header)).resolves.toBe(
      null,
    );
    expect(touched(spies)).toEqual([]);

    // While the same sign-in's own (marked) cookie is a session there.
    await client.signInWithCredentials({});
    const marked = `${SALT}=${client.jar.get(SALT)}`;
    await expect(
      sessionFromCookieHeader(resolveConfig(cfg), () => "http", marked),
    ).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("refuses even a marked JWE when no credentials provider is configured", async () => {
    const { provider } = outboxEmailProvider();
    const adapter = memoryAdapter();
    const getSessionAndUser = vi.spyOn(adapter, "getSessionAndUser");
    const client = new TestClient({
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      adapter,
      providers: [provider],
    });
    client.jar.set(SALT, await jwe({ [CREDENTIALS_SESSION_CLAIM]: true }));
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(getSessionAndUser).not.toHaveBeenCalled();
  });

  it("accepts the JWE a credentials sign-in minted: marked, and the mark stays out of /session", async () => {
    // A jwt callback that rebuilds the token from scratch must not lose the session.
    const jwt = vi.fn(({ token }) => ({ sub: token.sub, name: token.name }));
    const { client } = setup({ callbacks: { jwt } });
    await client.signInWithCredentials({});
    const minted = await decode({ token: client.jar.get(SALT)!, secret: SECRET, salt: SALT });
    expect(minted?.[CREDENTIALS_SESSION_CLAIM]).toBe(true);

    for (let read = 0; read < 2; read++) {
      const body = await client.session();
      expect(body).toMatchObject({ user: { name: "Ada" } });
      expect(JSON.stringify(body)).not.toContain(CREDENTIALS_SESSION_CLAIM);
    }
    // The jwt callback sees the whole token, the mark included.
    expect(jwt.mock.calls.at(-1)![0].token).toMatchObject({ [CREDENTIALS_SESSION_CLAIM]: true });
  });

  it("does not mark credentials sessions under the JWT strategy", async () => {
    const client = new TestClient({
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      providers: [Credentials({ authorize: () => ada })],
    });
    await client.signInWithCredentials({});
    const minted = await decode({ token: client.jar.get(SALT)!, secret: SECRET, salt: SALT });
    expect(minted).not.toHaveProperty(CREDENTIALS_SESSION_CLAIM);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("signs out an unmarked JWE by clearing it, without a signOut event or the adapter", async () => {
    const signOut = vi.fn();
    const { spies, client } = setup({ events: { signOut } });
    client.jar.set(SALT, await jwe({}));
    const response = await client.signOut();
    expect(response.status).toBe(302);
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(signOut).not.toHaveBeenCalled();
    expect(touched(spies)).toEqual([]);
  });

  it("a JWT session from before a switch to the database strategy is not a session", async () => {
    // Same secret and salt, minted under the JWT strategy for the adapter user: no mark.
    const { adapter, client } = setup();
    const user = await adapter.createUser({ id: "u", email: "u@example.com", emailVerified: null });
    client.jar.set(SALT, await jwe({ sub: user.id, ca_adapter_sub: user.id }));
    await expect(client.session()).resolves.toBeNull();
  });
});
