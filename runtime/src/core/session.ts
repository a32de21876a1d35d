import type { AdapterSession, AdapterUser } from "../adapters.js";
import { JWTSessionError, SessionStoreUnavailable, SessionTokenError } from "../errors.js";
import { isRevocationPending } from "../housekeeping/revocations.js";
import { decode, decodeCached } from "../jwt/decode.js";
import { sealedUnderUnknownKey } from "../jwt/unknown-key.js";
import type { JWT, JWTCallbackParams, Session } from "../types.js";
import { keepAdapterSubject } from "./adapter-subject.js";
import type { ResolvedConfig } from "./config.js";
import {
  type Cookie,
  type CookieMap,
  clearChunkedCookie,
  type SessionCookieOption,
  writeChunkedCookie,
} from "./cookies.js";
import {
  acceptsCredentialsSessions,
  hasCredentialsMark,
  keepCredentialsMark,
} from "./credentials-session.js";
import { deleteSessionRow, replaceSession } from "./database-session.js";
import { emitEvent } from "./events.js";
import { jwtCallParams } from "./jwt-params.js";
import {
  isoString,
  jwtDeadline,
  nowSeconds,
  remainingLifetime,
  sessionAuthTime,
  tokenDeadline,
} from "./lifetime.js";
import { keepPasswordVersion, passwordVersionHolds } from "./password-session.js";
import { isAuthjsSessionToken, presentedSession } from "./session-cookie.js";
import { isDatabaseSessionToken, isJweShaped } from "./session-token.js";
import { isStoreFailure } from "./store-failure.js";

/**
 * Decrypts a session token with the configured `jwt.decode` and the cookie name as salt. The
 * default decoder keeps decrypted sessions in its bounded cache (`decodeCached`); a custom one is
 * called every time.
 */
export function decodeSessionToken(config: ResolvedConfig, cookieName: string, token: string) {
  if (config.jwt.decode === decode) {
    return decodeCached({ token, secret: config.jwt.secret, salt: cookieName });
  }
  return config.jwt.decode({ ...jwtCallParams(config), token, salt: cookieName });
}

/** Whether `value` must be awaited: a promise or any other thenable, as `await` would treat it. */
function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

/**
 * How a session cookie is read. JWT strategy: always as a JWT. Database strategy: a JWE is a
 * credentials session (written even there, as Auth.js does, reference §4.5) only while a
 * credentials provider is configured, and its payload must carry the mark (see
 * {@link checkSessionPayload}); any other value is looked up only if it can be a database token.
 * `"none"`: no session, without any cryptography or adapter call.
 */
export function sessionTokenKind(
  config: ResolvedConfig,
  token: string,
): "jwt" | "database" | "none" {
  if (config.session.strategy === "jwt") return "jwt";
  if (isJweShaped(token)) return acceptsCredentialsSessions(config) ? "jwt" : "none";
  return isDatabaseSessionToken(token) ? "database" : "none";
}

/**
 * Throws unless a decoded session token is a session: not empty, and under the database
 * strategy marked as a credentials session (any other JWE sealed with the same secret and salt,
 * say a JWT session from before a switch of strategy, is not one).
 */
export function checkSessionPayload(config: ResolvedConfig, payload: JWT | null): JWT {
  if (!payload) throw new Error("The session token decoded to nothing");
  if (config.session.strategy === "database" && !hasCredentialsMark(payload)) {
    throw new Error("A JWE under the database strategy that no credentials sign-in minted");
  }
  return payload;
}

export interface SessionRead {
  /** What `/session` answers: the session callback's result, or null. */
  session: Session | null;
  /** Cookies to send: a renewed session cookie, or removals of a dead one. */
  cookies: Cookie[];
}

export interface SessionReadOptions {
  /** POST `/session`: the client's update payload (`trigger: "update"`). */
  update?: { data: unknown };
  /**
   * Whether renewed cookies are wanted. `getSession()` in a route cannot send them, so it
   * skips re-encryption entirely.
   */
  renew: boolean;
}

/**
 * Reads the session of a request's cookies for either strategy (reference §3.3, §3.4). An
 * invalid, expired or unreadable session is `null` (and logged), so a broken session fails
 * closed; but when the adapter fails the answer is unknown, not `null`: it throws
 * {@link SessionStoreUnavailable} (and nothing is cleared). Under the database strategy a marked JWE cookie (a credentials
 * sign-in) is read as a JWT session; Auth.js looks it up as a database token and signs the
 * user out (reference §11 item 9).
 */
export function readSession(
  config: ResolvedConfig,
  cookieMap: CookieMap,
  requestCookies: Record<string, string>,
  options: SessionReadOptions,
): Promise<SessionRead> {
  const option = cookieMap.sessionToken;
  const presented = presentedSession(cookieMap, requestCookies);
  // No token can still mean chunks that never add up (a gap, no `.0`): remove them all.
  const kind = presented ? sessionTokenKind(config, presented.token) : "none";
  // Read under Auth.js's name: written back under the current one (see session-cookie.ts).
  const from = presented?.option ?? option;
  if (kind === "jwt") {
    return readJwtSession(config, from, option, presented!.token, requestCookies, options);
  }
  if (kind === "database" && (!presented!.legacy || isAuthjsSessionToken(presented!.token))) {
    return readDatabaseSession(config, from, option, presented!.token, requestCookies, options);
  }
  return Promise.resolve({
    session: null,
    cookies: clearSessionCookies(from, option, requestCookies),
  });
}

/** Removals of the session cookie read (`from`) and of the current one, with their chunks. */
function clearSessionCookies(
  from: SessionCookieOption,
  option: SessionCookieOption,
  requestCookies: Record<string, string>,
): Cookie[] {
  const cookies = clearChunkedCookie(option, requestCookies);
  if (from !== option) cookies.push(...clearChunkedCookie(from, requestCookies));
  return cookies;
}

/**
 * A JWT session read from the cookie `from` and, when renewed, written to `option`: the same
 * cookie, or the current name when `from` is Auth.js's (then it is always renewed, to move it).
 */
async function readJwtSession(
  config: ResolvedConfig,
  from: SessionCookieOption,
  option: SessionCookieOption,
  token: string,
  requestCookies: Record<string, string>,
  options: SessionReadOptions,
): Promise<SessionRead> {
  const clear = () => ({
    session: null,
    cookies: clearSessionCookies(from, option, requestCookies),
  });
  try {
    const { jwt, callbacks, session: sessionOptions } = config;
    // The hot path of every session read queues no promise for work that finished already:
    // a cached or synchronously decrypted token, and the default (synchronous) callbacks.
    const decoded = decodeSessionToken(config, from.name, token);
    const payload = checkSessionPayload(config, isPromiseLike(decoded) ? await decoded : decoded);
    const authTime = sessionAuthTime(sessionOptions, payload);
    const deadline = jwtDeadline(sessionOptions, authTime);
    if (deadline !== undefined && nowSeconds() >= deadline) return clear();
    // Ended by a password reset or change (see password-session.ts).
    const holds = passwordVersionHolds(config, payload);
    if (holds !== true && !(await holds)) return clear();

    // Only `token` and `session` (and the update trigger): `user`/`account` exist at sign-in
    // only, and callbacks test `if (user)` to tell the two apart (as with Auth.js).
    const params = options.update
      ? { token: payload, trigger: "update" as const, session: options.update.data }
      : { token: payload, session: undefined };
    const jwtResult = callbacks.jwt(params as JWTCallbackParams);
    const newToken = isPromiseLike(jwtResult) ? await jwtResult : jwtResult;
    if (newToken === null) return clear();
    // Kept as it was: a `jwt` callback spreading client data on update cannot move the deadline.
    if (authTime !== undefined) newToken.auth_time = authTime;
    keepAdapterSubject(payload, newToken);
    keepCredentialsMark(payload, newToken);
    keepPasswordVersion(payload, newToken);

    const now = Date.now();
    // Re-encrypting on every read (as Auth.js does) is the main cost of /session. A token the
    // default jwt callback returned unchanged only needs renewal once per `updateAge`.
    const issuedAt = typeof payload.iat === "number" ? payload.iat * 1000 : 0;
    const renew =
      options.renew &&
      (from !== option ||
        options.update !== undefined ||
        !config.defaultJwtCallback ||
        now - issuedAt >= sessionOptions.updateAge * 1000);
    const lifetime = remainingLifetime(sessionOptions, deadline);
    const expiresAt = renew
      ? now + lifetime * 1000
      : typeof payload.exp === "number"
        ? payload.exp * 1000
        : now;

    const sessionResult = callbacks.session({
      session: {
        user: { name: newToken.name, email: newToken.email, image: newToken.picture },
        expires: renew ? new Date(expiresAt).toISOString() : isoString(expiresAt),
      },
      token: newToken,
    });
    const session = (isPromiseLike(sessionResult) ? await sessionResult : sessionResult) as Session;

    const cookies: Cookie[] = [];
    if (renew) {
      const encoded = await jwt.encode({
        ...jwtCallParams(config),
        token: newToken,
        maxAge: Math.min(jwt.maxAge, lifetime),
        salt: option.name,
      });
      cookies.push(
        ...writeChunkedCookie(option, encoded, requestCookies, { expires: new Date(expiresAt) }),
      );
      if (from !== option) cookies.push(...clearChunkedCookie(from, requestCookies));
    }
    const emitted = emitEvent(config, "session", { session, token: newToken as JWT });
    if (emitted) await emitted;
    return { session, cookies };
  } catch (cause) {
    // The password version could not be read: unknown, not signed out (nothing is cleared).
    if (isStoreFailure(cause)) throw SessionStoreUnavailable.from(cause);
    config.logger.error(new JWTSessionError("The session token could not be read", { cause }));
    // Sealed with a secret this instance does not hold (another instance already has it, in a
    // rolling rotation): no session here, but the cookie is kept for the instances that can read
    // it. Unlike Auth.js, which deletes it. Anything else that fails (our key, expired, tampered,
    // malformed) is cleared.
    if (keptUnread(config, from.name, token)) return { session: null, cookies: [] };
    return clear();
  }
}

/**
 * Whether an unreadable session token is left in place: the default decoder's format, sealed
 * under a key none of the configured secrets derives (see `jwt/unknown-key.ts`). A custom
 * `jwt.decode` has its own format, so its failures clear the cookie as before.
 */
function keptUnread(config: ResolvedConfig, cookieName: string, token: string): boolean {
  return (
    config.jwt.decode === decode && sealedUnderUnknownKey(token, config.jwt.secret, cookieName)
  );
}

/**
 * A database session read from the cookie `from`. When `from` is Auth.js's name, a renewing read
 * moves the session to a fresh token under the current name and deletes the old row, so an
 * Auth.js token stops working at its first use after the switch.
 */
async function readDatabaseSession(
  config: ResolvedConfig,
  from: SessionCookieOption,
  option: SessionCookieOption,
  presentedToken: string,
  requestCookies: Record<string, string>,
  options: SessionReadOptions,
): Promise<SessionRead> {
  const adapter = config.adapter!;
  let sessionToken = presentedToken;
  // Signed out in this process while the database was down: refused until its row is gone.
  if (isRevocationPending(config, sessionToken)) {
    return { session: null, cookies: clearSessionCookies(from, option, requestCookies) };
  }
  try {
    let found = await adapter.getSessionAndUser!(sessionToken);
    const now = Date.now();
    const deadline = config.session.absoluteMaxAge ? tokenDeadline(sessionToken) : undefined;
    const pastDeadline = deadline !== undefined && now >= deadline * 1000;
    if (found && (pastDeadline || new Date(found.session.expires).valueOf() < now)) {
      await deleteSessionRow(adapter, sessionToken);
      found = null;
    }
    if (!found)
      return { session: null, cookies: clearSessionCookies(from, option, requestCookies) };

    const cookies: Cookie[] = [];
    if (from !== option && options.renew) {
      const moved = await replaceSession(config, found.user.id, sessionToken);
      found = { session: moved, user: found.user };
      sessionToken = moved.sessionToken;
      cookies.push(
        ...writeChunkedCookie(option, sessionToken, requestCookies, { expires: moved.expires }),
        ...clearChunkedCookie(from, requestCookies),
      );
    }
    const { user } = found;
    const { maxAge, updateAge } = config.session;
    let expires = new Date(found.session.expires);
    // Extend the row (and the cookie) at most once per updateAge, never past the deadline.
    const extended = new Date(now + remainingLifetime(config.session, deadline) * 1000);
    if (expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= now && extended > expires) {
      expires = extended;
      await adapter.updateSession!({ sessionToken, expires });
      if (options.renew) {
        cookies.push(...writeChunkedCookie(option, sessionToken, requestCookies, { expires }));
      }
    }
    const session = (await config.callbacks.session({
      session: { ...found.session, expires, user } as unknown as Session &
        AdapterSession & { user: AdapterUser },
      user,
      newSession: options.update?.data,
      ...(options.update ? { trigger: "update" as const } : {}),
    })) as Session;
    await emitEvent(config, "session", { session } as { session: Session; token: JWT });
    return { session, cookies };
  } catch (cause) {
    // The store did not answer: nobody is signed out by an outage (no cookie is cleared).
    if (isStoreFailure(cause)) throw SessionStoreUnavailable.from(cause);
    config.logger.error(new SessionTokenError("The database session could not be read", { cause }));
    return { session: null, cookies: [] };
  }
}
