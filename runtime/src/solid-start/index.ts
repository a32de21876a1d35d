/**
 * SolidStart 1 and 2 integration: a catch-all API route, `getSession`, and a middleware helper.
 * A drop-in for `@auth/solid-start` where `prefix` really is the base path.
 *
 * @module solid-start
 */
import { assertConfigObject } from "../core/assert-options.js";
import { type ResolvedConfig, resolveConfig } from "../core/config.js";
import { frameworkSession } from "../core/get-session.js";
import { handleAuthRequest } from "../core/handle.js";
import { matchesProtectedPath, type PathPattern } from "../core/protected-paths.js";
import { parseAction } from "../core/request.js";
import { toWebResponse } from "../core/response.js";
import { wantsSignInRedirect } from "../core/sign-in-redirect.js";
import { storeUnavailableRefusal } from "../core/store-unavailable.js";
import { fromWebRequest } from "../core/web.js";
import { SessionStoreUnavailable } from "../errors.js";
import type { AuthConfig, Session } from "../types.js";

export { AuthError, CredentialsSignin, SessionStoreUnavailable } from "../errors.js";
export { customFetch, skipCSRFCheck } from "../symbols.js";
export type { Account, DefaultSession, Profile, Session, User } from "../types.js";

export interface SolidAuthConfig extends AuthConfig {
  /** Where the catch-all route lives, and so the base path. Default `/api/auth`. */
  prefix?: string;
}

/** The part of SolidStart's `APIEvent`/`FetchEvent` the helpers use (no SolidStart import). */
export interface RequestEventLike {
  request: Request;
  locals?: Record<string, unknown>;
  /** The h3 event underneath (SolidStart 1 and 2): its `path` is the raw request path. */
  nativeEvent?: { path?: unknown };
  /** The peer's address (h3's `getRequestIP`, never `X-Forwarded-For`), for rate limiting. */
  clientAddress?: string;
}

const derived = new WeakMap<SolidAuthConfig, ResolvedConfig>();

/** One resolved configuration per config object, with `prefix` as the base path. */
function resolved(config: SolidAuthConfig): ResolvedConfig {
  let result = derived.get(config);
  if (!result) {
    const { prefix, ...rest } = config;
    result = resolveConfig({ ...rest, basePath: prefix ?? config.basePath ?? "/api/auth" });
    derived.set(config, result);
  }
  return result;
}

/**
 * The auth endpoints for a catch-all route:
 *
 * ```ts
 * // src/routes/api/auth/[...auth].ts
 * export const { GET, POST } = SolidAuth(authConfig);
 * ```
 *
 * Requests outside the prefix (or paths that are not auth endpoints) answer `undefined`, so
 * SolidStart carries on with its own routing.
 */
export function SolidAuth(config: SolidAuthConfig) {
  assertConfigObject(config, "SolidAuth");
  const handler = async (event: RequestEventLike): Promise<Response | undefined> => {
    const config_ = resolved(config);
    const parsed = parseAction(new URL(event.request.url).pathname, config_.basePath);
    if (!parsed) return undefined;
    // SolidStart routes HEAD to GET: answered as GET without a body, except on the callback,
    // which spends one-time codes and magic links (mail scanners send HEAD to every link).
    const head = event.request.method.toUpperCase() === "HEAD" && parsed.action !== "callback";
    const request = await fromWebRequest(event.request);
    if (request instanceof Response) return request;
    if (head) request.method = "GET";
    if (typeof event.clientAddress === "string") request.clientAddress = event.clientAddress;
    const response = toWebResponse(await handleAuthRequest(request, config_));
    return head ? new Response(null, response) : response;
  };
  return { GET: handler, POST: handler };
}

/**
 * The session of a request, or `null`: reads the cookie directly (no re-encryption, keys cached),
 * and answers `null` for a broken configuration (after logging it). Throws
 * {@link SessionStoreUnavailable} when the session store fails (the session is unknown).
 */
export function getSession(request: Request, config: SolidAuthConfig): Promise<Session | null> {
  const protocol = () => new URL(request.url).protocol.slice(0, -1);
  return frameworkSession(config, resolved, protocol, () => request.headers.get("cookie"));
}

export interface AuthMiddlewareOptions {
  /**
   * Paths that need a session: exact paths, `"/prefix/*"` patterns or regular expressions,
   * matched the way routers read paths (case-insensitively, ignoring trailing and repeated
   * slashes) and then some: see `matchesProtectedPath`.
   */
  protectedPaths?: PathPattern[];
  /** Where signed-out browsers go. Default: `pages.signIn`, else the built-in sign-in page. */
  redirectTo?: string;
}

const trimSlash = (path: string) => path.replace(/(.)\/$/, "$1");

/**
 * Whether a request is a step of signing in, which must pass even when every path is protected
 * (else a signed-out browser is sent round in circles): an endpoint `SolidAuth` serves, or
 * `pages.signIn`, `pages.error`, `pages.verifyRequest` or `redirectTo` on this origin. Every
 * reading of the path must be one (a raw `/api/auth/signin/../../x` is not), compared exactly
 * but for a trailing slash, so nothing the router would serve elsewhere is let through.
 */
function isSignInFlow(
  url: URL,
  paths: string[],
  config: SolidAuthConfig,
  redirectTo: string | undefined,
): boolean {
  const { basePath } = resolved(config);
  const { signIn, error, verifyRequest } = config.pages ?? {};
  const pages = new Set<string>();
  for (const page of [signIn, error, verifyRequest, redirectTo]) {
    if (typeof page !== "string" || page === "") continue;
    const target = URL.canParse(page, url) ? new URL(page, url) : undefined;
    if (target?.origin === url.origin) pages.add(trimSlash(target.pathname));
  }
  return paths.every((raw) => {
    const path = raw.split(/[?#]/, 1)[0]!;
    return parseAction(path, basePath) !== undefined || pages.has(trimSlash(path));
  });
}

/**
 * An `onRequest` handler for `createMiddleware` from `@solidjs/start/middleware`: puts the session
 * on `event.locals.session` and turns signed-out requests to `protectedPaths` away (a redirect to
 * the sign-in page with a `callbackUrl` back, or 401 JSON for API clients). The steps of signing
 * in (auth endpoints, the sign-in, error and verify-request pages) always pass. When the session
 * store is down the session is unknown: `locals.session` stays `undefined`, `locals.sessionError`
 * holds the {@link SessionStoreUnavailable}, and protected paths answer 503 with `Retry-After`.
 *
 * ```ts
 * export default createMiddleware({ onRequest: [authMiddleware(authConfig, { protectedPaths: ["/account"] })] });
 * ```
 */
export function authMiddleware(config: SolidAuthConfig, options: AuthMiddlewareOptions = {}) {
  assertConfigObject(config, "authMiddleware");
  return async (event: RequestEventLike): Promise<Response | undefined> => {
    const url = new URL(event.request.url);
    // The raw path too (h3's `event.path`): `new URL()` has already resolved dot segments.
    const paths = [url.pathname, event.nativeEvent?.path].filter((p) => typeof p === "string");
    const patterns = options.protectedPaths ?? [];
    const isProtected = () => paths.some((path) => matchesProtectedPath(path, patterns));
    let session: Session | null;
    try {
      session = await getSession(event.request, config);
    } catch (error) {
      if (!(error instanceof SessionStoreUnavailable)) throw error;
      // Unknown, not signed out: `locals.session` stays undefined; protected paths get 503.
      if (event.locals) event.locals.sessionError = error;
      if (!isProtected() || isSignInFlow(url, paths, config, options.redirectTo)) return undefined;
      const page = wantsSignInRedirect(event.request.method, event.request.headers.get("accept"));
      const { theme } = resolved(config);
      return toWebResponse(storeUnavailableRefusal(error, page, theme, url.origin));
    }
    if (event.locals) event.locals.session = session;
    if (session || !isProtected()) return undefined;
    if (isSignInFlow(url, paths, config, options.redirectTo)) return undefined;
    if (!wantsSignInRedirect(event.request.method, event.request.headers.get("accept"))) {
      return Response.json({ message: "Unauthorized" }, { status: 401 });
    }
    const signIn =
      options.redirectTo ?? config.pages?.signIn ?? `${resolved(config).basePath}/signin`;
    const back = `/${url.pathname.replace(/^[/\\]+/, "")}${url.search}`;
    const location = `${signIn}${signIn.includes("?") ? "&" : "?"}${new URLSearchParams({ callbackUrl: back })}`;
    return new Response(null, { status: 302, headers: { location } });
  };
}
