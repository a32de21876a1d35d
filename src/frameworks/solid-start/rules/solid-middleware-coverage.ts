import type { Rule } from "../../../check/types.js";
import { solidMiddleware } from "../solid-middleware.js";
import {
  type PageRoute,
  pageRoutes,
  pathParts,
  routeUrl,
  serves,
  servesBelow,
} from "../solid-page-routes.js";
import { solidRoutes } from "../solid-routes.js";

type Pattern = string | RegExp;

/** Whether a pattern covers a route's own path, read the way the runtime compares paths. */
function covers(pattern: Pattern, route: PageRoute): boolean {
  const url = routeUrl(route).toLowerCase();
  if (typeof pattern !== "string") return pattern.test(url) || pattern.test(routeUrl(route));
  const wildcard = pattern.endsWith("/*");
  const base = `/${pathParts(wildcard ? pattern.slice(0, -2) : pattern).join("/")}`;
  if (!wildcard) return url === base;
  return base === "/" || url === base || url.startsWith(`${base}/`);
}

/** Routes in the folder of `parts`, strictly below it (`account/settings.tsx` below `/account`). */
const inside = (route: PageRoute, parts: string[]) =>
  route.segments.length > parts.length &&
  parts.every((part, i) => route.segments[i]?.toLowerCase() === part);

/**
 * SolidStart: `protectedPaths` entries that protect no page. A warning: a path no route serves
 * (a typo: `/acount`) protects nothing, and an exact path (`/account`) leaves the pages below it
 * (`/account/settings`) open unless another entry covers them.
 */
export const solidMiddlewareCoverage: Rule = {
  id: "solid-middleware-coverage",
  severity: "warning",
  summary:
    "SolidStart: a protected path that no route serves, or that leaves the pages below it open.",
  check(context) {
    const middleware = solidMiddleware(context);
    const routes = pageRoutes(context.root);
    if (!middleware?.paths || routes.length === 0) return [];
    const { paths, file } = middleware;
    // The auth endpoints answer signed-out visitors by design: never "left open".
    const endpoints = new Set(solidRoutes(context.setup).map((route) => route.file));
    const patterns = paths.map((path) => path.pattern);
    return paths.flatMap(({ pattern, line }) => {
      if (typeof pattern !== "string") return [];
      const wildcard = pattern.endsWith("/*");
      const parts = pathParts(wildcard ? pattern.slice(0, -2) : pattern);
      const served = routes.some(
        (route) => serves(route.segments, parts) || servesBelow(route.segments, parts),
      );
      if (!served)
        return [
          {
            file,
            line,
            message: `protectedPaths lists ${pattern}, which no route serves (nothing in src/routes at or below it).`,
            why: "A protected path protects only the pages it matches: a misspelt or moved path protects nothing, and the page meant to be protected is served to everyone.",
            fix: `Write the path of the page to protect (src/routes/… without the extension; "${pattern.replace(/\/\*$/, "")}/*" for a whole section).`,
          },
        ];
      // `/` exactly is the home page: every other page is below it, and meant to be.
      if (wildcard || parts.length === 0) return [];
      const open = routes.filter(
        (route) =>
          inside(route, parts) &&
          !endpoints.has(route.file) &&
          !patterns.some((other) => covers(other, route)),
      );
      const [first] = open;
      if (!first) return [];
      const more = open.length > 1 ? ` and ${open.length - 1} more` : "";
      return [
        {
          file,
          line,
          message: `protectedPaths lists ${pattern}, which matches that path only: ${first.file} serves ${routeUrl(first)}${more}, left open.`,
          why: "A path without /* is protected exactly (case and a trailing slash aside): the pages below it are served to signed-out visitors.",
          fix: `Write "${pattern.replace(/\/+$/, "")}/*" (the path and everything below it), or list the pages below it too.`,
        },
      ];
    });
  },
};
