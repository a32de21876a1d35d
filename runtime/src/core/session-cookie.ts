/**
 * Which session cookie a request presents. Over HTTPS the session cookie is `__Host-` (no
 * sibling subdomain can plant it); Auth.js, and this runtime before, named it
 * `__Secure-authjs.session-token`. So that switching does not sign everyone out, that name is
 * still read, but only where a planted one cannot do harm:
 *
 * - only while the request has no cookie with the current name (a browser that has one is never
 *   switched to a planted session);
 * - a JWT only decrypts under the old name if it was sealed under it, i.e. minted before the
 *   switch: nothing after the switch mints one, so they are all gone after one `maxAge`;
 * - a database token only when it has the shape of Auth.js's tokens (a UUID), which this runtime
 *   never generates by default, so a session made after the switch cannot be planted under it,
 *   and `/session` moves it to a fresh token under the current name (see `session.ts`);
 * - it never counts as the signed-in user to link an account or a passkey to.
 */
import type { CookieMap, SessionCookieOption } from "./cookies.js";
import { readChunkedCookie } from "./cookies.js";

/** A session cookie a request carries, and the name it was read under. */
export interface PresentedSession {
  token: string;
  /** The cookie option it was read with (its name is the JWE salt). */
  option: SessionCookieOption;
  /** Read under Auth.js's old name: to be moved to the current one. */
  legacy: boolean;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a database session token has the shape of Auth.js's default (`randomUUID()`). */
export function isAuthjsSessionToken(token: string): boolean {
  return uuid.test(token);
}

/**
 * The session cookie of a request: under the current name, else (migration, see above) under
 * Auth.js's, else `undefined`.
 */
export function presentedSession(
  cookieMap: Pick<CookieMap, "sessionToken">,
  requestCookies: Record<string, string>,
): PresentedSession | undefined {
  const option = cookieMap.sessionToken;
  const token = readChunkedCookie(requestCookies, option.name);
  if (token) return { token, option, legacy: false };
  if (!option.legacyName) return undefined;
  const legacy = readChunkedCookie(requestCookies, option.legacyName);
  if (!legacy) return undefined;
  return {
    token: legacy,
    option: { name: option.legacyName, options: option.options },
    legacy: true,
  };
}
