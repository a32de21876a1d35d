import { posix } from "node:path";
import { sourceFiles } from "../../project/source-files.js";

/** A file under src/routes and the URL segments it serves (`[id]`, `[[id]]`, `[...rest]` kept). */
export interface PageRoute {
  file: string;
  segments: string[];
}

const param = (segment: string) => /^\[[^.[\]][^[\]]*\]$/.test(segment);
const optional = (segment: string) => /^\[\[.+\]\]$/.test(segment);
const rest = (segment: string) => /^\[\.\.\..+\]$/.test(segment);

/**
 * The routes of a SolidStart app, from its file names: groups `(name)` and `index` serve no
 * segment. A catch-all at the top (`src/routes/[...404].tsx`, the 404 page) is left out: it
 * answers every path, so it would make every path look served.
 */
export function pageRoutes(root: string, routesDir = "src/routes"): PageRoute[] {
  return sourceFiles(root)
    .filter((file) => file.startsWith(`${routesDir}/`))
    .map((file) => {
      const relative = posix.relative(routesDir, file).replace(/\.[^./]+$/, "");
      const segments = relative
        .split("/")
        .filter((segment) => segment !== "index" && !/^\(.*\)$/.test(segment));
      return { file, segments };
    })
    .filter((route) => !(route.segments.length > 0 && rest(route.segments[0]!)));
}

/** Whether a route answers the path of `parts` (lower-case, no empty parts). */
export function serves(segments: readonly string[], parts: readonly string[]): boolean {
  const [segment, ...more] = segments;
  if (segment === undefined) return parts.length === 0;
  if (rest(segment)) return true;
  if (optional(segment))
    return serves(more, parts) || (parts.length > 0 && serves(more, parts.slice(1)));
  const [part, ...after] = parts;
  if (part === undefined) return false;
  if (!param(segment) && segment.toLowerCase() !== part) return false;
  return serves(more, after);
}

/** Whether a route serves some path strictly below `parts` (`/account/settings` below `/account`). */
export function servesBelow(segments: readonly string[], parts: readonly string[]): boolean {
  if (parts.length === 0) return segments.length > 0;
  const [segment, ...more] = segments;
  if (segment === undefined) return false;
  if (rest(segment)) return true;
  if (optional(segment)) return servesBelow(more, parts) || servesBelow(more, parts.slice(1));
  if (!param(segment) && segment.toLowerCase() !== parts[0]) return false;
  return servesBelow(more, parts.slice(1));
}

/** A path's parts, as the runtime compares them: lower-case, no empty or trailing parts. */
export function pathParts(path: string): string[] {
  return path.toLowerCase().split("/").filter(Boolean);
}

/** A sample of the paths a route serves, for messages and pattern tests: `/books/[id]` as written. */
export function routeUrl(route: PageRoute): string {
  return `/${route.segments.join("/")}`;
}
