import { defaultCookies, parseCookieHeader, readChunkedCookie } from "../core/cookies.js";
import { resolveSecrets } from "../core/secrets.js";
import { MissingSecret } from "../errors.js";
import type { JWT, JWTDecodeParams } from "../types.js";
import { decodeCached } from "./decode.js";

type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface GetTokenParams<R extends boolean = false> {
  /** A Web `Request`, or anything with `headers` (Node's `IncomingMessage`, Express's `req`). */
  req: Request | { headers: HeadersLike };
  /**
   * Read the HTTPS session cookie: `__Host-authjs.session-token`, else Auth.js's
   * `__Secure-authjs.session-token` (with its own name as salt). Default: false.
   */
  secureCookie?: boolean;
  /** Default: the session cookie name for `secureCookie`. */
  cookieName?: string;
  /** Default: `cookieName`. */
  salt?: string;
  /**
   * Default: the environment's secrets, as the runtime reads them: `AUTH_SECRET_3.._1`,
   * `AUTH_SECRET` and `AUTH_SECRET_NEXT` (Auth.js: `AUTH_SECRET` only).
   */
  secret?: string | string[];
  /** Return the encrypted token instead of its claims. */
  raw?: R;
  decode?: (params: JWTDecodeParams) => Promise<JWT | null> | JWT | null;
}

function header(headers: HeadersLike, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Reads the session token from a request's (possibly chunked) session cookie, or from an
 * `Authorization: Bearer` header, and decrypts it. Compatible with Auth.js's `getToken`.
 *
 * @returns the claims (or the raw token with `raw: true`); `null` when there is no token or it
 * does not decrypt.
 */
export async function getToken<R extends boolean = false>(
  params: GetTokenParams<R>,
): Promise<R extends true ? string | null : JWT | null> {
  type Result = R extends true ? string | null : JWT | null;
  const { req, secureCookie = false, raw, decode = decodeCached } = params;
  if (!req) throw new TypeError("Must pass `req` to getToken()");
  const option = defaultCookies(secureCookie).sessionToken;
  const headers = req.headers as HeadersLike;
  const cookieHeader = header(headers, "cookie");
  let cookieName = params.cookieName ?? option.name;
  let token = readChunkedCookie(parseCookieHeader(cookieHeader, cookieName), cookieName);
  if (!token && !params.cookieName && option.legacyName) {
    cookieName = option.legacyName;
    token = readChunkedCookie(parseCookieHeader(cookieHeader, cookieName), cookieName);
  }
  const salt = params.salt ?? cookieName;
  const authorization = header(headers, "authorization");
  if (!token && authorization?.startsWith("Bearer ")) {
    try {
      token = decodeURIComponent(authorization.slice(7).trim());
    } catch {
      return null as Result;
    }
  }
  if (!token) return null as Result;
  if (raw) return token as Result;

  // Every secret the runtime accepts from the environment (Auth.js reads `AUTH_SECRET` alone),
  // so code calling getToken() reads sessions issued by any instance during a rotation.
  const secret = params.secret ?? resolveSecrets({ providers: [] }, process.env).secret;
  if (!secret || secret.length === 0) {
    throw new MissingSecret("Must pass `secret` to getToken() or set AUTH_SECRET");
  }
  try {
    return (await decode({ token, secret, salt })) as Result;
  } catch {
    return null as Result;
  }
}
