import { resolveConfig } from "../core/config.js";
import { matchesProtectedPath, type PathPattern } from "../core/protected-paths.js";
import { parseAction } from "../core/request.js";
import { type AuthResponse, jsonResponse } from "../core/response.js";
import { wantsSignInRedirect } from "../core/sign-in-redirect.js";
import { storeUnavailableRefusal } from "../core/store-unavailable.js";
import { SessionStoreUnavailable } from "../errors.js";
import type { AuthConfig, Session } from "../types.js";
import { returnPath } from "./request-target.js";

/** Options of the Fastify and Hono `requireAuth`: the same as Express's. */
export interface RequireAuthOptions {
  /** Where to send signed-out browsers. Default: `pages.signIn`, else the built-in sign-in page. */
  redirectTo?: string;
  /** Status for requests that want JSON (or are not GET/HEAD). Default 401. */
  status?: number;
  /**
   * Only protect these paths (the full request path): exact paths, `"/prefix/*"` patterns, or
   * regular expressions, matched leniently (case, trailing and repeated slashes, encodings; see
   * `matchesProtectedPath`): when in doubt a path is protected.
   */
  paths?: PathPattern[];
}

/** What a framework's `requireAuth` knows about one request, read lazily where it costs. */
export interface GuardedRequest {
  /** The path as the client sent it (not decoded, dot segments kept). */
  path: string;
  /** The query, `?` included, or `""`. */
  search(): string;
  method: string;
  accept: string | null | undefined;
  /** The request's origin as the adapter's handler decides it; `undefined` for a bad host. */
  origin(): string | undefined;
  session(): Promise<Session | null>;
}

/**
 * Whether a signed-out request is a step of signing in, which must pass even when every path is
 * protected (else the sign-in page itself redirects, forever): an auth endpoint under the base
 * path (a canonical path only: `/auth/callback/..` is not one), or `pages.signIn`, `pages.error`,
 * `pages.verifyRequest` or `redirectTo` on this origin. Compared exactly, the way Fastify and
 * Hono route by default, so nothing a router would serve elsewhere is let through.
 */
export function isSignInStep(
  request: GuardedRequest,
  config: AuthConfig,
  basePath: string,
  redirectTo: string | undefined,
): boolean {
  const { path } = request;
  if (new URL(path, "http://localhost").pathname === path && parseAction(path, basePath)) {
    return true;
  }
  const { signIn, error, verifyRequest } = config.pages ?? {};
  const pages = [signIn, error, verifyRequest, redirectTo].filter(
    (page): page is string => typeof page === "string" && page !== "",
  );
  const origin = pages.length ? request.origin() : undefined;
  if (!origin) return false;
  return pages.some((page) => {
    const target = URL.canParse(page, origin) ? new URL(page, origin) : undefined;
    return target?.origin === origin && target.pathname === path;
  });
}

/**
 * The decision of `requireAuth`, as Express's makes it: requests outside `paths` pass without a
 * session read; signed-in requests and the steps of signing in pass with their session; other
 * browsers get a redirect to the sign-in page with a same-origin relative `callbackUrl`, and API
 * clients (JSON but not HTML, or neither GET nor HEAD) `401 {"message":"Unauthorized"}`. When
 * the session store is down the session is unknown: 503 with `Retry-After` instead (the
 * "Temporarily unavailable" page, or JSON), and no session is set.
 */
export async function guard(
  request: GuardedRequest,
  config: AuthConfig,
  options: RequireAuthOptions,
  knownBasePath: string | undefined,
): Promise<{ session?: Session | null; refusal?: AuthResponse }> {
  if (options.paths && !matchesProtectedPath(request.path, options.paths)) return {};
  // Unknown (the handler has not been reached yet, and no basePath): the default, `/auth`.
  const basePath = knownBasePath ?? resolveConfig(config).basePath;
  let session: Session | null;
  try {
    session = await request.session();
  } catch (error) {
    if (!(error instanceof SessionStoreUnavailable)) throw error;
    // Unknown, not signed out: the steps of signing in still pass (they answer for themselves).
    if (isSignInStep(request, config, basePath, options.redirectTo)) return {};
    const page = wantsSignInRedirect(request.method, request.accept);
    const { theme } = resolveConfig(config);
    return { refusal: storeUnavailableRefusal(error, page, theme, request.origin()) };
  }
  if (session || isSignInStep(request, config, basePath, options.redirectTo)) return { session };
  if (!wantsSignInRedirect(request.method, request.accept)) {
    return { session, refusal: jsonResponse({ message: "Unauthorized" }, options.status ?? 401) };
  }
  const signIn = options.redirectTo ?? config.pages?.signIn ?? `${basePath}/signin`;
  const back = returnPath(request.path, request.search());
  const location = `${signIn}${signIn.includes("?") ? "&" : "?"}${new URLSearchParams({ callbackUrl: back })}`;
  return { session, refusal: { status: 302, headers: { location }, cookies: [], body: null } };
}
