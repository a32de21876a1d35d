import type { Rule } from "../../../check/types.js";
import { handlersBeforeMounts } from "../express-order.js";

/**
 * Express: the auth mount registered after a handler that answers every request (a 404 handler,
 * an SPA fallback `app.get("*", …)`). An error: Express runs handlers in order, so the
 * endpoints are unreachable (GET ones at least, for a GET fallback).
 */
export const expressMountShadowed: Rule = {
  id: "express-mount-shadowed",
  severity: "error",
  summary: "Express: the auth mount comes after a catch-all or 404 handler that answers first.",
  check(context) {
    return handlersBeforeMounts(context).flatMap(({ mount, earlier }) => {
      const first = earlier.find((handler) => handler.kind !== "error-handler");
      if (!first) return [];
      const what =
        first.kind === "not-found"
          ? "a handler that answers every request (a 404 page)"
          : "a catch-all route";
      return [
        {
          file: mount.file,
          line: mount.line,
          message: `The auth endpoints are mounted after ${what} at ${mount.file}:${first.line} (${first.text}).`,
          why: "Express runs handlers in the order they are added, and that one answers without calling next(): sign-in, callbacks and /session never reach the runtime (404s, or the SPA's page instead of JSON).",
          fix: `Move the auth mount above line ${first.line}; keep 404, fallback and error handlers last.`,
        },
      ];
    });
  },
};
