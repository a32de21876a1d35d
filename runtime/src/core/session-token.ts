/**
 * What a session cookie's value can be: a compact JWE (a JWT session) or a database session
 * token. Both checks are on the string alone, before any cryptography or adapter call.
 */

/**
 * Whether a session cookie holds a compact JWE (five dot-separated segments, RFC 7516 §7.1)
 * rather than a database session token (which never contains a dot).
 */
export function isJweShaped(token: string): boolean {
  let dots = 0;
  for (let at = token.indexOf("."); at !== -1; at = token.indexOf(".", at + 1)) {
    if (++dots > 4) return false;
  }
  return dots === 4;
}

/** Longest database session token: the `sessionToken` column of the Auth.js SQL schemas. */
export const MAX_SESSION_TOKEN_LENGTH = 255;

const printableAscii = /^[\x21-\x7e]+$/;

/**
 * Whether `token` can be a database session token: 1 to 255 printable ASCII characters, as every
 * generated token is (a UUID, base64url, with `~<deadline>`; `newSessionToken` enforces it). A NUL
 * byte, control characters, non-ASCII or a huge value name no session, and never reach any
 * adapter (PostgreSQL, for one, answers an error for a NUL byte).
 */
export function isDatabaseSessionToken(token: string): boolean {
  return token.length <= MAX_SESSION_TOKEN_LENGTH && printableAscii.test(token);
}
