import { parseEnv } from "../../syntax/dotenv.js";
import type { Rule } from "../types.js";

export const envDuplicateKey: Rule = {
  id: "env-duplicate-key",
  severity: "warning",
  summary: "An auth variable assigned twice in the env file.",
  check(context) {
    const text = context.env.read(context.envFile);
    if (text === undefined) return [];
    const keys = new Set(
      parseEnv(text)
        .map((entry) => entry.key)
        .filter((key) => key.startsWith("AUTH_") || key === "DATABASE_URL"),
    );
    return [...keys].flatMap((key) => {
      const all = context.env.assignments(key);
      if (all.length < 2) return [];
      const last = all.at(-1)!;
      return [
        {
          file: context.envFile,
          line: last.line,
          message: `${key} is set ${all.length} times (lines ${all.map((a) => a.line).join(", ")}); the last one wins.`,
          why: "Editing the first one changes nothing, which is how secrets end up wrong in production.",
          fix: `Keep one ${key} line.`,
        },
      ];
    });
  },
};
