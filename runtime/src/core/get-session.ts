import type { Session } from "../types.js";
import type { ResolvedConfig } from "./config.js";
import { isSecure } from "./context.js";
import { readSession } from "./session.js";

/**
 * The session for a request's cookies, without building Web `Request`/`Response` objects and
 * without re-encrypting anything: the fast path behind the framework adapters' `getSession`.
 * Never throws; a broken configuration is logged and yields `null` (fail closed).
 *
 * @param origin the request's origin (`AUTH_URL`'s wins when set), which decides the cookie names.
 */
export async function sessionFromCookies(
  config: ResolvedConfig,
  origin: string,
  cookies: Record<string, string>,
): Promise<Session | null> {
  if (config.error) {
    config.logger.error(config.error);
    return null;
  }
  const effectiveOrigin = config.authUrl?.origin ?? origin;
  const map = isSecure(effectiveOrigin, config) ? config.cookies.secure : config.cookies.plain;
  const { session } = await readSession(config, map, cookies, { renew: false });
  return session;
}
