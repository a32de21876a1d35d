import { removeEnvKey } from "../edit/env-file.js";
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
import type { Io } from "../ui/io.js";
import { confirmPlan } from "./present-plan.js";
import {
  NEXT_COMMENT,
  NEXT_KEY,
  procedure,
  secretComment,
  secretTarget,
} from "./secret-rotation.js";

export interface SecretOptions {
  cwd: string;
  envFile?: string;
  rotate?: boolean;
  /** Phase 2 of a rotation: `AUTH_SECRET_NEXT` becomes the issuing secret. */
  promote?: boolean;
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

/** The set-up, when there is one to read (a bare project can still get a secret). */
function setupOf(root: string): AuthSetup | undefined {
  try {
    return readAuthSetup(root);
  } catch {
    return undefined;
  }
}

/**
 * `create-auth secret`: writes a new `AUTH_SECRET` (32 bytes from the CSPRNG, base64url) to the
 * env file and prints it masked. `--rotate` starts a rolling rotation instead: the new secret goes
 * to `AUTH_SECRET_NEXT`, which every instance accepts but none issues with; `--promote` then moves
 * it to the next `AUTH_SECRET_n`, which issues while the older ones are still accepted. Nobody is
 * signed out, whatever mix of phases the instances run (secret-rotation.ts).
 */
export async function secret(options: SecretOptions, io: Io): Promise<number> {
  const { output } = io;
  const generated = generateSecret();
  if (options.raw) {
    // For piping: the value alone, nothing written, nothing else printed.
    process.stdout.write(`${generated}\n`);
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
  const {
    key,
    replace,
    phase,
    value = generated,
  } = secretTarget(current, envFile, options, maxAgeDays);
  const today = new Date().toISOString().slice(0, 10);

  planEnv(plan, {
    envFile,
    additions: [{ key, value, comment: secretComment(phase, today) }],
    secrets: [key],
    replace: replace ? [key] : [],
    force: options.force,
    gitRepository: gitState(root).repository,
  });
  if (phase === "promote")
    plan.edit(envFile, `promote ${NEXT_KEY}`, (text) => removeEnvKey(text, NEXT_KEY, NEXT_COMMENT));
  const changes = plan.build();
  const removableAfter = new Date(Date.now() + maxAge * 1000).toISOString().slice(0, 10);
  const document = {
    ok: true,
    command: "secret",
    key,
    masked: mask(value),
    envFile,
    rotated: phase !== null,
    phase,
    removableAfter: phase === "promote" ? removableAfter : null,
    plan: planJson(changes),
    applied: false,
  };
  // A rotation changes which secrets the app accepts or issues with: applied only when
  // confirmed, in a terminal or by --yes, never by default where nothing can be asked.
  const flag = phase === "promote" ? "--promote" : "--rotate";
  if (phase && !options.yes && !options.dryRun && !io.asker.interactive)
    throw new CliError(
      "missing_answer",
      `secret ${flag} writes ${key} to ${envFile}${phase === "promote" ? ", and new sessions are encrypted with it" : ""}: nothing can be confirmed here. Pass --yes to apply it (or --dry-run to preview).`,
      ExitCode.error,
      { flag: "--yes" },
    );
  const verb = phase === "promote" ? "Moving" : replace ? "Replacing" : "Writing";
  const from = phase === "promote" ? `${NEXT_KEY} to ` : "";
  output.info(`${verb} ${from}${key}=${mask(value)} in ${envFile}.`);
  const yes = options.yes ?? !phase;
  if (!(await confirmPlan(io, changes, { yes, dryRun: options.dryRun }))) {
    output.document(document);
    return ExitCode.ok;
  }
  applyChanges(changes);
  document.applied = true;
  const done = phase === "promote" ? "Moved" : replace ? "Replaced" : "Wrote";
  output.success(`${done} ${from}${key}=${mask(value)} in ${envFile}.`);
  if (replace) output.warn("Existing sessions no longer decrypt: everyone signs in again.");
  if (phase) for (const line of procedure(phase, key)) output.info(line);
  if (phase === "promote")
    output.info(
      `Remove the older secrets after ${removableAfter} (session.maxAge, ${maxAgeDays} days): every session still in use will have been re-encrypted by then.`,
    );
  if (setup?.config.secret)
    output.warn(
      `${setup.config.file}:${setup.config.secret.line} sets \`secret\` in code, so the runtime ignores the AUTH_SECRET variables (${NEXT_KEY} too): rotate there instead, with \`acceptSecrets: [newSecret]\` first, then \`secret: [newSecret, oldSecret]\`.`,
    );
  output.info("Restart the app to pick it up, and set the same variable where you deploy.");
  output.document(document);
  return ExitCode.ok;
}
