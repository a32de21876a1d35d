import type { Rule } from "../types.js";

export const authNotMounted: Rule = {
  id: "auth-not-mounted",
  severity: "error",
  summary: "The auth endpoints are never served (no ExpressAuth mount, no SolidAuth route).",
  check(context) {
    const { config, mounts, solidRoutes } = context.setup;
    if (context.framework.framework === "express" && mounts.length === 0)
      return [
        {
          file: config.file,
          line: config.line,
          message: "No `app.use(…, ExpressAuth(authConfig))` in the sources.",
          why: "Without the mount there is no sign-in page, no callback URL and no session endpoint.",
          fix: 'Add `app.use("/auth", ExpressAuth(authConfig))` after `express()` and the body parsers (npx create-auth init does it).',
        },
      ];
    if (context.framework.framework === "solid-start" && solidRoutes.length === 0)
      return [
        {
          file: config.file,
          line: config.line,
          message: "No route file exports SolidAuth's handlers (src/routes/…/[...auth].ts).",
          why: "Without the route there is no sign-in page, no callback URL and no session endpoint.",
          fix: "Create src/routes/api/auth/[...auth].ts with `export const { GET, POST } = SolidAuth(authConfig)` (npx create-auth init does it).",
        },
      ];
    return [];
  },
};
