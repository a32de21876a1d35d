import { mergeEnv } from "../../edit/env-file.js";
import { exampleFileOf, loaderOfExample } from "../../project/env-example.js";
import { parseEnv } from "../../syntax/dotenv.js";
import { isSecretKey } from "../helpers.js";
import type { CheckContext, Rule } from "../types.js";

/** The project's example file (`.env.example`, `.env.template`, …). */
const exampleOf = (context: CheckContext) =>
  exampleFileOf((file) => context.env.read(file) !== undefined);

/** Secret keys of the example file that carry a value (an empty one, or `<…>` hints, are fine). */
function leaked(text: string) {
  return parseEnv(text).filter(
    (entry) => isSecretKey(entry.key) && entry.value && !/^<.*>$/.test(entry.value),
  );
}

export const secretInEnvExample: Rule = {
  id: "secret-in-env-example",
  severity: "error",
  summary:
    "A secret value in the example env file (.env.example, .env.template, …: a file meant to be committed).",
  check(context) {
    const example = exampleOf(context);
    const text = context.env.read(example);
    if (text === undefined) return [];
    const loader = loaderOfExample(context.root, example);
    return leaked(text).map((entry) => ({
      file: example,
      line: entry.line + 1,
      message: `${example} has a value for ${entry.key}.`,
      why: `${example} is committed so others know which variables to set; a value there is published.${loader ? ` ${loader} loads ${example} when no env file exists, so the app starts with this value then.` : ""}`,
      fix: loader
        ? `Set ${entry.key} in the real env file, replace the value in ${example} with a <hint>, and stop ${loader} falling back to ${example} (check --fix leaves it: emptying it would change how the app starts).`
        : `Empty it (check --fix does) and, if it was a real secret, replace it everywhere it is used.`,
    }));
  },
  fix(context, plan) {
    const example = exampleOf(context);
    // Values the app falls back to are not emptied behind its back.
    if (loaderOfExample(context.root, example)) return;
    const keys = leaked(context.env.read(example) ?? "").map((entry) => entry.key);
    plan.edit(
      example,
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
