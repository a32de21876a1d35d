import { base64url, calculateJwkThumbprint } from "jose";

/** Content encryption algorithms a session token may use. */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM";

export interface DerivedKey {
  key: Uint8Array;
  /** RFC 7638 thumbprint of the key as an `oct` JWK, used as the JWE `kid`. */
  kid: string;
}

const MAX_CACHED_KEYS = 256;
const cache = new Map<string, Promise<DerivedKey>>();
const encoder = new TextEncoder();

/**
 * The encryption key Auth.js derives from a secret: HKDF-SHA-256 (RFC 5869) with the cookie
 * name as salt and `Auth.js Generated Encryption Key (<salt>)` as info, 64 bytes for
 * A256CBC-HS512 and 32 for A256GCM. Derivation is deterministic, so results are cached
 * (bounded, least recently used first out) and never re-derived on a hot path.
 */
export function deriveKey(
  secret: string,
  salt: string,
  enc: ContentEncryption,
): Promise<DerivedKey> {
  const cacheKey = `${enc}\u0000${salt}\u0000${secret}`;
  const cached = cache.get(cacheKey);
  if (cached) {
    cache.delete(cacheKey);
    cache.set(cacheKey, cached);
    return cached;
  }
  const derived = derive(secret, salt, enc);
  derived.catch(() => cache.delete(cacheKey));
  cache.set(cacheKey, derived);
  if (cache.size > MAX_CACHED_KEYS) cache.delete(cache.keys().next().value!);
  return derived;
}

async function derive(secret: string, salt: string, enc: ContentEncryption): Promise<DerivedKey> {
  const length = enc === "A256CBC-HS512" ? 64 : 32;
  const ikm = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode(salt),
      info: encoder.encode(`Auth.js Generated Encryption Key (${salt})`),
    },
    ikm,
    length * 8,
  );
  const key = new Uint8Array(bits);
  const kid = await calculateJwkThumbprint(
    { kty: "oct", k: base64url.encode(key) },
    length === 64 ? "sha512" : "sha256",
  );
  return { key, kid };
}
