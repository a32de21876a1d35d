import type { Session } from "../types.js";
import type { ResolvedConfig } from "./config.js";
import { isSecure } from "./context.js";
import { parseCookieHeader } from "./cookies.js";
import { readSession } from "./session.js";

/**
 * The session for a request's `Cookie` header, without building Web `Request`/`Response` objects
 * and without re-encrypting anything: the fast path behind the framework adapters' `getSession`.
 * Only the session cookie (and its chunks) is parsed out of the header. Never throws; a broken
 * configuration is logged and yields `null` (fail closed).
 *
 * @param protocol the request's protocol (`https` or `http`, as the framework decides it), which
 *   decides the cookie names unless `useSecureCookies` or `AUTH_URL` does. Only the protocol
 *   matters here, so the host is never parsed.
 */
export async function sessionFromCookieHeader(
  config: ResolvedConfig,
  protocol: () => string,
  header: string | null | undefined,
): Promise<Session | null> {
  if (config.error) {
    config.logger.error(config.error);
    return null;
  }
  // isSecure() of the origin the handler uses: AUTH_URL's when set, else the request's.
  const origin = config.authUrl?.origin ?? `${protocol()}:`;
  const map = isSecure(origin, config) ? config.cookies.secure : config.cookies.plain;
  const cookies = parseCookieHeader(header, map.sessionToken.name);
  const { session } = await readSession(config, map, cookies, { renew: false });
  return session;
}
