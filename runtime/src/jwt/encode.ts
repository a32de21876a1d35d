import { randomUUID } from "node:crypto";
import type { JWT, JWTEncodeParams } from "../types.js";
import { deriveKeySync } from "./derive-key.js";
import { sealDirectJwe } from "./direct-jwe.js";

/** Default session lifetime: 30 days, in seconds. */
export const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;

/** jose's test for a claims set: a plain object (any realm), not an array, class or null. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  if (Object.prototype.toString.call(value) !== "[object Object]") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * Encrypts a token as a compact JWE (RFC 7516) with `alg: "dir"` and `enc: "A256CBC-HS512"`,
 * keyed by the first secret, with fresh `iat`, `exp` (now + `maxAge`) and `jti` claims
 * (RFC 7519 §4.1). The output is byte-compatible with Auth.js's `encode`: the claims are built as
 * jose's `EncryptJWT` builds them (a structured clone, then `iat`, `exp`, `jti`) and encrypted
 * on `node:crypto` (`direct-jwe.ts`).
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = DEFAULT_MAX_AGE, salt } = params;
  const first = Array.isArray(secret) ? secret[0] : secret;
  if (!first) throw new TypeError("encode() needs a non-empty secret");
  const key = deriveKeySync(first, salt, "A256CBC-HS512");
  if (!isPlainObject(token)) throw new TypeError("JWT Claims Set MUST be an object");
  const claims = structuredClone(token);
  const now = Math.floor(Date.now() / 1000);
  const exp = now + maxAge;
  if (!Number.isFinite(exp)) throw new TypeError("Invalid setExpirationTime input");
  claims.iat = now;
  claims.exp = exp;
  claims.jti = randomUUID();
  // As jose: a non-finite number would be serialised as `null` and make the token unreadable.
  if (typeof claims.nbf === "number" && !Number.isFinite(claims.nbf)) {
    throw new TypeError('"nbf" claim must be a finite number');
  }
  return sealDirectJwe(JSON.stringify(claims), key);
}
