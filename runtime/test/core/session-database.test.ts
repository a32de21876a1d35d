import { describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import Credentials from "../../src/providers/credentials.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, outboxEmailProvider, SECRET, setCookie, TestClient } from "../helpers.js";

const SALT = "authjs.session-token";
const DAY = 24 * 3600 * 1000;

/** Database sessions come from email sign-ins (credentials always get a JWT cookie). */
function setup(extra: Partial<AuthConfig> = {}) {
  const adapter = memoryAdapter();
  const { provider, outbox } = outboxEmailProvider();
  const cfg: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter,
    providers: [Credentials({ authorize: () => ({ id: "u1", name: "Ada" }) }), provider],
    ...extra,
  };
  const client = new TestClient(cfg);
  const signIn = (to: TestClient = client) => to.signInWithEmail("ada@example.com", outbox);
  return { adapter, cfg, client, signIn };
}

describe("database sessions with memoryAdapter (reference §3.4)", () => {
  it("defaults to the database strategy with an adapter and creates a row at sign-in", async () => {
    const { adapter, signIn } = setup();
    const response = await signIn();
    const cookie = setCookie(response, SALT)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const found = await adapter.getSessionAndUser(cookie.value);
    expect(found?.user).toMatchObject({ email: "ada@example.com" });
    expect(
      Math.abs(Date.parse(cookie.attributes.expires as string) - found!.session.expires.valueOf()),
    ).toBeLessThan(1000);
  });

  it("reads the session through the session callback with user and expires", async () => {
    const session = vi.fn(({ session, user }) => ({ ...session, userId: user.id }));
    const { adapter, client, signIn } = setup({ callbacks: { session } });
    await signIn();
    const body = (await client.session()) as { userId: string; expires: string };
    const user = await adapter.getUserByEmail("ada@example.com");
    expect(body.userId).toBe(user!.id);
    expect(session.mock.calls[0]![0]).toMatchObject({
      user: { id: user!.id, email: "ada@example.com" },
      newSession: undefined,
    });
  });

  it("fires events.session once per read with the callback's result and no token", async () => {
    const events = { session: vi.fn() };
    const session = vi.fn(({ session }) => ({ ...session, marked: true }));
    const { client, signIn } = setup({ events, callbacks: { session } });
    await signIn();
    events.session.mockClear();
    const body = await client.session();
    expect(events.session).toHaveBeenCalledTimes(1);
    const payload = events.session.mock.calls[0]![0];
    expect(Object.keys(payload)).toEqual(["session"]);
    // The callback's result itself (Dates and all); /session sends it as JSON.
    expect(JSON.parse(JSON.stringify(payload.session))).toStrictEqual(body);
    expect(body).toMatchObject({ marked: true, user: { email: "ada@example.com" } });
  });

  it("extends the row at most once per updateAge and then re-sends the cookie", async () => {
    const { adapter, client, signIn } = setup();
    await signIn();
    const token = client.jar.get(SALT)!;
    const updateSession = vi.spyOn(adapter, "updateSession");

    const fresh = await client.request("/auth/session");
    expect(setCookie(fresh, SALT)).toBeUndefined();
    expect(updateSession).not.toHaveBeenCalled();

    await adapter.updateSession({ sessionToken: token, expires: new Date(Date.now() + 28 * DAY) });
    updateSession.mockClear();
    const due = await client.request("/auth/session");
    expect(updateSession).toHaveBeenCalledTimes(1);
    const renewed = (await adapter.getSessionAndUser(token))!.session.expires.valueOf();
    expect(renewed - Date.now()).toBeGreaterThan(29 * DAY);
    expect(setCookie(due, SALT)?.value).toBe(token);
    const body = (await due.json()) as { expires: string };
    expect(Math.abs(Date.parse(body.expires) - renewed)).toBeLessThan(1000);
  });

  it("deletes an expired row, answers null and clears the cookie", async () => {
    const { adapter, client, signIn } = setup();
    await signIn();
    const token = client.jar.get(SALT)!;
    await adapter.updateSession({ sessionToken: token, expires: new Date(Date.now() - 1000) });
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(await adapter.getSessionAndUser(token)).toBeNull();
  });

  it("answers null for an unknown token", async () => {
    const { client } = setup();
    client.jar.set(SALT, "nope");
    await expect(client.session()).resolves.toBeNull();
  });

  it("sign-out deletes the row, fires signOut with it, and the old cookie no longer works", async () => {
    const signOut = vi.fn();
    const { adapter, client, cfg, signIn } = setup({ events: { signOut } });
    await signIn();
    const token = client.jar.get(SALT)!;
    const csrfToken = await client.csrfToken();
    const response = await client.request("/auth/signout", { form: { csrfToken } });
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(await adapter.getSessionAndUser(token)).toBeNull();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(signOut.mock.calls[0]![0]).toStrictEqual({
      session: expect.objectContaining({ sessionToken: token }),
    });
    const replay = new TestClient(cfg);
    replay.jar.set(SALT, token);
    await expect(replay.session()).resolves.toBeNull();
  });

  it("gives a fresh session token on every sign-in and deletes the previous one", async () => {
    const { adapter, client, signIn } = setup();
    await signIn();
    const first = client.jar.get(SALT)!;
    await signIn();
    const second = client.jar.get(SALT)!;
    expect(second).not.toBe(first);
    expect(await adapter.getSessionAndUser(first)).toBeNull();
  });

  it("POST /session passes newSession and trigger update to the session callback", async () => {
    const session = vi.fn(({ session, newSession }) => ({ ...session, note: newSession?.note }));
    const { client, signIn } = setup({ callbacks: { session } });
    await signIn();
    const csrfToken = await client.csrfToken();
    const response = await client.request("/auth/session", {
      json: { csrfToken, data: { note: "hi" } },
    });
    await expect(response.json()).resolves.toMatchObject({ note: "hi" });
    expect(session.mock.calls.at(-1)![0]).toMatchObject({
      trigger: "update",
      newSession: { note: "hi" },
    });
  });

  it("answers 503 (not null) and keeps the cookie when the adapter fails", async () => {
    const { logger, errors } = captureLogger();
    const { adapter, client, signIn } = setup({ logger });
    await signIn();
    adapter.getSessionAndUser = () => {
      throw new Error("connection refused");
    };
    const broken = new TestClient({ ...client.config, adapter });
    for (const [name, value] of client.jar) broken.jar.set(name, value);
    const response = await broken.request("/auth/session");
    expect(response.status).toBe(503);
    expect(setCookie(response, SALT)).toBeUndefined();
    expect(errors.at(-1)?.name).toBe("SessionStoreUnavailable");
    expect(String((errors.at(-1)?.cause as Error).message)).toContain('"getSessionAndUser"');
  });
});

describe("session cookies no database token could be", () => {
  const unusable = [
    ["a NUL byte", "\u0000"],
    ["a NUL inside", "abc\u0000def"],
    ["a control character", "abc\tdef"],
    ["a space", "abc def"],
    ["a non-ASCII character", "séssion"],
    ["over 255 characters", "x".repeat(256)],
  ] as const;

  it.each(
    unusable,
  )("with %s never reach the adapter, and the cookie is cleared", async (_, token) => {
    const { adapter, client, signIn } = setup();
    const spies = [
      vi.spyOn(adapter, "getSessionAndUser"),
      vi.spyOn(adapter, "updateSession"),
      vi.spyOn(adapter, "deleteSession"),
    ];
    client.jar.set(SALT, token);
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");

    client.jar.set(SALT, token);
    const signedOut = await client.signOut();
    expect(signedOut.status).toBe(302);
    expect(setCookie(signedOut, SALT)?.attributes["max-age"]).toBe("0");

    // Signing in over it (the "current user" lookup, the old row's deletion) neither.
    client.jar.set(SALT, token);
    await signIn();
    client.jar.set(SALT, token);
    await client.signInWithCredentials({});

    const seen = spies.flatMap((spy) =>
      spy.mock.calls.map((call) => (typeof call[0] === "string" ? call[0] : call[0]?.sessionToken)),
    );
    expect(seen).not.toContain(token);
  });

  it("still looks up a 255-character printable token", async () => {
    const { adapter, client } = setup();
    const getSessionAndUser = vi.spyOn(adapter, "getSessionAndUser");
    const token = "~".repeat(255);
    client.jar.set(SALT, token);
    await expect(client.session()).resolves.toBeNull();
    expect(getSessionAndUser).toHaveBeenCalledWith(token);
  });
});

describe("orphan session cookie chunks", () => {
  it("are all cleared when the chunks have a gap, by /session and by sign-out", async () => {
    const { client } = setup();
    const orphans = [`${SALT}.0`, `${SALT}.3`];
    for (const name of orphans) client.jar.set(name, "part");
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    for (const name of orphans) expect(setCookie(response, name)?.attributes["max-age"]).toBe("0");

    for (const name of orphans) client.jar.set(name, "part");
    const signedOut = await client.signOut();
    expect(signedOut.status).toBe(302);
    for (const name of orphans) expect(setCookie(signedOut, name)?.attributes["max-age"]).toBe("0");
  });
});

describe("sign-out under the database strategy", () => {
  it("clears the cookie and says so with 503 when deleteSession throws", async () => {
    const { logger, errors } = captureLogger();
    const { adapter, client, signIn } = setup({ logger });
    await signIn();
    adapter.deleteSession = () => {
      throw new Error("connection refused");
    };
    const response = await client.signOut();
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Sign-out not finished");
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(errors.at(-1)?.name).toBe("SignOutError");
  });

  it("never hands a credentials JWE to deleteSession, and clears it even when it cannot be read", async () => {
    const { logger, errors } = captureLogger();
    const { adapter, client } = setup({ logger });
    const deleteSession = vi.spyOn(adapter, "deleteSession");
    await client.signInWithCredentials({});
    const jwe = client.jar.get(SALT)!;
    client.jar.set(SALT, `${jwe.slice(0, -4)}AAAA`);
    const response = await client.signOut();
    expect(response.status).toBe(302);
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(deleteSession).not.toHaveBeenCalled();
    expect(errors.at(-1)?.name).toBe("SignOutError");
  });
});
