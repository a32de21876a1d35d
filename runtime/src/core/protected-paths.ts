/**
 * Which request paths a list of protected-path patterns covers, shared by Express's
 * `requireAuth({ paths })` and SolidStart's `authMiddleware({ protectedPaths })`.
 *
 * Routers are lenient: Express matches case-insensitively and ignores a trailing slash by
 * default, SolidStart's router lower-cases static segments and drops trailing slashes, servers
 * and proxies differ on `//`, `;params`, `%2F`, `\` and dot segments. A path is therefore read in
 * every way a router might read it, and it is protected when **any** reading matches (fail
 * closed: a signed-out visitor may be sent to sign in for an odd path, never let through).
 *
 * @module
 */

/** An exact path (`"/account"`), a prefix (`"/admin/*"`: `/admin` and everything below), or a regular expression. */
export type PathPattern = string | RegExp;

const UNRESERVED = /%(2[dDeE]|3\d|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])/g;

/** `%41` → `A` for RFC 3986 unreserved characters only (`%2F` and friends keep their meaning). */
function decodeUnreserved(path: string): string {
  return path.replace(UNRESERVED, (encoded) =>
    String.fromCharCode(Number.parseInt(encoded.slice(1), 16)),
  );
}

/** `//` collapsed, a trailing `/` dropped, always one leading `/`. */
function tidy(path: string): string {
  const collapsed = `/${path}`.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

/** RFC 3986 §5.2.4 dot-segment removal on a tidied path (`..` never climbs above `/`). */
function resolveDots(path: string): string {
  const out: string[] = [];
  for (const segment of path.split("/").slice(1)) {
    if (segment === "..") out.pop();
    else if (segment !== ".") out.push(segment);
  }
  return `/${out.join("/")}`;
}

/** Every plausible reading of a raw request path (case preserved). */
function readings(rawPath: string): Set<string> {
  const path = rawPath.split(/[?#]/, 1)[0] ?? "";
  const decoded = decodeUnreserved(path);
  const variants = [decoded];
  // Encoded or back slashes: some servers treat them as separators.
  if (/%2f|%5c|\\/i.test(decoded)) variants.push(decoded.replace(/%2f|%5c|\\/gi, "/"));
  // `;params` (path parameters): some servers strip them before routing.
  for (const variant of [...variants]) {
    if (variant.includes(";")) variants.push(variant.replace(/;[^/]*/g, ""));
  }
  // The untouched forms too, for regular expressions written against them.
  const result = new Set<string>([path, decoded]);
  for (const variant of variants) {
    const tidied = tidy(variant);
    result.add(tidied);
    result.add(tidy(resolveDots(tidied)));
  }
  return result;
}

function matchesString(path: string, pattern: string): boolean {
  const wildcard = pattern.endsWith("/*");
  const base = tidy(decodeUnreserved(wildcard ? pattern.slice(0, -2) : pattern)).toLowerCase();
  const candidate = path.toLowerCase();
  if (!wildcard) return candidate === base;
  return base === "/" || candidate === base || candidate.startsWith(`${base}/`);
}

function matchesRegExp(path: string, pattern: RegExp): boolean {
  for (const candidate of [path, path.toLowerCase()]) {
    pattern.lastIndex = 0; // a /g or /y pattern keeps state between calls
    if (pattern.test(candidate)) return true;
  }
  return false;
}

/**
 * Whether `rawPath` (the path as the client sent it: not decoded, dot segments not resolved) is
 * covered by `patterns`. String patterns compare case-insensitively, ignoring trailing and
 * repeated slashes; a regular expression is tried on every reading, as given and lower-cased.
 */
export function matchesProtectedPath(rawPath: string, patterns: readonly PathPattern[]): boolean {
  if (!patterns.length) return false;
  for (const path of readings(rawPath)) {
    for (const pattern of patterns) {
      if (typeof pattern === "string" ? matchesString(path, pattern) : matchesRegExp(path, pattern))
        return true;
    }
  }
  return false;
}
