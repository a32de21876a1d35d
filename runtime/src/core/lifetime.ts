/**
 * The absolute session lifetime (`session.absoluteMaxAge`, ASVS 7.3.2): a deadline fixed at
 * sign-in that sliding renewal can never pass.
 *
 * - JWT strategy: the `auth_time` claim (OIDC's name for "when the user authenticated") is set
 *   at sign-in and carried across every re-encryption.
 * - Database strategy: the Auth.js schema has no creation time, so the deadline is appended to
 *   the session token (`<random>~<deadline>`). The token is looked up exactly, so the deadline
 *   cannot be changed without making the token unknown.
 */
import type { JWT, SessionOptions } from "../types.js";
import { isDatabaseSessionToken, MAX_SESSION_TOKEN_LENGTH } from "./session-token.js";

const SEPARATOR = "~";

/** Seconds since the epoch. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

const isoStrings = new Map<number, string>();

/**
 * `new Date(ms).toISOString()`, remembered for up to 1 000 instants: a session's `expires` is the
 * same on every read of it, and V8 formats a date in C++ (about a microsecond each, as much as
 * the rest of a cached session read). Throws as `toISOString` does for an invalid date.
 */
export function isoString(ms: number): string {
  let text = isoStrings.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString();
    if (isoStrings.size >= 1000) isoStrings.clear();
    isoStrings.set(ms, text);
  }
  return text;
}

/** A new database session token, carrying the absolute deadline when one is configured. */
export function newSessionToken(session: SessionOptions): string {
  const generated = session.generateSessionToken();
  const token = session.absoluteMaxAge
    ? `${generated}${SEPARATOR}${(nowSeconds() + session.absoluteMaxAge).toString(36)}`
    : generated;
  // The session reader never looks up any other token: fail the sign-in, not every later read.
  if (typeof token !== "string" || !isDatabaseSessionToken(token)) {
    throw new TypeError(
      `session.generateSessionToken() must return 1 to ${MAX_SESSION_TOKEN_LENGTH} printable ASCII characters (with absoluteMaxAge, a few less)`,
    );
  }
  return token;
}

/** The deadline (seconds) carried by a database session token, if any. */
export function tokenDeadline(sessionToken: string): number | undefined {
  const at = sessionToken.lastIndexOf(SEPARATOR);
  if (at === -1) return undefined;
  const deadline = Number.parseInt(sessionToken.slice(at + 1), 36);
  return Number.isFinite(deadline) ? deadline : undefined;
}

/** The deadline (seconds) of a JWT session, from its `auth_time` claim. */
export function jwtDeadline(session: SessionOptions, authTime: unknown): number | undefined {
  if (!session.absoluteMaxAge || typeof authTime !== "number") return undefined;
  return authTime + session.absoluteMaxAge;
}

/**
 * When an issued JWT session started counting towards `absoluteMaxAge`: its `auth_time`, else
 * (minted before the option was configured, or by Auth.js) its `iat`. Undefined when it is off.
 */
export function sessionAuthTime(session: SessionOptions, payload: JWT): unknown {
  return session.absoluteMaxAge ? (payload.auth_time ?? payload.iat) : undefined;
}

/** Seconds a session may still live: `maxAge`, capped by the deadline. */
export function remainingLifetime(session: SessionOptions, deadline: number | undefined): number {
  if (deadline === undefined) return session.maxAge;
  return Math.max(0, Math.min(session.maxAge, deadline - nowSeconds()));
}
