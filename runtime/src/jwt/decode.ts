import { type JWTDecryptGetKey, jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams } from "../types.js";
import { type ContentEncryption, deriveKey } from "./derive-key.js";

/** Seconds of clock skew tolerated on `exp` and `iat`. */
export const CLOCK_TOLERANCE = 15;

/**
 * Longest token accepted. Session cookies chunk at 3 936 characters; ten chunks is far beyond
 * any real session, and refusing before any cryptography keeps hostile input cheap.
 */
export const MAX_TOKEN_LENGTH = 40_000;

/**
 * Decrypts a token made by {@link encode} (or by Auth.js with the same secret and salt).
 * Any secret of an array may have encrypted it: the header's `kid` picks the one. Only
 * `alg: "dir"` with `A256CBC-HS512` or `A256GCM` is accepted; compression, other algorithms,
 * a missing or past `exp` and an `iat` in the future are rejected.
 *
 * @returns the claims, or `null` for an empty token.
 * @throws when the token is malformed, expired, or no secret decrypts it.
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  if (token.length > MAX_TOKEN_LENGTH) throw new TypeError("Token is too large");
  const secrets = (Array.isArray(secret) ? secret : [secret]).filter(Boolean);
  if (secrets.length === 0) throw new TypeError("decode() needs a non-empty secret");

  const getKey: JWTDecryptGetKey = async ({ kid, enc }) => {
    for (const candidate of secrets) {
      const derived = await deriveKey(candidate, salt, enc as ContentEncryption);
      if (kid === undefined || kid === derived.kid) return derived.key;
    }
    throw new Error("no matching decryption secret");
  };
  const { payload } = await jwtDecrypt(token, getKey, {
    clockTolerance: CLOCK_TOLERANCE,
    keyManagementAlgorithms: ["dir"],
    contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"],
    requiredClaims: ["exp"],
  });
  if (typeof payload.iat === "number" && payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE) {
    throw new Error('"iat" claim is in the future');
  }
  return payload as Payload;
}
