import { hkdfSync } from "node:crypto";
import { encode as authjsEncode } from "@auth/core/jwt";
import fc from "fast-check";
import { base64url, CompactEncrypt, calculateJwkThumbprint, EncryptJWT, jwtDecrypt } from "jose";
import { describe, expect, it, vi } from "vitest";
import { CLOCK_TOLERANCE } from "../src/jwt/claims.js";
import { deriveKey, deriveKeySync } from "../src/jwt/derive-key.js";
import { directJweKey } from "../src/jwt/direct-jwe.js";
import { decode, encode } from "../src/jwt.js";

// The node:crypto fast path (jwt/direct-jwe.ts) against jose, the reference it replaces.

const secret = "a-32-byte-long-secret-for-direct-tests";
const salt = "authjs.session-token";
const infoFor = (forSalt: string) => `Auth.js Generated Encryption Key (${forSalt})`;

/** Key and kid as Auth.js derives them, computed here without the runtime. */
async function referenceKey(enc: "A256CBC-HS512" | "A256GCM", forSecret = secret) {
  const length = enc === "A256GCM" ? 32 : 64;
  const key = new Uint8Array(hkdfSync("sha256", forSecret, salt, infoFor(salt), length));
  const kid = await calculateJwkThumbprint(
    { kty: "oct", k: base64url.encode(key) },
    length === 64 ? "sha512" : "sha256",
  );
  return { key, kid };
}

/** What jose's own jwtDecrypt makes of a token, with the options `decode` uses. */
async function joseDecode(token: string, key: Uint8Array) {
  const { payload } = await jwtDecrypt(token, key, {
    clockTolerance: CLOCK_TOLERANCE,
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"],
    requiredClaims: ["exp"],
  });
  return payload;
}

/** Resolves to the value, or to the error's class name: outcomes comparable across paths. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ ok: value }),
    (error: Error) => ({ error: error.constructor.name }),
  );

const claimsArbitrary = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !["iat", "exp", "nbf"].includes(key)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 8 },
);

describe("derived keys", () => {
  it("match Auth.js's HKDF and RFC 7638 thumbprint, and the header jose writes", async () => {
    for (const enc of ["A256CBC-HS512", "A256GCM"] as const) {
      const reference = await referenceKey(enc);
      const derived = deriveKeySync(secret, salt, enc);
      expect(derived.key).toEqual(reference.key);
      expect(derived.kid).toBe(reference.kid);
      expect(base64url.decode(derived.header)).toEqual(
        new TextEncoder().encode(JSON.stringify({ alg: "dir", enc, kid: reference.kid })),
      );
      await expect(deriveKey(secret, salt, enc)).resolves.toBe(derived);
    }
  });
});

describe("fast path and jose agree", () => {
  it("on random claims, both ways, for A256CBC-HS512 and A256GCM", async () => {
    const cbc = await referenceKey("A256CBC-HS512");
    const gcm = await referenceKey("A256GCM");
    await fc.assert(
      fc.asyncProperty(claimsArbitrary, async (claims) => {
        // Ours → jose.
        const ours = await encode({ token: claims, secret, salt });
        expect(directJweKey(ours, [secret], salt)).toBeDefined();
        const decodedByJose = await joseDecode(ours, cbc.key);
        expect(await decode({ token: ours, secret, salt })).toEqual(decodedByJose);
        // Auth.js (jose) → ours, through the fast path.
        const theirs = await authjsEncode({ token: claims, secret, salt });
        expect(directJweKey(theirs, [secret], salt)).toBeDefined();
        expect(await decode({ token: theirs, secret, salt })).toEqual(
          await joseDecode(theirs, cbc.key),
        );
        // A256GCM, which only Auth.js-era tokens use.
        const gcmToken = await new EncryptJWT(claims)
          .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: gcm.kid })
          .setIssuedAt()
          .setExpirationTime("1h")
          .encrypt(gcm.key);
        expect(directJweKey(gcmToken, [secret], salt)?.key.enc).toBe("A256GCM");
        expect(await decode({ token: gcmToken, secret, salt })).toEqual(
          await joseDecode(gcmToken, gcm.key),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("on tampered tokens: any changed character is refused by both", async () => {
    const cbc = await referenceKey("A256CBC-HS512");
    const token = await authjsEncode({ token: { sub: "1", name: "Ada" }, secret, salt });
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ";
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(...alphabet),
        async (at, character) => {
          const tampered = `${token.slice(0, at)}${character}${token.slice(at + 1)}`;
          fc.pre(tampered !== token);
          const ours = await outcome(decode({ token: tampered, secret, salt }));
          const reference = await outcome(joseDecode(tampered, cbc.key));
          // Both refuse, or (a change that decodes to the same bytes) both accept the same claims.
          expect("ok" in ours).toBe("ok" in reference);
          if ("ok" in ours && "ok" in reference) expect(ours.ok).toEqual(reference.ok);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on claims that fail validation, with jose's error classes", async () => {
    const { key, kid } = await referenceKey("A256CBC-HS512");
    const now = Math.floor(Date.now() / 1000);
    const cases: unknown[] = [
      { sub: "no exp" },
      { exp: "soon" },
      { exp: now - CLOCK_TOLERANCE - 1 },
      { exp: now + 60, nbf: now + 3600 },
      { exp: now + 60, iat: "yesterday" },
      { exp: now + 60, nbf: null },
      [1, 2, 3],
      "a string",
      null,
    ];
    for (const claims of cases) {
      const token = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
        .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
        .encrypt(key);
      expect(directJweKey(token, [secret], salt)).toBeDefined();
      const ours = await outcome(decode({ token, secret, salt }));
      expect(ours).toEqual(await outcome(joseDecode(token, key)));
      expect("error" in ours).toBe(true);
    }
    // Not UTF-8 at all.
    const binary = await new CompactEncrypt(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
      .encrypt(key);
    expect(await outcome(decode({ token: binary, secret, salt }))).toEqual({
      error: "JWTInvalid",
    });
  });

  it("leaves tokens with any other header to jose, which still reads them", async () => {
    const { key, kid } = await referenceKey("A256CBC-HS512");
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: "1", exp: now + 60 };
    for (const header of [
      { alg: "dir", enc: "A256CBC-HS512" },
      { enc: "A256CBC-HS512", alg: "dir", kid },
      { alg: "dir", enc: "A256CBC-HS512", kid, cty: "JWT" },
    ]) {
      const token = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
        .setProtectedHeader(header as never)
        .encrypt(key);
      expect(directJweKey(token, [secret], salt)).toBeUndefined();
      await expect(decode({ token, secret, salt })).resolves.toEqual(claims);
    }
  });

  it("refuses an iat in the future on both paths", async () => {
    const { key, kid } = await referenceKey("A256CBC-HS512");
    const now = Math.floor(Date.now() / 1000);
    const claims = { exp: now + 7200, iat: now + 3600 };
    for (const header of [
      { alg: "dir", enc: "A256CBC-HS512", kid },
      { alg: "dir", enc: "A256CBC-HS512" },
    ]) {
      const token = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
        .setProtectedHeader(header as never)
        .encrypt(key);
      await expect(decode({ token, secret, salt })).rejects.toThrow(/future/);
    }
  });

  it("never uses Web Crypto for a token Auth.js wrote", async () => {
    const token = await authjsEncode({ token: { sub: "1" }, secret, salt });
    const subtle = (["deriveBits", "importKey", "decrypt", "encrypt", "sign"] as const).map(
      (method) => vi.spyOn(crypto.subtle, method),
    );
    try {
      await decode({ token, secret, salt });
      await encode({ token: { sub: "1" }, secret, salt });
      for (const spy of subtle) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of subtle) spy.mockRestore();
    }
  });
});

describe("encode builds the claims as jose's EncryptJWT does", () => {
  it("copies the token (never mutates it) and refuses anything but a plain object", async () => {
    const token = { sub: "1", nested: { a: 1 }, when: new Date(0) };
    const decoded = await decode({ token: await encode({ token, secret, salt }), secret, salt });
    expect(token).toEqual({ sub: "1", nested: { a: 1 }, when: new Date(0) });
    expect(decoded).toMatchObject({ sub: "1", nested: { a: 1 }, when: new Date(0).toISOString() });
    for (const bad of [[1], new (class Claims {})(), null]) {
      await expect(encode({ token: bad as never, secret, salt })).rejects.toThrow(TypeError);
    }
    await expect(encode({ token: {}, secret, salt, maxAge: Number.NaN })).rejects.toThrow(
      TypeError,
    );
    await expect(
      encode({ token: { nbf: Number.POSITIVE_INFINITY }, secret, salt }),
    ).rejects.toThrow(TypeError);
  });
});
