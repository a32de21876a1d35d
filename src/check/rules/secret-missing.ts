import { generateSecret, planEnv } from "../../plan/env-plan.js";
import { sessionSecrets } from "../helpers.js";
import type { Rule } from "../types.js";

export const secretMissing: Rule = {
  id: "secret-missing",
  severity: "error",
  summary: "No AUTH_SECRET (and no `secret` in the configuration).",
  check(context) {
    if (sessionSecrets(context).length || context.setup.config.secret) return [];
    return [
      {
        file: context.envFile,
        message: `AUTH_SECRET is not set in ${context.envFile} or the environment.`,
        why: "Sessions, CSRF tokens and OAuth checks are encrypted with it: without it every request fails with MissingSecret.",
        fix: "Run `npx create-auth secret` (or `check --fix`) and set the same variable where you deploy.",
      },
    ];
  },
  fix(context, plan) {
    planEnv(plan, {
      envFile: context.envFile,
      additions: [{ key: "AUTH_SECRET", value: generateSecret(), comment: "Encrypts sessions" }],
      secrets: ["AUTH_SECRET"],
      gitRepository: context.git.repository,
    });
  },
};
