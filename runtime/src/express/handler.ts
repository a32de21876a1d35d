import { assertConfigObject } from "../core/assert-options.js";
import { type ResolvedConfig, resolveConfig } from "../core/config.js";
import { parseCookieHeader, serializeCookie } from "../core/cookies.js";
import { handleAuthRequest, unknownAction } from "../core/handle.js";
import { type AuthRequest, parseAction } from "../core/request.js";
import type { AuthResponse } from "../core/response.js";
import type { AuthConfig } from "../types.js";
import { configuredBasePath, mountPrefix, rawPath, warnOnce } from "./base-path.js";
import { BodyTooLarge, MalformedBody, readBody } from "./body.js";
import { expressOrigin, expressUrl } from "./origin.js";
import type { ExpressMiddleware, ExpressRequest, ExpressResponse } from "./types.js";

/** The configuration of `ExpressAuth`: the core configuration (there is no `raw` option). */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">;

/** Where each configuration was first mounted, for `requireAuth`'s sign-in redirect. */
export const mountedAt = new WeakMap<AuthConfig, string>();

function headerReader(req: ExpressRequest): AuthRequest["headers"] {
  return {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    *entries() {
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) yield [name, Array.isArray(value) ? value.join(", ") : value];
      }
    },
  };
}

/** Writes a neutral response to Express's `res`. */
export function send(res: ExpressResponse, response: AuthResponse): void {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  if (response.cookies.length) {
    const existing = res.getHeader("set-cookie");
    const earlier =
      existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
    res.setHeader("set-cookie", [...earlier, ...response.cookies.map(serializeCookie)]);
  }
  res.end(response.body ?? undefined);
}

function reject(res: ExpressResponse, status: number): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify("Bad request."));
}

/**
 * The auth endpoints as Express middleware, for Express 4 and 5:
 *
 * ```ts
 * app.use("/auth", ExpressAuth(authConfig));
 * ```
 *
 * The base path is `basePath` (or `AUTH_URL`'s path) when the configuration names one, else
 * where the handler is mounted (plain or wildcard); mounted without a path, `/auth` (with a
 * warning), so the app's own `/signin` or `/error` are never taken. The mount is recorded on
 * the first request and never changes: a request whose mount prefix differs (a path parameter
 * in the mount, or a second mount of the same handler) goes to `next()`, so requests cannot
 * create base paths.
 * Without `case sensitive routing` the mount is lower-cased. Bodies are read whether or not the
 * app uses `express.json()`/`express.urlencoded()`. Protocol and host follow the app's
 * `trust proxy` setting. Other paths and methods under the base path answer 400, as in
 * `@auth/express`. HEAD is answered as
 * GET, except on the callback. Errors reach Express's error handler on both versions.
 */
export function ExpressAuth(config: ExpressAuthConfig): ExpressMiddleware {
  assertConfigObject(config, "ExpressAuth");
  let mount: { prefix: string; basePath: string; resolved: ResolvedConfig } | undefined;

  const mountAt = (prefix: string) => ({
    prefix,
    basePath: prefix,
    resolved: resolveConfig({ ...config, basePath: prefix }),
  });
  // Mounted at the root with no base path configured: the endpoints stay under the default
  // `/auth` (where requireAuth looks) instead of taking the app's own `/signin`, `/error`…
  const rootMount = () => {
    const resolved = resolveConfig(config);
    warnOnce(
      config,
      "express-root-mount",
      `ExpressAuth is mounted without a path and no basePath is set, so it serves ${resolved.basePath}/*. Mount it at its path, app.use("${resolved.basePath}", ExpressAuth(config)), or set basePath in the auth configuration.`,
    );
    return { prefix: "", basePath: resolved.basePath, resolved };
  };

  /** The base path and configuration for this request, or `undefined` when it is not ours. */
  const target = (req: ExpressRequest, path: string) => {
    const prefix = mountPrefix(req, path);
    const foldCase = !req.app?.get("case sensitive routing");
    const configured = configuredBasePath(config);
    let basePath: string;
    let resolved: ResolvedConfig;
    if (configured !== undefined) {
      [basePath, resolved] = [configured, resolveConfig(config)];
      // Mounted at basePath or above it (`app.use(ExpressAuth(…))` with `basePath: "/auth"`).
      const covered = `${configured}/`.toLowerCase().startsWith(`${prefix}/`.toLowerCase());
      if (prefix !== undefined && !covered) {
        warnOnce(
          config,
          "express-mount-basepath-mismatch",
          `ExpressAuth is mounted at "${prefix}" but basePath is "${configured}": requests outside basePath are not served.`,
        );
      }
    } else {
      if (prefix === undefined) return undefined;
      const canonical = foldCase ? prefix.toLowerCase() : prefix;
      // Recorded once: later requests can never move the base path (or build new configs).
      mount ??= canonical ? mountAt(canonical) : rootMount();
      if (!mountedAt.has(config)) mountedAt.set(config, mount.basePath);
      if (canonical !== mount.prefix) return undefined;
      [basePath, resolved] = [mount.basePath, mount.resolved];
    }
    // `/AUTH/csrf` reached this handler through case-insensitive routing: it is `/auth/csrf`.
    const sameBase =
      prefix !== undefined && foldCase && prefix.toLowerCase() === basePath.toLowerCase();
    const pathname = sameBase ? `${basePath}${path.slice(prefix.length)}` : path;
    return { basePath, resolved, pathname };
  };

  return async (req, res, next) => {
    try {
      const method = (req.method ?? "GET").toUpperCase();
      const found = target(req, rawPath(req));
      if (!found) return next();
      // Under the base path, as in `@auth/express`, an unknown action or method is a 400;
      // elsewhere (a root mount with `basePath`) the request is the app's.
      const ours = found.pathname.startsWith(`${found.basePath}/`);
      if (method !== "GET" && method !== "POST" && method !== "HEAD") {
        if (!ours) return next();
        found.resolved.logger.error(unknownAction(method, found.pathname));
        return reject(res, 400);
      }
      // Concatenated, not resolved: a path like `//host/x` must not become the URL's host.
      // Without a `?` there is no query, and no second URL to parse for it.
      const search = (req.originalUrl ?? req.url ?? "").includes("?") ? expressUrl(req).search : "";
      const origin = expressOrigin(req);
      const url = new URL(`${origin ?? "http://localhost"}${found.pathname}${search}`);
      const parsed = parseAction(url.pathname, found.basePath);
      // HEAD is GET without a body (Node sends none), but never on the callback: it spends
      // one-time codes and magic links, and mail scanners send HEAD to every link.
      if (!parsed || (method === "HEAD" && parsed.action === "callback")) {
        if (!ours) return next();
        found.resolved.logger.error(unknownAction(method, url.pathname));
        return reject(res, 400);
      }
      // A `Host` that is not a host: refused, but only on our own paths.
      if (!origin) return reject(res, 400);
      const authRequest: AuthRequest = {
        method: method === "HEAD" ? "GET" : method,
        url,
        headers: headerReader(req),
        cookies: parseCookieHeader(req.headers.cookie),
      };
      // `req.ip` follows the app's `trust proxy` setting, as protocol and host do.
      const address = req.ip ?? req.socket?.remoteAddress;
      if (address) authRequest.clientAddress = address;
      if (method === "POST") {
        try {
          const body = await readBody(req);
          if (body) authRequest.body = body;
        } catch (error) {
          if (error instanceof BodyTooLarge) return reject(res, 413);
          if (error instanceof MalformedBody) return reject(res, 400);
          throw error;
        }
      }
      send(res, await handleAuthRequest(authRequest, found.resolved));
    } catch (error) {
      next(error);
    }
  };
}
