/**
 * Rolling secret rotation on one process: accept-only secrets (`acceptSecrets`,
 * `AUTH_SECRET_NEXT`) verify everything but issue nothing, and a session cookie sealed with a
 * secret this instance does not hold is no session but is not deleted. The three-process
 * rollout is in `test/express/rolling-rotation.test.ts`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { sha256Hex } from "../../src/core/crypto.js";
import { decode, encode } from "../../src/jwt.js";
import type { AuthConfig } from "../../src/types.js";
import {
  captureLogger,
  outboxEmailProvider,
  setCookie,
  setCookies,
  TestClient,
  testConfig,
} from "../helpers.js";

const OLD = "the-old-secret-of-the-rotation-tests-0123456789";
const NEW = "the-new-secret-of-the-rotation-tests-0123456789";
const SALT = "authjs.session-token";
const ada = { id: "1", name: "Ada", email: "ada@example.com" };

const config = (extra: Partial<AuthConfig> = {}) => testConfig(extra, ada);

/** Cookies the response sets or clears under the session cookie's name (chunks included). */
function sessionCookies(response: Response) {
  return setCookies(response).filter((c) => c.name === SALT || c.name.startsWith(`${SALT}.`));
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a session cookie sealed under a key this instance does not hold", () => {
  it("is no session, and is kept: no Set-Cookie clears it", async () => {
    const { logger, errors } = captureLogger();
    const client = new TestClient(config({ secret: OLD, logger }));
    const token = await encode({ token: { sub: "1", name: "Ada" }, secret: NEW, salt: SALT });
    client.jar.set(SALT, token);
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(sessionCookies(response)).toEqual([]);
    expect(client.jar.get(SALT)).toBe(token);
    expect(errors.map((error) => error.name)).toEqual(["JWTSessionError"]);
    // The instance that holds the key reads the very same cookie.
    const other = new TestClient(config({ secret: [NEW, OLD] }));
    other.jar.set(SALT, client.jar.get(SALT)!);
    await expect(other.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });

  it("keeps every chunk of a chunked one", async () => {
    const big = (secret: string | string[]) =>
      config({ secret, callbacks: { jwt: ({ token }) => ({ ...token, blob: "x".repeat(9000) }) } });
    const issuer = new TestClient(big(NEW));
    await issuer.signInWithCredentials({});
    const chunks = [...issuer.jar.keys()].filter((name) => name.startsWith(`${SALT}.`));
    expect(chunks.length).toBeGreaterThan(1);
    const reader = new TestClient(big(OLD));
    for (const [name, value] of issuer.jar) reader.jar.set(name, value);
    const response = await reader.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(sessionCookies(response)).toEqual([]);
    for (const name of chunks) expect(reader.jar.get(name)).toBe(issuer.jar.get(name));
  });

  it("grants nothing anywhere: protected actions still see no user", async () => {
    const client = new TestClient(config({ secret: OLD }));
    client.jar.set(SALT, await encode({ token: { sub: "1" }, secret: NEW, salt: SALT }));
    await expect(client.session()).resolves.toBeNull();
    // Signing in on this instance replaces it with a session this instance can read.
    await client.signInWithCredentials({});
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
  });
});

describe("a session cookie this instance can check but that is invalid is still cleared", () => {
  it("sealed with our key but tampered with", async () => {
    const client = new TestClient(config({ secret: OLD }));
    const token = await encode({ token: { sub: "1" }, secret: OLD, salt: SALT });
    const parts = token.split(".");
    const ciphertext = parts[3]!;
    parts[3] = `${ciphertext[0] === "A" ? "B" : "A"}${ciphertext.slice(1)}`;
    client.jar.set(SALT, parts.join("."));
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
  });

  it("sealed with our key but expired, and a value that is no JWE at all", async () => {
    for (const value of [
      await encode({ token: { sub: "1" }, secret: OLD, salt: SALT, maxAge: -3600 }),
      "not-a-jwe",
    ]) {
      const client = new TestClient(config({ secret: OLD }));
      client.jar.set(SALT, value);
      const response = await client.request("/auth/session");
      await expect(response.json()).resolves.toBeNull();
      expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    }
  });

  it("with a custom jwt.decode, whose format the runtime cannot inspect", async () => {
    const client = new TestClient(
      config({
        secret: OLD,
        jwt: {
          decode: () => {
            throw new Error("not mine");
          },
        },
      }),
    );
    client.jar.set(SALT, await encode({ token: { sub: "1" }, secret: NEW, salt: SALT }));
    const response = await client.request("/auth/session");
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
  });
});

describe("accept-only secrets (phase 1 of a rotation)", () => {
  it("acceptSecrets: reads sessions sealed with it, issues with the first `secret`", async () => {
    const accepting = config({ secret: OLD, acceptSecrets: [NEW] });
    const client = new TestClient(accepting);
    client.jar.set(
      SALT,
      await encode({ token: { sub: "1", name: "Ada" }, secret: NEW, salt: SALT }),
    );
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });

    const fresh = new TestClient(accepting);
    await fresh.signInWithCredentials({});
    const issued = fresh.jar.get(SALT)!;
    await expect(decode({ token: issued, secret: OLD, salt: SALT })).resolves.toMatchObject({
      sub: "1",
    });
    await expect(decode({ token: issued, secret: NEW, salt: SALT })).rejects.toThrow();
  });

  it("AUTH_SECRET_NEXT is accepted next to AUTH_SECRET and never issues", async () => {
    vi.stubEnv("AUTH_SECRET", OLD);
    vi.stubEnv("AUTH_SECRET_NEXT", NEW);
    const { secret: _none, ...withoutSecret } = config();
    const client = new TestClient(withoutSecret);
    client.jar.set(
      SALT,
      await encode({ token: { sub: "1", name: "Ada" }, secret: NEW, salt: SALT }),
    );
    await expect(client.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    const fresh = new TestClient({ ...withoutSecret });
    await fresh.signInWithCredentials({});
    await expect(
      decode({ token: fresh.jar.get(SALT)!, secret: OLD, salt: SALT }),
    ).resolves.toMatchObject({ sub: "1" });
  });

  it("AUTH_SECRET_NEXT alone is no secret: the configuration is refused", async () => {
    vi.stubEnv("AUTH_SECRET", "");
    vi.stubEnv("AUTH_SECRET_NEXT", NEW);
    const { secret: _none, ...withoutSecret } = config();
    const response = await new TestClient(withoutSecret).request("/auth/session");
    expect(response.status).toBe(500);
  });

  it("AUTH_SECRET_NEXT is ignored when `secret` is set in code (acceptSecrets is the way there)", async () => {
    vi.stubEnv("AUTH_SECRET_NEXT", NEW);
    const client = new TestClient(config({ secret: OLD }));
    client.jar.set(SALT, await encode({ token: { sub: "1" }, secret: NEW, salt: SALT }));
    await expect(client.session()).resolves.toBeNull();
  });

  it("verifies CSRF cookies hashed with it, and mints them with the issuing secret", async () => {
    const token = "c".repeat(64);
    const client = new TestClient(config({ secret: OLD, acceptSecrets: NEW }));
    client.jar.set("authjs.csrf-token", `${token}|${sha256Hex(token + NEW)}`);
    await expect(client.csrfToken()).resolves.toBe(token);

    const fresh = new TestClient(config({ secret: OLD, acceptSecrets: NEW }));
    const minted = await fresh.csrfToken();
    expect(fresh.jar.get("authjs.csrf-token")).toBe(`${minted}|${sha256Hex(minted + OLD)}`);
  });

  it("lets a sign-in link minted under it work, in both directions", async () => {
    const adapter = memoryAdapter();
    const { provider, outbox } = outboxEmailProvider();
    const promoted = config({ secret: [NEW, OLD], adapter, providers: [provider] });
    const accepting = config({ secret: OLD, acceptSecrets: NEW, adapter, providers: [provider] });
    for (const [from, to] of [
      [promoted, accepting],
      [accepting, promoted],
    ] as const) {
      const requester = new TestClient(from);
      const csrfToken = await requester.csrfToken();
      await requester.request("/auth/signin/email", {
        form: { email: "ada@example.com", csrfToken },
      });
      const link = new URL(outbox.at(-1)!.url);
      const clicker = new TestClient(to);
      const response = await clicker.request(`${link.pathname}${link.search}`);
      expect(response.headers.get("location")).toBe("http://localhost:3000");
      await expect(clicker.session()).resolves.toMatchObject({
        user: { email: "ada@example.com" },
      });
    }
  });

  it("must be strings", async () => {
    const response = await new TestClient(
      config({ acceptSecrets: 7 as unknown as string }),
    ).request("/auth/session");
    expect(response.status).toBe(500);
  });
});
