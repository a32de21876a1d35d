import type { Rule } from "../types.js";

export const debugInProduction: Rule = {
  id: "debug-in-production",
  severity: "warning",
  summary: "`debug: true` while NODE_ENV is production.",
  check(context) {
    const { config } = context.setup;
    const nodeEnv = context.env.get("NODE_ENV");
    if (config.debug?.value !== true || nodeEnv?.value !== "production") return [];
    return [
      {
        file: config.file,
        line: config.debug.line,
        message: `debug is on and NODE_ENV=production (${nodeEnv.file ?? "environment"}).`,
        why: "Debug logs describe every auth request (users, providers, adapter calls): noise at best, personal data in your logs at worst.",
        fix: 'Write `debug: process.env.NODE_ENV !== "production"`, or remove it.',
      },
    ];
  },
};
