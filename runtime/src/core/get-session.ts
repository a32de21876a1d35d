import { SessionStoreUnavailable } from "../errors.js";
import { retryRevocations } from "../housekeeping/revocations.js";
import { schedulePrune } from "../housekeeping/schedule.js";
import type { Session } from "../types.js";
import type { ResolvedConfig } from "./config.js";
import { isSecure } from "./context.js";
import { parseCookieHeader } from "./cookies.js";
import { logText } from "./log-text.js";
import { readSession } from "./session.js";

const reportedErrors = new WeakSet<ResolvedConfig>();

function isEmpty(object: Record<string, string>): boolean {
  for (const _ in object) return false;
  return true;
}

/**
 * The session for a request's `Cookie` header, without building Web `Request`/`Response` objects
 * and without re-encrypting anything: the fast path behind the framework adapters' `getSession`.
 * Only the session cookie (and its chunks) is parsed out of the header. A broken configuration
 * is logged (once) and yields `null` (fail closed); a session store that fails throws
 * {@link SessionStoreUnavailable}.
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
    // Once per configuration: every request would repeat it.
    if (!reportedErrors.has(config)) {
      reportedErrors.add(config);
      config.logger.error(config.error);
    }
    return null;
  }
  schedulePrune(config.housekeeping, config.logger);
  retryRevocations(config);
  // isSecure() of the origin the handler uses: AUTH_URL's when set, else the request's.
  const origin = config.authUrl?.origin ?? `${protocol()}:`;
  const map = isSecure(origin, config) ? config.cookies.secure : config.cookies.plain;
  const { name, legacyName } = map.sessionToken;
  let cookies = parseCookieHeader(header, name);
  // Only when there is none under the current name (the parse keeps nothing else): Auth.js's,
  // for migration (session-cookie.ts).
  if (legacyName && isEmpty(cookies)) cookies = parseCookieHeader(header, legacyName);
  const { session } = await readSession(config, map, cookies, { renew: false });
  return session;
}

/**
 * A framework's `getSession`: resolves the configuration with `resolve` and reads the session
 * (the `Cookie` header read inside, so even a hand-built request without headers is `null`).
 * Whatever fails is logged (through the configuration's logger once resolved) and gives `null`:
 * a configuration that cannot even be resolved signs every request out. The one exception: a
 * session store that fails throws {@link SessionStoreUnavailable} (logged too), since `null`
 * would claim a signed-in user is signed out.
 */
export async function frameworkSession<C extends { logger?: { error?: unknown } }>(
  config: C,
  resolve: (config: C) => ResolvedConfig,
  protocol: () => string,
  header: () => string | null | undefined,
): Promise<Session | null> {
  let resolved: ResolvedConfig | undefined;
  try {
    resolved = resolve(config);
    return await sessionFromCookieHeader(resolved, protocol, header());
  } catch (error) {
    if (error instanceof SessionStoreUnavailable) {
      resolved?.logger.error(error);
      throw error;
    }
    if (resolved) resolved.logger.error(error instanceof Error ? error : new Error(String(error)));
    else logUnresolvable(config, error);
    return null;
  }
}

const reported = new WeakSet<object>();

/**
 * A configuration that cannot be resolved (not an object, a base path that is not a string…):
 * through its own `logger.error` when it has one, else on the console once per configuration,
 * since every request would repeat it.
 */
function logUnresolvable(config: unknown, cause: unknown): void {
  const error = new Error(
    `getSession: the auth configuration could not be read, so every request is signed out (${cause instanceof Error ? cause.message : String(cause)})`,
    { cause },
  );
  const own = (config as { logger?: { error?: unknown } } | undefined)?.logger?.error;
  if (typeof own === "function") {
    own(error);
    return;
  }
  const key = typeof config === "object" && config !== null ? config : reported;
  if (reported.has(key)) return;
  reported.add(key);
  console.error(`[auth][error] ${logText(error.message)}`, cause);
}
