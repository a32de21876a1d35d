import { type JWTDecryptGetKey, type JWTPayload, jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams } from "../types.js";
import { assertClaimsTimely, CLOCK_TOLERANCE, claimsText, parseClaims } from "./claims.js";
import { type ContentEncryption, deriveKey } from "./derive-key.js";
import { type DirectKey, directJweKey, openDirectJwe } from "./direct-jwe.js";
import { PlaintextCache } from "./plaintext-cache.js";

export { CLOCK_TOLERANCE };

/**
 * Longest token accepted. Session cookies chunk at 3 936 characters; ten chunks is far beyond
 * any real session, and refusing before any cryptography keeps hostile input cheap.
 */
export const MAX_TOKEN_LENGTH = 40_000;

/**
 * Decrypted session tokens (see {@link decodeCached}). 1 000 sessions in at most 4 Mi
 * characters: a few megabytes at worst, well under a megabyte for typical tokens.
 */
export const sessionPlaintexts = new PlaintextCache(1000, 4 * 1024 * 1024);

/**
 * Decrypts a token made by {@link encode} (or by Auth.js with the same secret and salt).
 * Any secret of an array may have encrypted it: the header's `kid` picks the one. Only
 * `alg: "dir"` with `A256CBC-HS512` or `A256GCM` is accepted; compression, other algorithms,
 * a missing or past `exp` and an `iat` in the future are rejected.
 *
 * Tokens with the exact header Auth.js writes are decrypted synchronously on `node:crypto`
 * (`direct-jwe.ts`); any other token goes through jose's `jwtDecrypt`. Both apply the same
 * checks.
 *
 * @returns the claims, or `null` for an empty token.
 * @throws when the token is malformed, expired, or no secret decrypts it.
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  return decodeWith<Payload>(params, undefined);
}

/**
 * {@link decode} with decryption results kept in {@link sessionPlaintexts}, for the session
 * readers (`/session`, `getSession`, `getToken`), which see the same cookie over and over. Every
 * read still checks `exp`, `nbf` and `iat` and returns a fresh object.
 *
 * Answers synchronously for tokens with the header Auth.js writes (a session read then queues no
 * promise for it), with a promise for the others; throws where {@link decode} rejects. Callers
 * `await` the result inside their own `try`.
 */
export function decodeCached<Payload = JWT>(
  params: JWTDecodeParams,
): Payload | null | Promise<Payload | null> {
  return decodeWith(params, sessionPlaintexts);
}

function decodeWith<Payload>(
  params: JWTDecodeParams,
  cache: PlaintextCache | undefined,
): Payload | null | Promise<Payload | null> {
  const { token, secret, salt } = params;
  if (!token) return null;
  if (token.length > MAX_TOKEN_LENGTH) throw new TypeError("Token is too large");
  const given = Array.isArray(secret) ? secret : [secret];
  const secrets = given.every(Boolean) ? given : given.filter(Boolean);
  if (secrets.length === 0) throw new TypeError("decode() needs a non-empty secret");

  const cached = cache?.get(token, secrets, salt);
  let payload: JWTPayload;
  let decrypted: DirectKey | undefined;
  let text: string;
  if (cached) {
    text = cached.text;
    payload = cached.flat ? { ...cached.flat } : parseClaims(text);
  } else {
    decrypted = directJweKey(token, secrets, salt);
    const plaintext = decrypted && openDirectJwe(token, decrypted.key);
    if (!plaintext) return decodeWithJose(token, secrets, salt) as Promise<Payload>;
    text = claimsText(plaintext);
    payload = parseClaims(text);
  }
  try {
    assertClaimsTimely(payload);
  } catch (error) {
    cache?.delete(token);
    throw error;
  }
  // Stored before the caller sees (and may change) the claims.
  if (decrypted) cache?.set(token, decrypted.secret, salt, text, payload);
  return payload as Payload;
}

/** Tokens outside the fast path: no `kid`, other header members, or malformed. */
async function decodeWithJose(token: string, secrets: string[], salt: string): Promise<JWTPayload> {
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
  assertClaimsTimely(payload);
  return payload;
}
