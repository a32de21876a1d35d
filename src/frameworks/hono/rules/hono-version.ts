import type { Rule } from "../../../check/types.js";

/** Hono: the runtime's adapter imports `hono/route`, which Hono has since 4.8. */
export const honoVersion: Rule = {
  id: "hono-version",
  severity: "error",
  summary: "Hono older than 4.8 (the runtime's Hono adapter imports hono/route).",
  check(context) {
    const { version } = context.framework;
    const [major, minor] = /(\d+)\.(\d+)/.exec(version)?.slice(1).map(Number) ?? [];
    if (major !== 4 || minor === undefined || minor >= 8) return [];
    return [
      {
        file: "package.json",
        message: `Hono ${version} is older than 4.8.`,
        why: "The runtime's Hono adapter imports hono/route (Hono 4.8 and later): the app fails to start with ERR_PACKAGE_PATH_NOT_EXPORTED.",
        fix: "Upgrade hono to ^4.8.0 or later (npm install hono@^4).",
      },
    ];
  },
};
