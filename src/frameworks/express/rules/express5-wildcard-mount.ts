import type { Rule } from "../../../check/types.js";
import { expressMounts, mountBase } from "../express-mounts.js";

/** Patterns path-to-regexp 8 (Express 5) refuses: a nameless `*`, `(.*)`, `:name*`, `:name?`. */
const EXPRESS4_ONLY = /\/\*(?![A-Za-z_])|\(\.\*\)|:\w+[*?+]/;

/** Express 5: a wildcard mount written for Express 4 crashes at start-up; --fix drops it. */
export const express5WildcardMount: Rule = {
  id: "express5-wildcard-mount",
  severity: "error",
  summary: "An Express 4 wildcard mount (`/auth/*`) in an Express 5 app.",
  check(context) {
    if (context.framework.major !== 5) return [];
    return expressMounts(context.setup)
      .filter((mount) => mount.path && EXPRESS4_ONLY.test(mount.path))
      .map((mount) => ({
        file: mount.file,
        line: mount.pathLine ?? mount.line,
        message: `Express 5 refuses the path "${mount.path}": the app crashes at start-up (PathError: Missing parameter name).`,
        why: "Express 5's router (path-to-regexp 8) has no nameless wildcards.",
        fix: `Mount at "${mountBase(mount.path!)}" (the runtime finds every endpoint below it; check --fix does it).`,
      }));
  },
  fix(context, plan) {
    for (const mount of expressMounts(context.setup)) {
      if (!mount.path || !EXPRESS4_ONLY.test(mount.path)) continue;
      plan.edit(mount.file, `mount at ${mountBase(mount.path)}`, (text) => {
        const lines = text.split("\n");
        const index = (mount.pathLine ?? mount.line) - 1;
        for (const quote of ['"', "'", "`"]) {
          const literal = `${quote}${mount.path}${quote}`;
          if (lines[index]?.includes(literal)) {
            lines[index] = lines[index]!.replace(
              literal,
              `${quote}${mountBase(mount.path!)}${quote}`,
            );
            break;
          }
        }
        return lines.join("\n");
      });
    }
  },
};
