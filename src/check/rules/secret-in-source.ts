import type { Rule } from "../types.js";

export const secretInSource: Rule = {
  id: "secret-in-source",
  severity: "error",
  summary: "A literal `secret` written in the auth configuration.",
  check(context) {
    const { config } = context.setup;
    if (!config.secret) return [];
    const lines = context.text(config.file).split(/\r?\n/);
    const line = lines[config.secret.line - 1] ?? "";
    // A literal: `secret: "…"` or `secret: ["…", …]`; `process.env.X` is fine.
    if (!/secret\s*:\s*\[?\s*["'`]/.test(line) || /["'`]\s*\$\{/.test(line)) return [];
    return [
      {
        file: config.file,
        line: config.secret.line,
        message: "The session secret is written in the source code.",
        why: "Source code is shared, committed and logged: the secret is public, and rotating it needs a deploy.",
        fix: "Delete the `secret` property and set AUTH_SECRET in the environment (npx create-auth secret); the runtime reads it, and AUTH_SECRET_1..3 for rotation.",
      },
    ];
  },
};
