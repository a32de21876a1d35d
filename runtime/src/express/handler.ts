import { type ResolvedConfig, resolveConfig } from "../core/config.js";
import { parseCookieHeader, serializeCookie } from "../core/cookies.js";
import { handleAuthRequest } from "../core/handle.js";
import type { AuthRequest } from "../core/request.js";
import type { AuthResponse } from "../core/response.js";
import type { AuthConfig } from "../types.js";
import { mountedBasePath } from "./base-path.js";
import { BodyTooLarge, MalformedBody, readBody } from "./body.js";
import { expressOrigin, expressUrl } from "./origin.js";
import type { ExpressMiddleware, ExpressRequest, ExpressResponse } from "./types.js";

/** The configuration of `ExpressAuth`: the core configuration (there is no `raw` option). */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">;

const MAX_MOUNTS = 16;
/** Where each configuration was last mounted, for `requireAuth`'s sign-in redirect. */
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

function send(res: ExpressResponse, response: AuthResponse): void {
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
 * The base path is where it is mounted (any path, plain or wildcard). Bodies are read whether
 * or not the app uses `express.json()`/`express.urlencoded()`. Protocol and host follow the
 * app's `trust proxy` setting. Paths under the mount that are not auth endpoints go to
 * `next()`. Errors reach Express's error handler on both versions.
 */
export function ExpressAuth(config: ExpressAuthConfig): ExpressMiddleware {
  const mounts = new Map<string, ResolvedConfig>();
  const forMount = (basePath: string) => {
    let resolved = mounts.get(basePath);
    if (!resolved) {
      // One derived configuration per mount: the caller's object is never modified.
      resolved = resolveConfig({ ...config, basePath });
      if (mounts.size >= MAX_MOUNTS) mounts.delete(mounts.keys().next().value!);
      mounts.set(basePath, resolved);
      mountedAt.set(config, basePath);
    }
    return resolved;
  };

  return async (req, res, next) => {
    try {
      const method = (req.method ?? "GET").toUpperCase();
      const url = expressUrl(req);
      const basePath = mountedBasePath(url.pathname, req.baseUrl ?? "", config.basePath);
      if (basePath === undefined || (method !== "GET" && method !== "POST")) return next();
      const origin = expressOrigin(req);
      const authRequest: AuthRequest = {
        method,
        url: new URL(`${url.pathname}${url.search}`, origin),
        headers: headerReader(req),
        cookies: parseCookieHeader(req.headers.cookie),
      };
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
      send(res, await handleAuthRequest(authRequest, forMount(basePath)));
    } catch (error) {
      next(error);
    }
  };
}
