import { EncryptJWT } from "jose";
import type { JWT, JWTEncodeParams } from "../types.js";
import { deriveKey } from "./derive-key.js";

/** Default session lifetime: 30 days, in seconds. */
export const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * Encrypts a token as a compact JWE (RFC 7516) with `alg: "dir"` and `enc: "A256CBC-HS512"`,
 * keyed by the first secret, with fresh `iat`, `exp` (now + `maxAge`) and `jti` claims
 * (RFC 7519 §4.1). The output is byte-compatible with Auth.js's `encode`.
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = DEFAULT_MAX_AGE, salt } = params;
  const first = Array.isArray(secret) ? secret[0] : secret;
  if (!first) throw new TypeError("encode() needs a non-empty secret");
  const { key, kid } = await deriveKey(first, salt, "A256CBC-HS512");
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT(token as Record<string, unknown>)
    .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
    .setIssuedAt(now)
    .setExpirationTime(now + maxAge)
    .setJti(crypto.randomUUID())
    .encrypt(key);
}
