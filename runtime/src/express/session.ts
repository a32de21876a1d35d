import { assertConfigObject } from "../core/assert-options.js";
import { resolveConfig } from "../core/config.js";
import { frameworkSession } from "../core/get-session.js";
import { matchesProtectedPath, type PathPattern } from "../core/protected-paths.js";
import { wantsSignInRedirect } from "../core/sign-in-redirect.js";
import { storeUnavailableRefusal } from "../core/store-unavailable.js";
import { SessionStoreUnavailable } from "../errors.js";
import type { Session } from "../types.js";
import { rawPath, warnOnce } from "./base-path.js";
import { type ExpressAuthConfig, send } from "./handler.js";
import { expressOrigin, expressProtocol, expressUrl } from "./origin.js";
import { isSignInFlow, knownBasePath } from "./sign-in-flow.js";
import type { ExpressMiddleware, ExpressRequest, ExpressResponse } from "./types.js";

/**
 * The session of a request, or `null`. Reads the cookie directly (no Web `Request`, no
 * re-encryption, keys cached), decides the cookie name exactly as `ExpressAuth` does, never
 * throws for bad input, and returns `null` (after logging) for a broken configuration. When the
 * session store (the adapter) fails it throws {@link SessionStoreUnavailable} (`retryAfter` in
 * seconds): the session is unknown, and `null` would sign the user out.
 *
 * @example
 * ```ts
 * app.get("/me", async (req, res) => res.json(await getSession(req, authConfig)));
 * ```
 */
export function getSession(
  req: ExpressRequest,
  config: ExpressAuthConfig,
): Promise<Session | null> {
  return frameworkSession(
    config,
    resolveConfig,
    () => expressProtocol(req),
    () => req.headers.cookie,
  );
}

/**
 * Middleware putting the session (or `null`) on `res.locals.session`. When the session store is
 * down the session is unknown: `res.locals.session` stays `undefined` (not `null`),
 * `res.locals.sessionError` holds the {@link SessionStoreUnavailable}, and the request goes on (a
 * public page still renders; a protected one is `requireAuth`'s to refuse).
 */
export function authSession(config: ExpressAuthConfig): ExpressMiddleware {
  assertConfigObject(config, "authSession");
  return async (req, res, next) => {
    try {
      res.locals ??= {};
      try {
        res.locals.session = await getSession(req, config);
      } catch (error) {
        if (!(error instanceof SessionStoreUnavailable)) throw error;
        res.locals.sessionError = error;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** 503 for a protected request whose session store is down (see `storeUnavailableRefusal`). */
function refuseUnavailable(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
  error: SessionStoreUnavailable,
): void {
  const page = wantsSignInRedirect(req.method ?? "GET", req.headers.accept);
  const { theme } = resolveConfig(config);
  send(res, storeUnavailableRefusal(error, page, theme, expressOrigin(req)));
}

export interface RequireAuthOptions {
  /** Where to send signed-out browsers. Default: `pages.signIn`, else the built-in sign-in page. */
  redirectTo?: string;
  /** Status for requests that want JSON (or are not GET/HEAD). Default 401. */
  status?: number;
  /**
   * Only protect these paths (the full request path): exact paths, `"/prefix/*"` patterns, or
   * regular expressions. Matched the way Express routes (case-insensitively, ignoring trailing
   * and repeated slashes) and then some: see `matchesProtectedPath`.
   */
  paths?: PathPattern[];
}

/** The requested path as a safe, same-origin relative URL (no `//host` or backslash tricks). */
function returnPath(req: ExpressRequest): string {
  return `/${rawPath(req).replace(/^[/\\]+/, "")}${expressUrl(req).search}`;
}

/**
 * The sign-in page: `pages.signIn`, else `/signin` under `basePath` (or `AUTH_URL`'s path), else
 * under where `ExpressAuth` was first mounted. Before any request has reached the handler the
 * mount is unknown: then `/auth` is assumed, with a one-time warning to set `basePath`.
 */
function signInPage(config: ExpressAuthConfig): string {
  if (config.pages?.signIn) return config.pages.signIn;
  const base = knownBasePath(config);
  if (base !== undefined) return `${base}/signin`;
  const guess = resolveConfig(config).basePath;
  warnOnce(
    config,
    "express-basepath-unknown",
    `requireAuth does not know where ExpressAuth is mounted yet and redirects to ${guess}/signin. Set basePath in the auth configuration to the mount path.`,
  );
  return `${guess}/signin`;
}

/**
 * Middleware that lets signed-in requests through (with `res.locals.session` set) and turns the
 * others away: browsers are redirected to the sign-in page with a `callbackUrl` back to where
 * they were going, API clients get 401 JSON. Use it per route, per router, or with `paths`.
 * When the session store is down: 503 with `Retry-After` (a "Temporarily unavailable" page, or
 * JSON for API clients), never a redirect to sign in.
 * The steps of signing in (auth endpoints, the sign-in, error and verify-request pages) always
 * pass, so it can protect every path.
 */
export function requireAuth(
  config: ExpressAuthConfig,
  options: RequireAuthOptions = {},
): ExpressMiddleware {
  assertConfigObject(config, "requireAuth");
  return async (req, res, next) => {
    try {
      if (options.paths && !matchesProtectedPath(rawPath(req), options.paths)) return next();
      let session: Session | null;
      try {
        session = await getSession(req, config);
      } catch (error) {
        if (!(error instanceof SessionStoreUnavailable)) throw error;
        // Unknown, not signed out: 503, but the steps of signing in still pass.
        if (isSignInFlow(req, config, options.redirectTo)) return next();
        return refuseUnavailable(req, res, config, error);
      }
      res.locals ??= {};
      res.locals.session = session;
      // Signed in, or a step of signing in (checked only for signed-out requests).
      if (session || isSignInFlow(req, config, options.redirectTo)) return next();
      if (!wantsSignInRedirect(req.method ?? "GET", req.headers.accept)) {
        res.statusCode = options.status ?? 401;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ message: "Unauthorized" }));
        return;
      }
      const signIn = options.redirectTo ?? signInPage(config);
      const separator = signIn.includes("?") ? "&" : "?";
      res.statusCode = 302;
      res.setHeader(
        "location",
        `${signIn}${separator}${new URLSearchParams({ callbackUrl: returnPath(req) })}`,
      );
      res.end();
    } catch (error) {
      next(error);
    }
  };
}
