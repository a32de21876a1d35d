import { detectStyle, quoted } from "../../syntax/source-style.js";
import type { Rule } from "../types.js";

/** `debug: true` as written on its line. */
const DEBUG_ON = /\bdebug(\s*:\s*)true\b/;

/**
 * `debug: true` written in the configuration. A committed literal is on in every deployment,
 * whatever NODE_ENV says, so one rule covers both (a second rule for "committed" would report
 * the same line twice); only the message says whether production is known to be affected.
 * `--fix` ties it to NODE_ENV: development keeps its logs, production loses only log lines.
 */
export const debugInProduction: Rule = {
  id: "debug-in-production",
  severity: "warning",
  summary: "`debug: true` written in the configuration (on in production too).",
  check(context) {
    const { config } = context.setup;
    if (config.debug?.value !== true) return [];
    const nodeEnv = context.env.get("NODE_ENV");
    const production = nodeEnv?.value === "production";
    return [
      {
        file: config.file,
        line: config.debug.line,
        message: production
          ? `debug is on and NODE_ENV=production (${nodeEnv.file ?? "environment"}).`
          : "debug: true is committed: it is on in every deployment, production included.",
        why: "Debug logs describe every auth request (users, providers, adapter calls): noise at best, personal data in your logs at worst.",
        fix: 'Write `debug: process.env.NODE_ENV !== "production"` (check --fix does it), or remove it.',
      },
    ];
  },
  fix(context, plan) {
    const { config } = context.setup;
    if (config.debug?.value !== true) return;
    const index = config.debug.line - 1;
    plan.edit(config.file, "debug only outside production", (text) => {
      const lines = text.split("\n");
      const line = lines[index];
      const production = quoted("production", detectStyle(text));
      if (line && DEBUG_ON.test(line))
        lines[index] = line.replace(DEBUG_ON, `debug$1process.env.NODE_ENV !== ${production}`);
      return lines.join("\n");
    });
  },
};
