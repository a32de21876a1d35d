import { CliError, ExitCode } from "../errors.js";
import { envFileFor } from "../frameworks/app-env-file.js";
import { type AuthSetup, readAuthSetup } from "../frameworks/auth-setup.js";
import { frameworkOf } from "../frameworks/detect-framework.js";
import { applyChanges } from "../plan/apply.js";
import { PlanBuilder } from "../plan/change-set.js";
import { planJson } from "../plan/diff.js";
import { generateSecret, planEnv } from "../plan/env-plan.js";
import { gitState } from "../project/git.js";
import { findPackageRoot, readPackageJson } from "../project/package-json.js";
import { envValue } from "../syntax/dotenv.js";
import type { Io } from "../ui/io.js";
import { confirmPlan } from "./present-plan.js";

export interface SecretOptions {
  cwd: string;
  envFile?: string;
  rotate?: boolean;
  raw?: boolean;
  force?: boolean;
  yes?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/** `abcd…wxyz`: enough to recognise, useless to an onlooker. */
export function mask(secret: string): string {
  return secret.length <= 12 ? "••••" : `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

/** Auth.js's default `session.maxAge`: 30 days. */
const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
const ROTATION_KEYS = ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"] as const;

/** The set-up, when there is one to read (a bare project can still get a secret). */
function setupOf(root: string): AuthSetup | undefined {
  try {
    return readAuthSetup(root);
  } catch {
    return undefined;
  }
}

/**
 * The key the new secret goes to. The runtime encrypts with the highest-numbered of
 * `AUTH_SECRET_3.._1, AUTH_SECRET` and decrypts with all, so a rotation adds the next number.
 */
function targetKey(current: string, envFile: string, options: SecretOptions, maxAgeDays: number) {
  const present = ROTATION_KEYS.filter((key) => envValue(current, key));
  if (!options.rotate) {
    if (present.includes("AUTH_SECRET") && !options.force)
      throw new CliError(
        "secret_exists",
        `${envFile} already has AUTH_SECRET. Replacing it signs everyone out: use --rotate to keep sessions, or --force to replace it.`,
      );
    return { key: "AUTH_SECRET", replace: present.includes("AUTH_SECRET") };
  }
  if (present.length === 0)
    throw new CliError(
      "nothing_to_rotate",
      `${envFile} has no AUTH_SECRET to rotate: run \`create-auth secret\` without --rotate.`,
    );
  const highest = ROTATION_KEYS.indexOf(present.at(-1)!);
  const next = ROTATION_KEYS[highest + 1];
  if (!next)
    throw new CliError(
      "too_many_secrets",
      `AUTH_SECRET_3 is already in use. Once ${maxAgeDays} days (session.maxAge) have passed since the last rotation, move AUTH_SECRET_3's value to AUTH_SECRET, delete the numbered keys, and rotate again.`,
    );
  return { key: next, replace: false };
}

/**
 * `create-auth secret`: writes a new `AUTH_SECRET` (32 bytes from the CSPRNG, base64url) to the
 * env file and prints it masked. `--rotate` adds the next `AUTH_SECRET_n` instead, which the
 * runtime encrypts with while every older secret still decrypts: nobody is signed out.
 */
export async function secret(options: SecretOptions, io: Io): Promise<number> {
  const { output } = io;
  const value = generateSecret();
  if (options.raw) {
    // For piping: the value alone, nothing written, nothing else printed.
    process.stdout.write(`${value}\n`);
    return ExitCode.ok;
  }
  const root = findPackageRoot(options.cwd);
  const setup = setupOf(root);
  const pkg = readPackageJson(root);
  const envFile = envFileFor(root, pkg, options.envFile, frameworkOf(root, pkg), setup).file;
  const plan = new PlanBuilder(root);
  const current = plan.read(envFile) ?? "";
  const configured = setup?.config.maxAge;
  const maxAge = configured && configured.value !== "dynamic" ? configured.value : DEFAULT_MAX_AGE;
  const maxAgeDays = Math.ceil(maxAge / 86_400);
  const { key, replace } = targetKey(current, envFile, options, maxAgeDays);

  planEnv(plan, {
    envFile,
    additions: [
      {
        key,
        value,
        comment: options.rotate
          ? `Added by create-auth secret --rotate on ${new Date().toISOString().slice(0, 10)} (the highest-numbered secret encrypts; all decrypt)`
          : "Encrypts sessions. Generate with: npx create-auth secret",
      },
    ],
    secrets: [key],
    replace: replace ? [key] : [],
    force: options.force,
    gitRepository: gitState(root).repository,
  });
  const changes = plan.build();
  const removableAfter = new Date(Date.now() + maxAge * 1000).toISOString().slice(0, 10);
  const document = {
    ok: true,
    command: "secret",
    key,
    masked: mask(value),
    envFile,
    rotated: Boolean(options.rotate),
    removableAfter: options.rotate ? removableAfter : null,
    plan: planJson(changes),
    applied: false,
  };
  // A rotation changes which secret encrypts every new session: applied only when confirmed,
  // in a terminal or by --yes, never by default where nothing can be asked.
  if (options.rotate && !options.yes && !options.dryRun && !io.asker.interactive)
    throw new CliError(
      "missing_answer",
      `secret --rotate adds ${key} to ${envFile}, and new sessions are encrypted with it: nothing can be confirmed here. Pass --yes to apply it (or --dry-run to preview).`,
      ExitCode.error,
      { flag: "--yes" },
    );
  output.info(`${replace ? "Replacing" : "Writing"} ${key}=${mask(value)} in ${envFile}.`);
  const yes = options.yes ?? !options.rotate;
  if (!(await confirmPlan(io, changes, { yes, dryRun: options.dryRun }))) {
    output.document(document);
    return ExitCode.ok;
  }
  applyChanges(changes);
  document.applied = true;
  output.success(`${replace ? "Replaced" : "Wrote"} ${key}=${mask(value)} in ${envFile}.`);
  if (replace) output.warn("Existing sessions no longer decrypt: everyone signs in again.");
  if (options.rotate) {
    output.info(`New sessions are encrypted with ${key}; older secrets still decrypt.`);
    output.info(
      `Remove the older secrets after ${removableAfter} (session.maxAge, ${maxAgeDays} days): every session still in use will have been re-encrypted by then.`,
    );
  }
  if (setup?.config.secret)
    output.warn(
      `${setup.config.file}:${setup.config.secret.line} sets \`secret\` in code, so the runtime ignores AUTH_SECRET variables: list the secrets there instead (newest first).`,
    );
  output.info("Restart the app to pick it up, and set the same variable where you deploy.");
  output.document(document);
  return ExitCode.ok;
}
