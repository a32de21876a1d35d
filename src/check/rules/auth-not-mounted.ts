import { frameworkById, frameworks } from "../../frameworks/registry.js";
import type { Rule } from "../types.js";

/** No mount of the framework's handler: each framework says what its mount looks like. */
export const authNotMounted: Rule = {
  id: "auth-not-mounted",
  severity: "error",
  summary: `The auth endpoints are never served (${frameworks
    .map((framework) => `no ${framework.notMounted.what}`)
    .join(", ")}).`,
  check(context) {
    const { config, mounts } = context.setup;
    const framework = frameworkById(context.framework.framework);
    if (mounts.some((mount) => mount.framework === framework.id)) return [];
    const { message, why, fix } = framework.notMounted;
    return [{ file: config.file, line: config.line, message, why, fix }];
  },
};
