import { ensureIgnored } from "../../edit/gitignore.js";
import { parseEnv } from "../../syntax/dotenv.js";
import { isSecretKey } from "../helpers.js";
import type { Rule } from "../types.js";

export const envFileNotIgnored: Rule = {
  id: "env-file-not-ignored",
  severity: "error",
  summary: "The env file with the secrets is not git-ignored.",
  check(context) {
    const { envFile, git } = context;
    const text = context.env.read(envFile);
    if (!git.repository || text === undefined || git.tracked(envFile) || git.ignored(envFile))
      return [];
    if (!parseEnv(text).some((entry) => isSecretKey(entry.key) && entry.value)) return [];
    return [
      {
        file: envFile,
        message: `${envFile} holds secrets and git does not ignore it.`,
        why: "The next `git add -A` commits the secrets.",
        fix: `Add ${envFile} to .gitignore (check --fix does it).`,
      },
    ];
  },
  fix(context, plan) {
    plan.edit(".gitignore", "keep secrets out of git", (text) =>
      ensureIgnored(text, [context.envFile]),
    );
  },
};
