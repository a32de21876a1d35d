import { randomBytes } from "node:crypto";
import { type EnvAddition, mergeEnv } from "../edit/env-file.js";
import { ensureIgnored } from "../edit/gitignore.js";
import { CliError } from "../errors.js";
import { exampleFileOf, isExampleFile, loaderOfExample } from "../project/env-example.js";
import { isIgnored, isTracked } from "../project/git.js";
import { envValue } from "../syntax/dotenv.js";
import type { PlanBuilder } from "./change-set.js";

/** A new secret: 32 bytes from the CSPRNG, base64url (43 characters). */
export function generateSecret(): string {
  return randomBytes(32).toString("base64url");
}

export interface EnvPlanOptions {
  envFile: string;
  additions: EnvAddition[];
  /** Keys whose value is a secret (never copied to .env.example, checked against tracked files). */
  secrets: string[];
  /** Also git-ignore these (the local database folder). */
  ignore?: string[];
  /** Allow writing a secret into a file git tracks. */
  force?: boolean;
  /** Replace these keys' values even when set. */
  replace?: string[];
  gitRepository: boolean;
}

export interface EnvPlanResult {
  added: string[];
  kept: string[];
  replaced: string[];
}

/**
 * Plans env changes: missing keys appended to the env file (existing values untouched),
 * the project's example file (`.env.example`, or its `.env.template`/`.sample`/`.dist`) listing
 * every key without values, and `.gitignore` covering the env file. A
 * secret is never written into a file git tracks unless forced.
 */
export function planEnv(plan: PlanBuilder, options: EnvPlanOptions): EnvPlanResult {
  const exampleFile = exampleFileOf((file) => plan.exists(file));
  const seed = seedOf(plan, options.envFile, exampleFile);
  const current = seed?.text ?? plan.read(options.envFile) ?? "";
  // A seeded file's sample secrets are replaced by the real ones.
  const replace = [...(options.replace ?? []), ...(seed ? options.secrets : [])];
  const merged = mergeEnv(current, options.additions, { replace });
  const writesSecret = [...merged.added, ...merged.replaced].some((key) =>
    options.secrets.includes(key),
  );
  if (
    writesSecret &&
    options.gitRepository &&
    isTracked(plan.root, options.envFile) &&
    !options.force
  ) {
    throw new CliError(
      "tracked_env_file",
      `${options.envFile} is tracked by git: a secret written there would be committed. Untrack it (git rm --cached ${options.envFile}), choose another file with --env-path, or pass --force.`,
    );
  }
  plan.write(options.envFile, merged.text, "environment variables");
  plan.markSecrets(options.envFile, options.secrets);

  // The project's own list (`.env.template`, `.env.sample`, …) when it has one.
  if (options.envFile !== exampleFile) {
    const example = mergeEnv(
      plan.read(exampleFile) ?? "",
      options.additions.map(({ key, comment }) => ({
        key,
        value: "",
        ...(comment ? { comment } : {}),
      })),
    );
    plan.write(exampleFile, example.text, "document the variables");
  }

  const toIgnore = [options.envFile, ...(options.ignore ?? [])].filter(
    (entry) => !isExampleFile(entry),
  );
  const alreadyIgnored = (entry: string) => options.gitRepository && isIgnored(plan.root, entry);
  const missing = toIgnore.filter((entry) => !alreadyIgnored(entry));
  if (missing.length)
    plan.edit(".gitignore", "keep secrets out of git", (text) => ensureIgnored(text, missing));
  return { added: merged.added, kept: merged.kept, replaced: merged.replaced };
}

/**
 * The text a new env file starts from: an app that loads its example file when the env file is
 * missing (`existsSync(".env") ? ".env" : ".env.example"`) would, once the env file exists,
 * start without every value the example gave it. So the new file starts as a copy of the
 * example, as the project's README would have one do by hand, and the plan says so.
 */
function seedOf(
  plan: PlanBuilder,
  envFile: string,
  exampleFile: string,
): { text: string } | undefined {
  if (plan.exists(envFile) || envFile === exampleFile) return undefined;
  const example = plan.read(exampleFile);
  if (example === undefined) return undefined;
  const loader = loaderOfExample(plan.root, exampleFile);
  if (!loader) return undefined;
  plan.manual.push(
    `${envFile} starts as a copy of ${exampleFile}: ${loader} loads ${exampleFile} when ${envFile} is missing, so without its values the app would start differently. Review them (sample secrets included) before going live.`,
  );
  return { text: example };
}

/** Whether the env file already holds a value for `key`. */
export function hasEnvValue(plan: PlanBuilder, envFile: string, key: string): boolean {
  return Boolean(envValue(plan.read(envFile) ?? "", key));
}
