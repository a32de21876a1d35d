import type { Rule } from "../../../check/types.js";
import { solidRoutes } from "../solid-routes.js";

/** SolidStart: the runtime answers under `prefix` only, so the route folder must match it. */
export const solidPrefixMismatch: Rule = {
  id: "solid-prefix-mismatch",
  severity: "error",
  summary: "SolidStart: the catch-all route's folder and `prefix` disagree.",
  check(context) {
    const { config } = context.setup;
    const written = config.prefix ?? config.basePath;
    if (written?.value === "dynamic") return [];
    const prefix = `/${(written?.value ?? "/api/auth").replace(/^\/+|\/+$/g, "")}`;
    return solidRoutes(context.setup)
      .filter((route) => route.path !== prefix)
      .map((route) => ({
        file: route.file,
        message: `The route serves ${route.path}, but the configuration's prefix is ${prefix}${written ? "" : " (the default)"}.`,
        why: "Every endpoint answers 404 or falls through to a page: the runtime only answers under its prefix.",
        fix: `Set prefix: "${route.path}" in ${config.file}, or move the route to src/routes${prefix}/[...auth].ts.`,
      }));
  },
};
