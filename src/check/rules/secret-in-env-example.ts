import { mergeEnv } from "../../edit/env-file.js";
import { parseEnv } from "../../syntax/dotenv.js";
import { isSecretKey } from "../helpers.js";
import type { Rule } from "../types.js";

const EXAMPLE = ".env.example";

/** Secret keys of `.env.example` that carry a value (an empty one, or `<…>` hints, are fine). */
function leaked(text: string) {
  return parseEnv(text).filter(
    (entry) => isSecretKey(entry.key) && entry.value && !/^<.*>$/.test(entry.value),
  );
}

export const secretInEnvExample: Rule = {
  id: "secret-in-env-example",
  severity: "error",
  summary: "A secret value in .env.example (a file meant to be committed).",
  check(context) {
    const text = context.env.read(EXAMPLE);
    if (text === undefined) return [];
    return leaked(text).map((entry) => ({
      file: EXAMPLE,
      line: entry.line + 1,
      message: `${EXAMPLE} has a value for ${entry.key}.`,
      why: ".env.example is committed so others know which variables to set; a value there is published.",
      fix: `Empty it (check --fix does) and, if it was a real secret, replace it everywhere it is used.`,
    }));
  },
  fix(context, plan) {
    const keys = leaked(context.env.read(EXAMPLE) ?? "").map((entry) => entry.key);
    plan.edit(
      EXAMPLE,
      "remove secret values",
      (text) =>
        mergeEnv(
          text,
          keys.map((key) => ({ key, value: "" })),
          { replace: keys },
        ).text,
    );
  },
};
