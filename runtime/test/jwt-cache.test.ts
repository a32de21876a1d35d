import { encode as authjsEncode } from "@auth/core/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeCached, sessionPlaintexts } from "../src/jwt/decode.js";
import { PlaintextCache } from "../src/jwt/plaintext-cache.js";
import { getToken } from "../src/jwt.js";
import { TestClient, testConfig } from "./helpers.js";

// The decrypted-session cache: it may only ever save cryptography, never change an answer.

const secret = "a-32-byte-long-secret-for-cache-tests";
const salt = "authjs.session-token";

/** decodeCached() answers synchronously when it can; as a promise, both outcomes are testable. */
const read = async (params: Parameters<typeof decodeCached>[0]) => decodeCached(params);

afterEach(() => {
  vi.useRealTimers();
  sessionPlaintexts.clear();
});

describe("decodeCached", () => {
  it("never serves a token past its expiry, and forgets it then", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const token = await authjsEncode({ token: { sub: "1" }, secret, salt, maxAge: 60 });
    await expect(read({ token, secret, salt })).resolves.toMatchObject({ sub: "1" });
    expect(sessionPlaintexts.size).toBe(1);
    // jose's clock tolerance (15 s) applies as on an uncached read, and not a second more.
    vi.setSystemTime(Date.now() + 74_000);
    await expect(read({ token, secret, salt })).resolves.toMatchObject({ sub: "1" });
    vi.setSystemTime(Date.now() + 1_000);
    await expect(read({ token, secret, salt })).rejects.toThrow(/exp/);
    expect(sessionPlaintexts.size).toBe(0);
  });

  it("is only hit by a caller holding the secret that decrypted the token, under its salt", async () => {
    const token = await authjsEncode({ token: { sub: "1" }, secret, salt });
    await expect(read({ token, secret, salt })).resolves.toMatchObject({ sub: "1" });
    expect(sessionPlaintexts.size).toBe(1);
    // Another configuration's secret, or a rotation that dropped this one: no.
    await expect(read({ token, secret: "another-secret", salt })).rejects.toThrow();
    await expect(read({ token, secret: ["new", "newer"], salt })).rejects.toThrow();
    // The same token presented for another cookie name: no.
    await expect(read({ token, secret, salt: "__Secure-authjs.session-token" })).rejects.toThrow();
    // A rotation that still holds the secret: yes, as decryption would.
    await expect(read({ token, secret: ["new", secret], salt })).resolves.toMatchObject({
      sub: "1",
    });
  });

  it("finds entries by the token's tag but serves only the exact token", async () => {
    const token = await authjsEncode({ token: { sub: "1" }, secret, salt });
    await expect(read({ token, secret, salt })).resolves.toMatchObject({ sub: "1" });
    const parts = token.split(".");
    // Another ciphertext (or IV, or header) under the same tag: never the cached claims, and
    // decryption refuses it (the tag authenticates all of them).
    const flipped = parts[3]!.startsWith("A") ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    const forged = [parts[0], parts[1], parts[2], flipped, parts[4]].join(".");
    await expect(read({ token: forged, secret, salt })).rejects.toThrow();
    // The real token still reads, from the cache.
    await expect(read({ token, secret, salt })).resolves.toMatchObject({ sub: "1" });
    expect(sessionPlaintexts.size).toBe(1);
  });

  it("hands out a new object every time: a callback's change never reaches the next read", async () => {
    const token = await authjsEncode({
      token: { sub: "1", nested: { role: "user" } },
      secret,
      salt,
    });
    const flat = await authjsEncode({ token: { sub: "2", name: "Ada" }, secret, salt });
    for (const cached of [token, flat]) {
      const first = (await read({ token: cached, secret, salt })) as Record<string, unknown>;
      first.sub = "attacker";
      if (first.nested) (first.nested as Record<string, unknown>).role = "admin";
      const second = (await read({ token: cached, secret, salt })) as Record<string, unknown>;
      expect(second).not.toBe(first);
      expect(second.sub).not.toBe("attacker");
      if (second.nested) expect(second.nested).toEqual({ role: "user" });
    }
  });

  it("backs getToken, which stays exact about expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const token = await authjsEncode({ token: { sub: "1" }, secret, salt, maxAge: 60 });
    const req = { headers: { cookie: `${salt}=${token}` } };
    await expect(getToken({ req, secret })).resolves.toMatchObject({ sub: "1" });
    vi.setSystemTime(Date.now() + 80_000);
    await expect(getToken({ req, secret })).resolves.toBeNull();
  });
});

describe("session reads through the cache", () => {
  it("still end at session.absoluteMaxAge", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const config = testConfig({ session: { maxAge: 3600, updateAge: 3600, absoluteMaxAge: 600 } });
    const client = new TestClient(config);
    await client.signInWithCredentials({});
    const token = client.jar.get(salt);
    for (let i = 0; i < 3; i++) await expect(client.session()).resolves.not.toBeNull();
    expect(client.jar.get(salt)).toBe(token); // the same cookie every time: cached reads
    vi.setSystemTime(Date.now() + 601_000);
    await expect(client.session()).resolves.toBeNull();
  });
});

describe("PlaintextCache", () => {
  it("holds at most maxEntries tokens", () => {
    const cache = new PlaintextCache(10, 1_000_000);
    for (let i = 0; i < 100; i++) cache.set(`token-${i}`, secret, salt, "{}", {});
    expect(cache.size).toBeLessThanOrEqual(10);
    // The most recent ones are kept.
    expect(cache.get("token-99", [secret], salt)?.text).toBe("{}");
  });

  it("holds at most maxChars characters, and never caches a huge token", () => {
    const cache = new PlaintextCache(1000, 8000);
    for (let i = 0; i < 100; i++) cache.set(`t${i}-${"x".repeat(500)}`, secret, salt, "{}", {});
    expect(cache.size * 500).toBeLessThanOrEqual(8000);
    cache.set("y".repeat(2000), secret, salt, "{}", {});
    expect(cache.get("y".repeat(2000), [secret], salt)).toBeUndefined();
  });

  it("keeps recently used tokens over ones never read again", () => {
    const cache = new PlaintextCache(4, 1_000_000);
    cache.set("hot", secret, salt, "{}", {});
    for (let i = 0; i < 20; i++) {
      cache.set(`cold-${i}`, secret, salt, "{}", {});
      expect(cache.get("hot", [secret], salt)).toBeDefined();
    }
  });
});

describe("PlaintextCache keys", () => {
  const tag43 = "t".repeat(43);
  const tag22 = "g".repeat(22);

  it("serves each token of any shape its own entry, and never a twin filed under its key", () => {
    const cache = new PlaintextCache(100, 1 << 20);
    // Pairs that share a key: the same tag after other parts (A256CBC-HS512's 43 characters,
    // A256GCM's 22), and shapes with no tag where it is looked for first.
    const pairs: [string, string][] = [
      [`hdr..iv.ct-a.${tag43}`, `hdr..iv.ct-b.${tag43}`],
      [`hdr..iv.ct-a.${tag22}`, `hdr..iv.ct-b.${tag22}`],
      [`a.${"y".repeat(42)}.z`, `b.${"y".repeat(42)}.z`],
      ["no-dot-at-all", "no-dot-at-all"],
    ];
    for (const [index, [token, twin]] of pairs.entries()) {
      cache.set(token, secret, salt, `{"n":${index}}`, { n: index });
      expect(cache.get(token, [secret], salt)?.text).toBe(`{"n":${index}}`);
      if (twin !== token) expect(cache.get(twin, [secret], salt)).toBeUndefined();
    }
  });
});
