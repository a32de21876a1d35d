import { resolveConfig } from "../core/config.js";
import { parseCookieHeader } from "../core/cookies.js";
import { sessionFromCookies } from "../core/get-session.js";
import type { Session } from "../types.js";
import { type ExpressAuthConfig, mountedAt } from "./handler.js";
import { expressOrigin, expressUrl } from "./origin.js";
import type { ExpressMiddleware, ExpressRequest } from "./types.js";

/**
 * The session of a request, or `null`. Reads the cookie directly (no Web `Request`, no
 * re-encryption, keys cached), decides the cookie name exactly as `ExpressAuth` does, never
 * throws for bad input, and returns `null` (after logging) for a broken configuration.
 *
 * @example
 * ```ts
 * app.get("/me", async (req, res) => res.json(await getSession(req, authConfig)));
 * ```
 */
export async function getSession(
  req: ExpressRequest,
  config: ExpressAuthConfig,
): Promise<Session | null> {
  const resolved = resolveConfig(config);
  try {
    return await sessionFromCookies(
      resolved,
      expressOrigin(req),
      parseCookieHeader(req.headers.cookie),
    );
  } catch (error) {
    resolved.logger.error(error instanceof Error ? error : new Error(String(error)));
    return null;
  }
}

/** Middleware putting the session (or `null`) on `res.locals.session`. */
export function authSession(config: ExpressAuthConfig): ExpressMiddleware {
  return async (req, res, next) => {
    try {
      res.locals ??= {};
      res.locals.session = await getSession(req, config);
      next();
    } catch (error) {
      next(error);
    }
  };
}

export interface RequireAuthOptions {
  /** Where to send signed-out browsers. Default: the sign-in page of the mounted handler. */
  redirectTo?: string;
  /** Status for requests that want JSON (or are not GET). Default 401. */
  status?: number;
  /** Only protect these paths: exact strings, `"/prefix/*"` patterns, or regular expressions. */
  paths?: (string | RegExp)[];
}

function matches(pathname: string, patterns: (string | RegExp)[] | undefined): boolean {
  if (!patterns) return true;
  return patterns.some((pattern) =>
    typeof pattern === "string"
      ? pattern.endsWith("/*")
        ? pathname === pattern.slice(0, -2) || pathname.startsWith(pattern.slice(0, -1))
        : pathname === pattern
      : pattern.test(pathname),
  );
}

function wantsJson(req: ExpressRequest): boolean {
  const accept = String(req.headers.accept ?? "");
  if (req.method !== "GET" && req.method !== "HEAD") return true;
  return accept.includes("application/json") && !accept.includes("text/html");
}

/** The requested path as a safe, same-origin relative URL (no `//host` or backslash tricks). */
function returnPath(req: ExpressRequest): string {
  const url = expressUrl(req);
  return `/${url.pathname.replace(/^[/\\]+/, "")}${url.search}`;
}

/**
 * Middleware that lets signed-in requests through (with `res.locals.session` set) and turns the
 * others away: browsers are redirected to the sign-in page with a `callbackUrl` back to where
 * they were going, API clients get 401 JSON. Use it per route, per router, or with `paths`.
 */
export function requireAuth(
  config: ExpressAuthConfig,
  options: RequireAuthOptions = {},
): ExpressMiddleware {
  return async (req, res, next) => {
    try {
      if (!matches(expressUrl(req).pathname, options.paths)) return next();
      const session = await getSession(req, config);
      res.locals ??= {};
      res.locals.session = session;
      if (session) return next();
      if (wantsJson(req)) {
        res.statusCode = options.status ?? 401;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ message: "Unauthorized" }));
        return;
      }
      const signIn =
        options.redirectTo ?? `${mountedAt.get(config) ?? resolveConfig(config).basePath}/signin`;
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
