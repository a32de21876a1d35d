import type { Rule } from "../../../check/types.js";
import { callsOn, placedRegistrations } from "../registration-order.js";

/** Fastify: FastifyAuth registered after `await app.listen()` or `await app.ready()`. */
export const fastifyRegisterAfterStart: Rule = {
  id: "fastify-register-after-start",
  severity: "error",
  summary: "FastifyAuth is registered after the app has started (`await app.listen()`/`ready()`).",
  check(context) {
    return placedRegistrations(context.setup.files, context.text)
      .filter(({ siblings, index, name }) =>
        siblings.slice(0, index).some((node) => callsOn(node, name, ["listen", "ready"], true)),
      )
      .map(({ file, line, name }) => ({
        file,
        line,
        message: `FastifyAuth is registered on ${name} after ${name} has started.`,
        why: "Fastify takes no plugins once it has booted: the app fails at this line with AVV_ERR_ROOT_PLG_BOOTED (Root plugin has already booted), and no auth endpoint exists.",
        fix: `Move the registration before \`${name}.listen()\`/\`${name}.ready()\`, next to the other plugins.`,
      }));
  },
};
