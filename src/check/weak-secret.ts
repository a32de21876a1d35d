import type { PlanBuilder } from "../plan/change-set.js";
import { generateSecret, planEnv } from "../plan/env-plan.js";
import { acceptedSecrets, place } from "./helpers.js";
import type { CheckContext, EnvVariable, Rule } from "./types.js";

/**
 * A weak `AUTH_SECRET` in the env file is replaced by a new one. That signs everyone out, which
 * is the point: sessions sealed with a guessable key are not safe to keep.
 */
export function replaceWeakSecret(
  context: CheckContext,
  plan: PlanBuilder,
  weak: (variable: EnvVariable) => boolean,
): void {
  const secret = context.env.get("AUTH_SECRET");
  if (!secret?.file || secret.file !== context.envFile || !weak(secret)) return;
  planEnv(plan, {
    envFile: context.envFile,
    additions: [{ key: "AUTH_SECRET", value: generateSecret() }],
    secrets: ["AUTH_SECRET"],
    replace: ["AUTH_SECRET"],
    gitRepository: context.git.repository,
  });
}

/** Builds a rule that flags every session secret for which `weak` holds. */
export function weakSecretRule(options: {
  id: string;
  summary: string;
  weak: (value: string) => boolean;
  message: (variable: EnvVariable) => string;
  why: string;
}): Rule {
  return {
    id: options.id,
    severity: "error",
    summary: options.summary,
    check: (context) =>
      acceptedSecrets(context)
        .filter((variable) => options.weak(variable.value))
        .map((variable) => ({
          ...place(variable),
          message: options.message(variable),
          why: options.why,
          fix: `Replace it with \`npx create-auth secret --force\` (32 random bytes); \`check --fix\` does it for AUTH_SECRET in ${context.envFile}. Everyone signs in again.`,
        })),
    fix: (context, plan) => replaceWeakSecret(context, plan, (v) => options.weak(v.value)),
  };
}

const PLACEHOLDER =
  /^(?:secret|changeme|change[-_ ]?me|change[-_ ]?this.*|replace[-_ ]?me.*|your[-_ ]?.*secret.*|my[-_ ]?secret.*|super[-_ ]?secret.*|xxx+|todo|tbd|placeholder|password|test|testing|dev|development|default|example|dummy|foo|bar|<.*>|\.\.\.|0+|1234.*|\$\(.*\)|openssl .*)$/i;

/** Values people leave in env files: public, so anyone can forge sessions with them. */
export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value.trim());
}

/** Estimated bits of entropy from the character frequencies (Shannon) times the length. */
export function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * value.length;
}
