import { Buffer } from "node:buffer";
import { createHash, createSecretKey, hkdfSync, type KeyObject } from "node:crypto";

/** Content encryption algorithms a session token may use. */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM";

export interface DerivedKey {
  key: Uint8Array;
  /** RFC 7638 thumbprint of the key as an `oct` JWK, used as the JWE `kid`. */
  kid: string;
  enc: ContentEncryption;
  /**
   * The base64url protected header Auth.js (and jose) write for this key:
   * `{"alg":"dir","enc":<enc>,"kid":<kid>}`. A token whose first segment is exactly this
   * string needs no header parsing: its algorithms and key are known.
   */
  header: string;
  /** A256CBC-HS512 only: the HMAC-SHA-512 key, the first half of `key` (RFC 7518 §5.2.2.1). */
  macKey?: KeyObject;
  /** The AES key: the second half of `key` for A256CBC-HS512, all of it for A256GCM. */
  encKey: KeyObject;
}

const MAX_CACHED_KEYS = 256;
const cache = new Map<string, DerivedKey>();
const promises = new WeakMap<DerivedKey, Promise<DerivedKey>>();

/**
 * The encryption key Auth.js derives from a secret: HKDF-SHA-256 (RFC 5869) with the cookie
 * name as salt and `Auth.js Generated Encryption Key (<salt>)` as info, 64 bytes for
 * A256CBC-HS512 and 32 for A256GCM. Derivation is deterministic, so results (with their
 * `KeyObject`s and header) are cached (bounded, least recently used first out) and never
 * re-derived on a hot path. Synchronous: the session read needs no thread-pool round trip.
 */
export function deriveKeySync(secret: string, salt: string, enc: ContentEncryption): DerivedKey {
  const cacheKey = `${enc}\u0000${salt}\u0000${secret}`;
  const cached = cache.get(cacheKey);
  if (cached) {
    cache.delete(cacheKey);
    cache.set(cacheKey, cached);
    return cached;
  }
  const derived = derive(secret, salt, enc);
  cache.set(cacheKey, derived);
  if (cache.size > MAX_CACHED_KEYS) cache.delete(cache.keys().next().value!);
  return derived;
}

/** {@link deriveKeySync} as a promise (the same promise for the same cached key). */
export function deriveKey(
  secret: string,
  salt: string,
  enc: ContentEncryption,
): Promise<DerivedKey> {
  let derived: DerivedKey;
  try {
    derived = deriveKeySync(secret, salt, enc);
  } catch (error) {
    return Promise.reject(error);
  }
  let promise = promises.get(derived);
  if (!promise) {
    promise = Promise.resolve(derived);
    promises.set(derived, promise);
  }
  return promise;
}

function derive(secret: string, salt: string, enc: ContentEncryption): DerivedKey {
  const length = enc === "A256CBC-HS512" ? 64 : 32;
  const info = `Auth.js Generated Encryption Key (${salt})`;
  const key = new Uint8Array(
    hkdfSync("sha256", Buffer.from(secret), Buffer.from(salt), Buffer.from(info), length),
  );
  // RFC 7638 §3.2: the required members of an `oct` JWK, sorted, without whitespace.
  const jwk = `{"k":"${Buffer.from(key).toString("base64url")}","kty":"oct"}`;
  const kid = createHash(length === 64 ? "sha512" : "sha256")
    .update(jwk)
    .digest("base64url");
  const header = Buffer.from(JSON.stringify({ alg: "dir", enc, kid })).toString("base64url");
  const bytes = Buffer.from(key);
  return length === 64
    ? {
        key,
        kid,
        enc,
        header,
        macKey: createSecretKey(bytes.subarray(0, 32)),
        encKey: createSecretKey(bytes.subarray(32)),
      }
    : { key, kid, enc, header, encKey: createSecretKey(bytes) };
}
