import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Rule } from "../../../check/types.js";
import { solidMiddleware } from "../solid-middleware.js";

/**
 * SolidStart: `authMiddleware(…)` written in a middleware file the config does not register. An
 * error: SolidStart runs only the middleware its config names, so the protected paths are served
 * to everyone and `event.locals.session` is never set.
 */
export const solidMiddlewareNotRegistered: Rule = {
  id: "solid-middleware-not-registered",
  severity: "error",
  summary: "SolidStart: the auth middleware is not registered in the config, so it never runs.",
  check(context) {
    const middleware = solidMiddleware(context);
    if (!middleware?.configFile || middleware.configLine === undefined) return [];
    const { registered, configFile, configLine, file, line } = middleware;
    if (registered === "dynamic") return [];
    if (registered !== null && existsSync(join(context.root, registered))) return [];
    const option =
      context.framework.major === 1
        ? `defineConfig({ middleware: "${file}" })`
        : `solidStart({ middleware: "./${file}" })`;
    return [
      {
        file: configFile,
        line: configLine,
        message:
          registered === null
            ? `${file}:${line} calls authMiddleware, but ${configFile} registers no middleware.`
            : `${configFile} registers the middleware ${registered}, which does not exist; authMiddleware is in ${file}.`,
        why: "SolidStart runs only the middleware its config names: the protected paths are served to signed-out visitors, and event.locals.session is never set.",
        fix: `Name the file in ${configFile}: ${option}, then restart the dev server.`,
      },
    ];
  },
};
