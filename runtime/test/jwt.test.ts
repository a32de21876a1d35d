import { hkdfSync } from "node:crypto";
import {
  decode as authjsDecode,
  encode as authjsEncode,
  getToken as authjsGetToken,
} from "@auth/core/jwt";
import { base64url, CompactEncrypt, calculateJwkThumbprint, EncryptJWT } from "jose";
import { describe, expect, it, vi } from "vitest";
import { deriveKey } from "../src/jwt/derive-key.js";
import { decode, encode, getToken } from "../src/jwt.js";

const secret = "a-32-byte-long-secret-for-tests!!";
const salt = "authjs.session-token";
const claims = { name: "Ada", email: "ada@example.com", sub: "user-1", picture: null };

describe("JWE wire compatibility with Auth.js", () => {
  it("decodes a token encoded by @auth/core", async () => {
    const token = await authjsEncode({ token: claims, secret, salt });
    await expect(decode({ token, secret, salt })).resolves.toMatchObject(claims);
  });

  it("produces tokens that @auth/core decodes", async () => {
    const token = await encode({ token: claims, secret, salt });
    await expect(authjsDecode({ token, secret, salt })).resolves.toMatchObject(claims);
  });

  it("uses the same header as Auth.js: dir, A256CBC-HS512 and the same kid", async () => {
    const ours = await encode({ token: claims, secret, salt });
    const theirs = await authjsEncode({ token: claims, secret, salt });
    const header = (jwe: string) =>
      JSON.parse(new TextDecoder().decode(base64url.decode(jwe.split(".")[0]!)));
    expect(header(ours)).toEqual(header(theirs));
    expect(header(ours)).toMatchObject({ alg: "dir", enc: "A256CBC-HS512" });
  });

  it("sets iat, exp = iat + maxAge and a fresh jti on every encode", async () => {
    const a = await decode({
      token: await encode({ token: claims, secret, salt, maxAge: 60 }),
      secret,
      salt,
    });
    const b = await decode({
      token: await encode({ token: claims, secret, salt, maxAge: 60 }),
      secret,
      salt,
    });
    expect(a!.exp! - a!.iat!).toBe(60);
    expect(a!.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(a!.jti).not.toBe(b!.jti);
  });

  it("is bound to its salt: a token for another cookie name does not decode", async () => {
    const token = await encode({ token: claims, secret, salt });
    await expect(
      decode({ token, secret, salt: "__Secure-authjs.session-token" }),
    ).rejects.toThrow();
  });
});

describe("A256GCM tokens (decode only, as Auth.js)", () => {
  /** The 32-byte key Auth.js derives for A256GCM, computed here with Node's HKDF, not ours. */
  async function gcmKey(forSecret: string) {
    const info = `Auth.js Generated Encryption Key (${salt})`;
    const key = new Uint8Array(hkdfSync("sha256", forSecret, salt, info, 32));
    const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, "sha256");
    return { key, kid };
  }
  const gcmToken = (key: Uint8Array, kid?: string) =>
    new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", ...(kid ? { kid } : {}) })
      .setIssuedAt()
      .setExpirationTime("1h")
      .encrypt(key);

  it("decodes an A256GCM token, picked by kid among rotated secrets or without kid", async () => {
    const { key, kid } = await gcmKey(secret);
    const token = await gcmToken(key, kid);
    await expect(decode({ token, secret: ["newer", secret], salt })).resolves.toMatchObject(claims);
    await expect(authjsDecode({ token, secret, salt })).resolves.toMatchObject(claims);
    await expect(decode({ token: await gcmToken(key), secret, salt })).resolves.toMatchObject(
      claims,
    );
  });

  it("refuses an A256GCM token under another secret", async () => {
    const { key, kid } = await gcmKey("someone-else");
    await expect(decode({ token: await gcmToken(key, kid), secret, salt })).rejects.toThrow();
  });
});

describe("derived-key cache", () => {
  it("derives once per secret, salt and algorithm and hands back the same key", async () => {
    const first = deriveKey("cache-secret", salt, "A256CBC-HS512");
    const second = deriveKey("cache-secret", salt, "A256CBC-HS512");
    expect(second).toBe(first);
    expect((await second).key).toBe((await first).key);
    expect(deriveKey("cache-secret", "__Secure-authjs.session-token", "A256CBC-HS512")).not.toBe(
      first,
    );
    expect(deriveKey("cache-secret", salt, "A256GCM")).not.toBe(first);
    expect(deriveKey("other-secret", salt, "A256CBC-HS512")).not.toBe(first);
  });
});

describe("secret rotation", () => {
  it("encodes with the first secret and decodes with any", async () => {
    const oldToken = await encode({ token: claims, secret: "old-secret", salt });
    const rotated = ["new-secret", "old-secret"];
    await expect(decode({ token: oldToken, secret: rotated, salt })).resolves.toMatchObject(claims);
    const newToken = await encode({ token: claims, secret: rotated, salt });
    await expect(decode({ token: newToken, secret: "new-secret", salt })).resolves.toMatchObject(
      claims,
    );
    await expect(decode({ token: newToken, secret: "old-secret", salt })).rejects.toThrow();
  });

  it("rejects a token no secret decrypts", async () => {
    const token = await encode({ token: claims, secret: "other", salt });
    await expect(decode({ token, secret: ["a", "b"], salt })).rejects.toThrow(/no matching/);
  });

  it("rotates across libraries: Auth.js with [new, old] reads our old-secret token", async () => {
    const token = await encode({ token: claims, secret: "old-secret", salt });
    await expect(
      authjsDecode({ token, secret: ["new-secret", "old-secret"], salt }),
    ).resolves.toMatchObject(claims);
  });
});

describe("hostile and invalid tokens", () => {
  async function rawJwe(header: Record<string, unknown>, payload: object, key: Uint8Array) {
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader(header as never)
      .encrypt(key);
  }

  it("returns null for an empty token", async () => {
    await expect(decode({ token: "", secret, salt })).resolves.toBeNull();
  });

  it("rejects an expired token", async () => {
    const token = await encode({ token: claims, secret, salt, maxAge: -60 });
    await expect(decode({ token, secret, salt })).rejects.toThrow(/exp/);
  });

  it("rejects a token without exp or with iat in the future", async () => {
    const { key, kid } = await deriveKey(secret, salt, "A256CBC-HS512");
    const header = { alg: "dir", enc: "A256CBC-HS512", kid };
    const now = Math.floor(Date.now() / 1000);
    await expect(
      decode({ token: await rawJwe(header, { sub: "x" }, key), secret, salt }),
    ).rejects.toThrow();
    const future = await rawJwe(header, { sub: "x", iat: now + 3600, exp: now + 7200 }, key);
    await expect(decode({ token: future, secret, salt })).rejects.toThrow(/future/);
  });

  it("rejects other key-management algorithms and compression", async () => {
    const token = await encode({ token: claims, secret, salt });
    const [, ...rest] = token.split(".");
    for (const header of [
      { alg: "A256KW", enc: "A256CBC-HS512" },
      { alg: "dir", enc: "A128GCM" },
      { alg: "dir", enc: "A256CBC-HS512", zip: "DEF" },
      { alg: "none" },
    ]) {
      const forged = [base64url.encode(JSON.stringify(header)), ...rest].join(".");
      await expect(decode({ token: forged, secret, salt })).rejects.toThrow();
    }
  });

  it("rejects huge tokens before any cryptography", async () => {
    await expect(decode({ token: "a".repeat(50_000), secret, salt })).rejects.toThrow(/too large/);
  });

  it("rejects a tampered ciphertext", async () => {
    const token = await encode({ token: claims, secret, salt });
    const parts = token.split(".");
    // Flip one bit of a ciphertext byte. (Editing the text's last characters is not enough:
    // the last base64url character carries padding bits a decoder ignores.)
    const ciphertext = base64url.decode(parts[3]!);
    const middle = ciphertext.length >> 1;
    ciphertext[middle] = (ciphertext[middle] ?? 0) ^ 0x01;
    parts[3] = base64url.encode(ciphertext);
    await expect(decode({ token: parts.join("."), secret, salt })).rejects.toThrow();
  });
});

describe("getToken", () => {
  it("reads the session cookie like Auth.js", async () => {
    const token = await encode({ token: claims, secret, salt });
    const req = new Request("http://localhost/", { headers: { cookie: `${salt}=${token}` } });
    await expect(getToken({ req, secret })).resolves.toMatchObject(claims);
    await expect(authjsGetToken({ req, secret })).resolves.toMatchObject(claims);
  });

  it("reads a chunked cookie and a Bearer header, and plain header objects", async () => {
    const big = { ...claims, blob: "x".repeat(6000) };
    const token = await encode({ token: big, secret, salt });
    const chunks = [token.slice(0, 3936), token.slice(3936)];
    const cookie = chunks.map((chunk, i) => `${salt}.${i}=${chunk}`).join("; ");
    await expect(getToken({ req: { headers: { cookie } }, secret })).resolves.toMatchObject({
      blob: big.blob,
    });
    const bearer = { headers: { authorization: `Bearer ${encodeURIComponent(token)}` } };
    await expect(getToken({ req: bearer, secret })).resolves.toMatchObject(claims);
    await expect(getToken({ req: bearer, raw: true })).resolves.toBe(token);
  });

  it("returns null for missing, undecryptable or malformed tokens", async () => {
    await expect(getToken({ req: { headers: {} }, secret })).resolves.toBeNull();
    await expect(
      getToken({ req: { headers: { cookie: `${salt}=garbage` } }, secret }),
    ).resolves.toBeNull();
    await expect(
      getToken({ req: { headers: { authorization: "Bearer %E0%A4%A" } }, secret }),
    ).resolves.toBeNull();
  });

  it("without a secret, reads with every secret of the environment, a rotation's included", async () => {
    vi.stubEnv("AUTH_SECRET", "getToken-old-secret-0123456789abcdef");
    vi.stubEnv("AUTH_SECRET_1", "");
    vi.stubEnv("AUTH_SECRET_NEXT", "getToken-new-secret-0123456789abcdef");
    try {
      for (const issuer of [process.env.AUTH_SECRET!, process.env.AUTH_SECRET_NEXT!]) {
        const token = await encode({ token: { sub: "7" }, secret: issuer, salt });
        const req = { headers: { cookie: `${salt}=${token}` } };
        await expect(getToken({ req })).resolves.toMatchObject({ sub: "7" });
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("throws MissingSecret when no secret is available", async () => {
    const saved = process.env.AUTH_SECRET;
    delete process.env.AUTH_SECRET;
    try {
      await expect(getToken({ req: { headers: { cookie: `${salt}=x` } } })).rejects.toMatchObject({
        type: "MissingSecret",
      });
    } finally {
      if (saved !== undefined) process.env.AUTH_SECRET = saved;
    }
  });
});
