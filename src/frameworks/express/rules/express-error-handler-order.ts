import type { Rule } from "../../../check/types.js";
import { handlersBeforeMounts } from "../express-order.js";

/**
 * Express: an error handler (four parameters) registered before the auth mount. A warning: the
 * endpoints work, but the errors they pass on skip the app's handler (Express only runs error
 * handlers added after the failing middleware), so they get Express's default page.
 */
export const expressErrorHandlerOrder: Rule = {
  id: "express-error-handler-order",
  severity: "warning",
  summary: "Express: an error handler registered before the auth mount never sees its errors.",
  check(context) {
    return handlersBeforeMounts(context).flatMap(({ mount, earlier }) => {
      const handler = earlier.find((candidate) => candidate.kind === "error-handler");
      if (!handler) return [];
      return [
        {
          file: mount.file,
          line: mount.line,
          message: `The error handler at ${mount.file}:${handler.line} is registered before the auth mount.`,
          why: "Express hands an error only to the error handlers added after the middleware that failed: errors from the auth endpoints (a database down, a provider timing out) get Express's default response instead of your handler (no logging, no JSON error shape).",
          fix: `Move the error handler below the auth mount (error handlers go last), or the mount above line ${handler.line}.`,
        },
      ];
    });
  },
};
