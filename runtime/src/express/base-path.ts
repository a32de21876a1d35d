import { resolveConfig } from "../core/config.js";
import { logText } from "../core/log-text.js";
import type { AuthConfig, WarningCode } from "../types.js";
import type { ExpressRequest } from "./types.js";

/**
 * The path of the request target exactly as the client sent it: not decoded, dot segments not
 * resolved (Express routes on this form; `new URL()` would resolve `/a/../b` first).
 */
export function rawPath(req: ExpressRequest): string {
  const target = req.originalUrl ?? req.url ?? "/";
  // An absolute-form target (`GET http://host/path`): Express routes on its path.
  const path = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/, 1)[0]!;
  return path.startsWith("/") ? path : `/${path}`;
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** What a wildcard in the mount path matched, as Express reports it, in segments. */
function wildcardSegments(params: ExpressRequest["params"]): string[] | undefined {
  const values = Object.values(params ?? {});
  // Express 5 (`/auth/*splat`, `/auth/{*splat}`): an array of decoded segments.
  const named = values.filter(Array.isArray).at(-1);
  if (named) return named.map(String);
  // Express 4 (`/auth/*`): one decoded string in `params[0]`.
  const unnamed = params?.[0];
  return typeof unnamed === "string" ? unnamed.split("/") : undefined;
}

/**
 * The raw prefix of `path` that the mount path matched, read from Express's own routing, or
 * `undefined` when it cannot be told for sure:
 * - `app.use("/auth", …)`: Express strips the mount and reports it as `req.baseUrl`;
 * - `app.use("/auth/*", …)` (Express 4), `"/auth/*splat"`, `"/auth/{*splat}"` (Express 5): the
 *   whole path is consumed, so what the wildcard matched (`req.params[0]` / `req.params.splat`)
 *   is removed from the end. The removed part must decode to exactly the wildcard's value (an
 *   encoded `/` cannot shift the boundary), else the request is not ours.
 */
export function mountPrefix(req: ExpressRequest, path: string): string | undefined {
  const wildcard = wildcardSegments(req.params);
  if (!wildcard) {
    const base = (req.baseUrl ?? "").replace(/\/+$/, "");
    return path.toLowerCase().startsWith(base.toLowerCase())
      ? path.slice(0, base.length)
      : undefined;
  }
  const segments = path.split("/");
  const cut = segments.length - wildcard.length;
  if (cut < 1) return undefined;
  const matched = segments.slice(cut);
  if (!matched.every((segment, i) => decode(segment) === wildcard[i])) return undefined;
  return segments.slice(0, cut).join("/");
}

/**
 * The base path the configuration itself names, if any: `basePath`, else the path of
 * `AUTH_URL` (not `/`). It wins over where the handler is mounted, in the handler and in
 * `requireAuth`, so both agree before the first request.
 */
export function configuredBasePath(config: AuthConfig): string | undefined {
  const resolved = resolveConfig(config);
  const fromUrl = resolved.authUrl && resolved.authUrl.pathname !== "/";
  return config.basePath !== undefined || fromUrl ? resolved.basePath : undefined;
}

const warned = new WeakMap<AuthConfig, Set<string>>();

/** One warning per configuration and code, through the configured logger when there is one. */
export function warnOnce(config: AuthConfig, code: WarningCode, message: string): void {
  const codes = warned.get(config) ?? new Set<string>();
  warned.set(config, codes);
  if (codes.has(code)) return;
  codes.add(code);
  const warn = config.logger?.warn;
  if (warn) warn(code);
  else console.warn(`[auth][warn][${code}] ${logText(message)}`);
}
