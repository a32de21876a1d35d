import { parseAction } from "../core/request.js";

/**
 * Where the handler is mounted, from Express's own routing (never `req.params[0]`, which
 * Express 5's named wildcards leave empty — Auth.js bug #12672):
 * - `app.use("/auth", …)`: Express strips the mount, so `req.baseUrl` is the base path;
 * - `app.use("/auth/*", …)`, `"/auth/*splat"`, `"/auth/{*splat}"`: the whole path is consumed
 *   (`req.baseUrl` is the full path), so the trailing `action[/provider]` is removed instead.
 * A `basePath` in the configuration wins when the request is under it.
 */
export function mountedBasePath(
  pathname: string,
  baseUrl: string,
  configured: string | undefined,
): string | undefined {
  if (configured && parseAction(pathname, configured)) return configured;
  const base = baseUrl.replace(/\/+$/, "");
  if (base !== pathname.replace(/\/+$/, "")) return parseAction(pathname, base) ? base : undefined;
  const segments = pathname.split("/").filter(Boolean);
  for (const drop of [2, 1]) {
    const candidate = `/${segments.slice(0, segments.length - drop).join("/")}`;
    if (segments.length > drop && parseAction(pathname, candidate)) return candidate;
  }
  return undefined;
}
