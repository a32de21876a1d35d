import type { Rule } from "../../../check/types.js";
import { callsOn, placedRegistrations } from "../registration-order.js";

/**
 * Fastify: the app sets its error handler after FastifyAuth has loaded (an awaited registration,
 * or an awaited `register`/`after`/`ready` in between): an encapsulated plugin keeps the error
 * handler its parent had when it loaded.
 */
export const fastifyErrorHandlerOrder: Rule = {
  id: "fastify-error-handler-order",
  severity: "warning",
  summary:
    "`setErrorHandler` comes after FastifyAuth has loaded, so it does not apply to the auth endpoints.",
  check(context) {
    const findings = [];
    for (const { file, line, name, siblings, index, awaited } of placedRegistrations(
      context.setup.files,
      context.text,
    )) {
      let loaded = awaited;
      for (const node of siblings.slice(index + 1)) {
        if (callsOn(node, name, ["listen"], false)) break;
        if (loaded && callsOn(node, name, ["setErrorHandler"], false)) {
          findings.push({
            file,
            line,
            message: `${name}.setErrorHandler(…) at line ${node.getStartLineNumber()} is set after FastifyAuth has loaded${awaited ? " (its registration is awaited)" : ""}.`,
            why: "A Fastify plugin keeps the error handler its parent had when it loaded: Fastify's errors on the auth endpoints (a body over 64 KiB, malformed JSON, an unsupported content type) are answered by Fastify's default handler, not yours.",
            fix: `Call ${name}.setErrorHandler(…) before FastifyAuth is registered (npx create-auth init places the registration after it).`,
          });
          break;
        }
        loaded ||= callsOn(node, name, ["register", "after", "ready"], true);
      }
    }
    return findings;
  },
};
