import { base64url, CompactEncrypt } from "jose";
import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { deriveKey } from "../../src/jwt/derive-key.js";
import { encode } from "../../src/jwt.js";
import Credentials from "../../src/providers/credentials.js";
import type { HttpTestClient } from "../helpers.js";
import { outboxEmailProvider, SECRET, setCookie, testConfig } from "../helpers.js";
import { cookieHeader, rawRequest, useServer } from "./server.js";

// Cookies and session tokens under attack: confusion between purposes, hostile JWE headers,
// stale or future tokens, twins without the secure prefix, and session fixation.

const SESSION = "authjs.session-token";
const users: Record<string, { id: string; name: string }> = {
  ada: { id: "1", name: "Ada" },
  mallory: { id: "666", name: "Mallory" },
};
const credentials = Credentials({
  credentials: { username: {} },
  authorize: (c) => users[c.username as string] ?? null,
});
const jwtServer = useServer(() => testConfig({ providers: [credentials] }));
const https = useServer(() => testConfig({ providers: [credentials] }), { trustProxy: true });
const mail = outboxEmailProvider();
const dbAdapter = memoryAdapter();
const dbServer = useServer(() =>
  testConfig({ adapter: dbAdapter, session: { strategy: "database" }, providers: [mail.provider] }),
);

/** What the server makes of a session cookie: the JSON session and the protected page's status. */
async function sessionWith(origin: string, cookie: string) {
  const session = await rawRequest(origin, { path: "/auth/session", headers: { cookie } });
  const page = await rawRequest(origin, { path: "/me", headers: { cookie, accept: "text/html" } });
  expect(session.status).toBe(200);
  return { session: JSON.parse(session.body) as unknown, page: page.status, cleared: session };
}

async function signedIn(username = "ada"): Promise<HttpTestClient> {
  const client = jwtServer().client();
  await client.signInWithCredentials({ username });
  return client;
}

describe("a cookie of one purpose is never accepted as another", () => {
  it("a valid session cookie works (the cases below can fail)", async () => {
    const client = await signedIn();
    const { session, page } = await sessionWith(jwtServer().origin, cookieHeader(client));
    expect(session).toMatchObject({ user: { name: "Ada" } });
    expect(page).toBe(200);
  });

  it.each([
    "authjs.csrf-token",
    "authjs.callback-url",
    "authjs.state",
    "authjs.pkce.code_verifier",
    "authjs.nonce",
  ])("the value of %s as the session cookie", async (name) => {
    const client = await signedIn();
    const sealed =
      client.jar.get(name) ??
      (await encode({ token: { sub: "1", name: "Ada" }, secret: SECRET, salt: name }));
    const cookie = `${SESSION}=${encodeURIComponent(sealed)}`;
    const { session, page } = await sessionWith(jwtServer().origin, cookie);
    expect(session).toBeNull();
    expect(page).toBe(302);
  });

  it("a session token presented as an OAuth check cookie or the CSRF cookie does nothing", async () => {
    const client = await signedIn();
    const token = client.jar.get(SESSION)!;
    const fresh = jwtServer().client();
    fresh.jar.set("authjs.csrf-token", token);
    const response = await fresh.request("/auth/callback/credentials", {
      form: { username: "ada", csrfToken: token },
    });
    expect(response.headers.get("location")).toContain("error=MissingCSRF");
    expect(setCookie(response, SESSION)).toBeUndefined();
  });
});

describe("hostile JWE session tokens are refused, and the server keeps answering", () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claims = () => ({ sub: "1", name: "Ada", iat: now(), exp: now() + 3600, jti: "x" });
  const seal = async (header: Record<string, unknown>, payload: object, key?: Uint8Array) => {
    const derived = await deriveKey(SECRET, SESSION, "A256CBC-HS512");
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader(header as never)
      .encrypt(key ?? derived.key);
  };
  const swapHeader = async (header: Record<string, unknown>) => {
    const valid = await encode({ token: { sub: "1", name: "Ada" }, secret: SECRET, salt: SESSION });
    return [base64url.encode(JSON.stringify(header)), ...valid.split(".").slice(1)].join(".");
  };
  const attackerKey = crypto.getRandomValues(new Uint8Array(64));

  const tokens: [string, () => Promise<string>][] = [
    ["alg A256KW", () => swapHeader({ alg: "A256KW", enc: "A256CBC-HS512" })],
    ["alg RSA-OAEP", () => swapHeader({ alg: "RSA-OAEP", enc: "A256CBC-HS512" })],
    ["alg none", () => swapHeader({ alg: "none" })],
    ["enc A128GCM", () => swapHeader({ alg: "dir", enc: "A128GCM" })],
    ["zip DEF", () => swapHeader({ alg: "dir", enc: "A256CBC-HS512", zip: "DEF" })],
    [
      "crit with an unknown extension",
      () => swapHeader({ alg: "dir", enc: "A256CBC-HS512", crit: ["x"], x: 1 }),
    ],
    [
      "an embedded jwk with the attacker's key",
      () =>
        seal(
          {
            alg: "dir",
            enc: "A256CBC-HS512",
            jwk: { kty: "oct", k: base64url.encode(attackerKey) },
          },
          claims(),
          attackerKey,
        ),
    ],
    ["the attacker's key", () => seal({ alg: "dir", enc: "A256CBC-HS512" }, claims(), attackerKey)],
    ["a header that is not JSON", async () => `${base64url.encode("{")}.....`],
    ["a five-part token of 12 KB", async () => ["a", "", "b".repeat(12_000), "c", "d"].join(".")],
    ["two dots only", async () => ".."],
    ["no exp", () => seal({ alg: "dir", enc: "A256CBC-HS512" }, { sub: "1", iat: now() })],
    ["expired", () => encode({ token: { sub: "1" }, secret: SECRET, salt: SESSION, maxAge: -60 })],
    [
      "iat an hour in the future",
      () => seal({ alg: "dir", enc: "A256CBC-HS512" }, { ...claims(), iat: now() + 3600 }),
    ],
    [
      "nbf in the future",
      () => seal({ alg: "dir", enc: "A256CBC-HS512" }, { ...claims(), nbf: now() + 3600 }),
    ],
    [
      "exp as a string",
      () => seal({ alg: "dir", enc: "A256CBC-HS512" }, { ...claims(), exp: "9999999999" }),
    ],
    ["a JSON array as claims", () => seal({ alg: "dir", enc: "A256CBC-HS512" }, [1, 2])],
  ];

  it.each(tokens)("%s: no session, the cookie is cleared", async (_label, make) => {
    const cookie = `${SESSION}=${encodeURIComponent(await make())}`;
    const { session, page, cleared } = await sessionWith(jwtServer().origin, cookie);
    expect(session).toBeNull();
    expect(page).toBe(302);
    expect(cleared.cookieNames).toContain(SESSION);
  });

  it("another secret (its own kid): no session, and the cookie is kept for the instances that hold it", async () => {
    const token = await encode({
      token: { sub: "1" },
      secret: "another-secret-0123456789abcdef0123",
      salt: SESSION,
    });
    const { session, page, cleared } = await sessionWith(
      jwtServer().origin,
      `${SESSION}=${encodeURIComponent(token)}`,
    );
    expect(session).toBeNull();
    expect(page).toBe(302);
    expect(cleared.cookieNames).not.toContain(SESSION);
  });

  it("a huge cookie header is answered 431 and the server keeps serving", async () => {
    const cookie = `${SESSION}=${"a".repeat(200_000)}`;
    const response = await rawRequest(jwtServer().origin, {
      path: "/auth/session",
      headers: { cookie },
    });
    expect(response.status).toBe(431);
    const after = await rawRequest(jwtServer().origin, { path: "/auth/session" });
    expect(after.status).toBe(200);
  });

  it("a flood of session chunks (hundreds of .N cookies) gives no session and no 5xx", async () => {
    const chunks = Array.from({ length: 250 }, (_, i) => `${SESSION}.${i}=${"x".repeat(20)}`);
    const { session, page } = await sessionWith(jwtServer().origin, chunks.join("; "));
    expect(session).toBeNull();
    expect(page).toBe(302);
  });
});

describe("unprefixed twins are ignored over HTTPS", () => {
  const forwarded = { "x-forwarded-proto": "https" };
  async function secureSignIn(username: string) {
    const client = https().client();
    const csrf = await client.request("/auth/csrf", { headers: forwarded });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    await client.request("/auth/callback/credentials", {
      headers: forwarded,
      form: { username, csrfToken },
    });
    return client.jar.get(`__Host-${SESSION}`)!;
  }
  const read = async (cookie: string) => {
    const response = await rawRequest(https().origin, {
      path: "/auth/session",
      headers: { cookie, ...forwarded },
    });
    return JSON.parse(response.body) as unknown;
  };

  it("a planted authjs.session-token (set by a sibling subdomain or over http) is not a session", async () => {
    const mallory = await secureSignIn("mallory");
    await expect(read(`__Host-${SESSION}=${mallory}`)).resolves.toMatchObject({
      user: { name: "Mallory" },
    });
    await expect(read(`${SESSION}=${mallory}`)).resolves.toBeNull();
  });

  it("next to the real __Host- cookie, a twin for another account changes nothing", async () => {
    const ada = await secureSignIn("ada");
    const mallory = await secureSignIn("mallory");
    await expect(
      read(`${SESSION}=${mallory}; __Host-${SESSION}=${ada}; ${SESSION}.0=${mallory}`),
    ).resolves.toMatchObject({ user: { name: "Ada" } });
  });
});

describe("session fixation", () => {
  it("JWT: every sign-in issues a fresh token, and signing in over another session replaces it", async () => {
    const client = await signedIn("mallory");
    const planted = client.jar.get(SESSION)!;
    // The victim's browser, carrying the attacker's session, signs in as the victim.
    const victim = jwtServer().client();
    victim.jar.set(SESSION, planted);
    const response = await victim.signInWithCredentials({ username: "ada" });
    const issued = setCookie(response, SESSION)!;
    expect(issued.value).not.toBe(planted);
    await expect(victim.session()).resolves.toMatchObject({ user: { name: "Ada" } });
    const again = await victim.signInWithCredentials({ username: "ada" });
    expect(setCookie(again, SESSION)!.value).not.toBe(issued.value);
  });

  async function emailSignIn(client: HttpTestClient, email: string) {
    const csrfToken = await client.csrfToken();
    await client.request("/auth/signin/email", { form: { email, csrfToken } });
    const link = new URL(mail.outbox.at(-1)!.url);
    return client.request(`${link.pathname}${link.search}`);
  }

  it("database: a planted session id is replaced by a fresh one, and the old one is revoked", async () => {
    const attacker = dbServer().client();
    await emailSignIn(attacker, "mallory@example.com");
    const planted = attacker.jar.get(SESSION)!;
    const victim = dbServer().client();
    victim.jar.set(SESSION, planted);
    const response = await emailSignIn(victim, "ada@example.com");
    const issued = setCookie(response, SESSION)!.value;
    expect(issued).not.toBe(planted);
    expect(issued).toMatch(/^[\w-]{43,}$/);
    await expect(victim.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
    // The id the attacker knows no longer opens anything.
    const { session } = await sessionWith(dbServer().origin, `${SESSION}=${planted}`);
    expect(session).toBeNull();
  });

  it("database: an invented session id never becomes a session", async () => {
    const victim = dbServer().client();
    victim.jar.set(SESSION, "a".repeat(64));
    const response = await emailSignIn(victim, "grace@example.com");
    expect(setCookie(response, SESSION)!.value).not.toBe("a".repeat(64));
    const { session } = await sessionWith(dbServer().origin, `${SESSION}=${"a".repeat(64)}`);
    expect(session).toBeNull();
  });
});
