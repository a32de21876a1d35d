/**
 * Reading a request target (`/path?query`, or the absolute form `http://host/path?query`) exactly
 * as the client sent it, for adapters over servers that hand it over raw (Node's `req.url`).
 *
 * @module
 */

/**
 * The path of a request target: not decoded, dot segments not resolved (routers match on this
 * form; `new URL()` would resolve `/a/../b` first). An absolute-form target loses its authority.
 */
export function targetPath(target: string): string {
  const path = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/, 1)[0]!;
  return path.startsWith("/") ? path : `/${path}`;
}

/** The query of a request target, `?` included, or `""` (parsed only when there is one). */
export function targetSearch(target: string): string {
  return target.includes("?") ? new URL(target, "http://placeholder").search : "";
}

/**
 * A path and query as a safe, same-origin relative URL for `callbackUrl`: leading slashes and
 * backslashes collapse to one `/`, so `//evil.example` comes back as `/evil.example`.
 */
export function returnPath(path: string, search: string): string {
  return `/${path.replace(/^[/\\]+/, "")}${search}`;
}
