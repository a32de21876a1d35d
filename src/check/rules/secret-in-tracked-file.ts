import { parseEnv } from "../../syntax/dotenv.js";
import { isSecretKey } from "../helpers.js";
import type { Rule } from "../types.js";

/** Env files that may hold secrets, besides the one the app loads. */
const ENV_FILES = [".env", ".env.local", ".env.development", ".env.production"];

export const secretInTrackedFile: Rule = {
  id: "secret-in-tracked-file",
  severity: "error",
  summary: "A secret value in a file git tracks.",
  check(context) {
    if (!context.git.repository) return [];
    const files = [...new Set([context.envFile, ...ENV_FILES])];
    return files.flatMap((file) => {
      const text = context.env.read(file);
      if (text === undefined || !context.git.tracked(file)) return [];
      const secret = parseEnv(text).find((entry) => isSecretKey(entry.key) && entry.value);
      if (!secret) return [];
      return [
        {
          file,
          line: secret.line + 1,
          message: `${file} is tracked by git and holds ${secret.key}.`,
          why: "Everyone with the repository (and every fork, CI log and backup) has the secret: sessions can be forged and provider accounts used.",
          fix: `Untrack it (git rm --cached ${file}), add it to .gitignore, and replace the exposed secrets (npx create-auth secret --force; new client secrets at each provider).`,
        },
      ];
    });
  },
};
