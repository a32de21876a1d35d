/**
 * Small synchronous crypto helpers on `node:crypto`: hashing a CSRF or e-mail token is a few
 * microseconds, where `crypto.subtle.digest` costs a thread-pool round trip per call.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** SHA-256 of the UTF-8 of `value`, as lowercase hex. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** SHA-256 of the UTF-8 of `value`, as base64url. */
export function sha256Base64url(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("base64url");
}

/**
 * The PKCE S256 code challenge of a verifier: BASE64URL(SHA-256(ASCII(verifier))) (RFC 7636
 * §4.2), what oauth4webapi's `calculatePKCECodeChallenge` computes, without its thread-pool hop.
 */
export function pkceChallenge(verifier: string): string {
  return sha256Base64url(verifier);
}

/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

/** `bytes` random bytes as base64url. */
export function randomBase64url(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * Compares two strings (as UTF-8) with `crypto.timingSafeEqual`: in time that depends only on
 * their lengths, which are public (a CSRF token's, a digest's).
 */
export function timingSafeEqualString(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}
