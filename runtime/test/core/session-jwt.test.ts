import { encode as authjsEncode } from "@auth/core/jwt";
import { describe, expect, it, vi } from "vitest";
import { decode, encode } from "../../src/jwt.js";
import type { AuthConfig } from "../../src/types.js";
import {
  captureLogger,
  SECRET,
  setCookie,
  setCookies,
  TestClient,
  testConfig,
} from "../helpers.js";

const ada = { id: "1", name: "Ada", email: "ada@example.com" };
const SALT = "authjs.session-token";

const config = (extra: Partial<AuthConfig> = {}) => testConfig(extra, ada);

async function signedIn(cfg: AuthConfig, origin?: string) {
  const client = new TestClient(cfg, origin);
  await client.signInWithCredentials({});
  return client;
}

describe("GET /session with the JWT strategy (reference §3.3)", () => {
  it("answers null without a cookie, with no-cache headers", async () => {
    const response = await new TestClient(config()).request("/auth/session");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    await expect(response.json()).resolves.toBeNull();
  });

  it("calls jwt then session with the decoded token and fires events.session", async () => {
    const jwt = vi.fn(({ token }) => token);
    const sessionCallback = vi.fn(({ session, token }) => ({ ...session, id: token.sub }));
    const sessionEvent = vi.fn();
    const client = await signedIn(
      config({ callbacks: { jwt, session: sessionCallback }, events: { session: sessionEvent } }),
    );
    jwt.mockClear();
    const body = await client.session();
    expect(body).toMatchObject({ id: "1", user: { name: "Ada", email: "ada@example.com" } });
    expect(jwt).toHaveBeenCalledTimes(1);
    expect(jwt.mock.calls[0]![0]).toMatchObject({ token: { sub: "1" }, session: undefined });
    expect(jwt.mock.calls[0]![0].trigger).toBeUndefined();
    expect(sessionCallback.mock.calls[0]![0]).toMatchObject({ token: { sub: "1" } });
    expect(sessionEvent).toHaveBeenCalledTimes(1);
    expect(sessionEvent.mock.calls[0]![0]).toMatchObject({
      session: { id: "1" },
      token: { sub: "1" },
    });
  });

  it("passes user and account to jwt only at sign-in, so `if (user)` patterns keep their claims", async () => {
    const jwt = vi.fn(({ token, user }) => {
      if (user) token.id = user.id;
      return token;
    });
    const client = await signedIn(
      config({
        callbacks: { jwt, session: ({ session, token }) => ({ ...session, id: token?.id }) },
      }),
    );
    await expect(client.session()).resolves.toMatchObject({ id: "1" });
    await expect(client.session()).resolves.toMatchObject({ id: "1" });
    expect(jwt.mock.calls.at(-1)![0]).not.toHaveProperty("user");
    expect(jwt.mock.calls.at(-1)![0]).not.toHaveProperty("account");
  });

  it("re-issues the cookie on every read when a custom jwt callback is set (as Auth.js)", async () => {
    const client = await signedIn(config({ callbacks: { jwt: ({ token }) => token } }));
    const response = await client.request("/auth/session");
    const cookie = setCookie(response, SALT)!;
    expect(cookie).toBeDefined();
    const claims = await decode({ token: cookie.value, secret: SECRET, salt: SALT });
    expect(claims).toMatchObject({ sub: "1" });
  });

  it("with the default jwt callback renews the token only once per updateAge", async () => {
    const fresh = await signedIn(config());
    const response = await fresh.request("/auth/session");
    expect(setCookie(response, SALT)).toBeUndefined();
    const body = (await response.json()) as { expires: string };
    expect(Date.parse(body.expires) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const old = new TestClient(config({ session: { updateAge: 0 } }));
    await old.signInWithCredentials({});
    expect(setCookie(await old.request("/auth/session"), SALT)).toBeDefined();
  });

  it("accepts a session token minted by Auth.js with the same secret", async () => {
    const client = new TestClient(config());
    client.jar.set(
      SALT,
      await authjsEncode({ token: { name: "Grace", sub: "7" }, secret: SECRET, salt: SALT }),
    );
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Grace" } });
  });

  it("answers null, logs JWTSessionError and clears the cookie for an invalid token", async () => {
    const { logger, errors } = captureLogger();
    const client = new TestClient(config({ logger }));
    client.jar.set(SALT, "not-a-jwe");
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    expect(errors.map((e) => e.name)).toEqual(["JWTSessionError"]);
  });

  it("answers null for an expired token and for a token under another salt", async () => {
    for (const token of [
      await encode({ token: { sub: "1" }, secret: SECRET, salt: SALT, maxAge: -3600 }),
      await encode({ token: { sub: "1" }, secret: SECRET, salt: "authjs.callback-url" }),
    ]) {
      const client = new TestClient(config());
      client.jar.set(SALT, token);
      await expect(client.session()).resolves.toBeNull();
    }
  });

  it("signs out when the jwt callback returns null", async () => {
    let allow = true;
    const client = await signedIn(
      config({ callbacks: { jwt: ({ token }) => (allow ? token : null) } }),
    );
    allow = false;
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
  });

  it("over HTTPS uses __Host- names and ignores an unprefixed twin", async () => {
    const client = await signedIn(config(), "https://app.example");
    const secureValue = client.jar.get(`__Host-${SALT}`)!;
    expect(secureValue).toBeDefined();
    const twin = new TestClient(config(), "https://app.example");
    twin.jar.set(SALT, await encode({ token: { sub: "evil" }, secret: SECRET, salt: SALT }));
    await expect(twin.session()).resolves.toBeNull();
  });
});

describe("POST /session updates (trigger: update)", () => {
  it("passes data to jwt with trigger update and re-issues the token", async () => {
    const jwt = vi.fn(({ token, trigger, session }) =>
      trigger === "update" ? { ...token, name: session.name } : token,
    );
    const client = await signedIn(config({ callbacks: { jwt } }));
    const csrfToken = await client.csrfToken();
    const response = await client.request("/auth/session", {
      json: { csrfToken, data: { name: "Countess" } },
    });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toMatchObject({ user: { name: "Countess" } });
    expect(response.headers.get("cache-control")).not.toBe("private, no-cache, no-store");
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Countess" } });
  });
});

describe("session cookie chunking (reference §2.2)", () => {
  const bigConfig = () =>
    config({ callbacks: { jwt: ({ token }) => ({ ...token, blob: "x".repeat(9000) }) } });

  it("splits a large token into numbered chunks under 4 KB and reads them back", async () => {
    const client = new TestClient(bigConfig());
    const response = await client.signInWithCredentials({});
    const chunks = setCookies(response).filter((c) => c.name.startsWith(`${SALT}.`));
    const total = chunks.reduce((length, chunk) => length + chunk.value.length, 0);
    expect(chunks.length).toBe(Math.ceil(total / 3936));
    expect(chunks.map((c) => c.name)).toEqual(chunks.map((_, i) => `${SALT}.${i}`));
    expect(setCookie(response, SALT)).toBeUndefined();
    for (const chunk of chunks) expect(chunk.value.length).toBeLessThanOrEqual(3936);
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("clears stale chunks when the token shrinks back to one cookie", async () => {
    const client = new TestClient(bigConfig());
    await client.signInWithCredentials({});
    const small = new TestClient(config());
    for (const [name, value] of client.jar) small.jar.set(name, value);
    const response = await small.signInWithCredentials({});
    const names = setCookies(response).map((c) => `${c.name}:${c.attributes["max-age"] ?? "set"}`);
    const stale = [...client.jar.keys()].filter((name) => name.startsWith(`${SALT}.`));
    expect(stale.length).toBeGreaterThan(1);
    expect(names).toEqual(
      expect.arrayContaining([...stale.map((name) => `${name}:0`), `${SALT}:set`]),
    );
  });

  it("refuses chunks with a gap instead of gluing them", async () => {
    // The real decoder behind a spy: glued chunks would reach it and fail to decrypt, logging a
    // JWTSessionError; a gap must be seen before any cryptography.
    const spy = vi.fn((params: Parameters<typeof decode>[0]) => decode(params));
    const { logger, errors } = captureLogger();
    const client = new TestClient({
      ...bigConfig(),
      logger,
      jwt: { decode: spy as typeof decode },
    });
    await client.signInWithCredentials({});
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    expect(spy).toHaveBeenCalled();
    spy.mockClear();

    client.jar.delete(`${SALT}.1`);
    await expect(client.session()).resolves.toBeNull();
    expect(spy).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
  });

  it("clears every chunk of a gapped session, on /session and on sign-out", async () => {
    const client = new TestClient(bigConfig());
    await client.signInWithCredentials({});
    client.jar.delete(`${SALT}.1`);
    const left = [...client.jar.keys()].filter((name) => name.startsWith(`${SALT}.`));
    expect(left.length).toBeGreaterThan(1);
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    for (const name of left) expect(setCookie(response, name)?.attributes["max-age"]).toBe("0");

    const orphan = new TestClient(bigConfig());
    orphan.jar.set(`${SALT}.2`, "part");
    const signedOut = await orphan.signOut();
    expect(signedOut.status).toBe(302);
    expect(setCookie(signedOut, `${SALT}.2`)?.attributes["max-age"]).toBe("0");
  });
});
