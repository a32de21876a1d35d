/**
 * Where `create-auth secret` puts a secret: `AUTH_SECRET`, or a phase of a rolling rotation
 * (docs/secret.md). The runtime issues with the highest-numbered of `AUTH_SECRET_3.._1,
 * AUTH_SECRET`, accepts all of them, and also accepts `AUTH_SECRET_NEXT` without ever issuing
 * with it. So a rotation is two deployments: `--rotate` writes `AUTH_SECRET_NEXT` (every instance
 * learns the new secret), `--promote` moves it to the next `AUTH_SECRET_n` (instances issue with
 * it). The old secret goes once `session.maxAge` has passed.
 */
import { CliError } from "../errors.js";
import { envValue } from "../syntax/dotenv.js";

/** The accept-only secret of a rotation's first phase. */
export const NEXT_KEY = "AUTH_SECRET_NEXT";
export const ROTATION_KEYS = [
  "AUTH_SECRET",
  "AUTH_SECRET_1",
  "AUTH_SECRET_2",
  "AUTH_SECRET_3",
] as const;

/** `accept`: `AUTH_SECRET_NEXT` written; `promote`: it became the issuing secret. */
export type RotationPhase = "accept" | "promote";

export interface SecretTarget {
  key: string;
  /** The key exists and its value is replaced (`--force`). */
  replace: boolean;
  phase: RotationPhase | null;
  /** The value to write when it is not a new secret: `AUTH_SECRET_NEXT`'s, when promoting. */
  value?: string;
}

export interface TargetOptions {
  rotate?: boolean;
  promote?: boolean;
  force?: boolean;
}

/**
 * The key the command writes, or the coded error that explains why it cannot: `secret_exists`,
 * `nothing_to_rotate`, `rotation_in_progress`, `nothing_to_promote`, `too_many_secrets`.
 */
export function secretTarget(
  current: string,
  envFile: string,
  options: TargetOptions,
  maxAgeDays: number,
): SecretTarget {
  const present = ROTATION_KEYS.filter((key) => envValue(current, key));
  const next = envValue(current, NEXT_KEY);
  if (!options.rotate && !options.promote) {
    if (present.includes("AUTH_SECRET") && !options.force)
      throw new CliError(
        "secret_exists",
        `${envFile} already has AUTH_SECRET. Replacing it signs everyone out: use --rotate to keep sessions, or --force to replace it.`,
      );
    return { key: "AUTH_SECRET", replace: present.includes("AUTH_SECRET"), phase: null };
  }
  if (present.length === 0)
    throw new CliError(
      "nothing_to_rotate",
      `${envFile} has no AUTH_SECRET to rotate: run \`create-auth secret\` without --rotate.`,
    );
  const slot = ROTATION_KEYS[ROTATION_KEYS.indexOf(present.at(-1)!) + 1];
  if (options.promote) {
    if (!next)
      throw new CliError(
        "nothing_to_promote",
        `${envFile} has no ${NEXT_KEY} to promote: start with \`create-auth secret --rotate\`, deploy it to every instance, then promote.`,
      );
    if (!slot) throw tooManySecrets(maxAgeDays);
    return { key: slot, replace: false, phase: "promote", value: next };
  }
  if (next)
    throw new CliError(
      "rotation_in_progress",
      `${envFile} already has ${NEXT_KEY}: a rotation is under way. Once every instance runs with it, promote it with \`create-auth secret --promote\`.`,
    );
  // Refused now rather than at promotion: a secret every instance accepts but none can issue.
  if (!slot) throw tooManySecrets(maxAgeDays);
  return { key: NEXT_KEY, replace: false, phase: "accept" };
}

function tooManySecrets(maxAgeDays: number): CliError {
  return new CliError(
    "too_many_secrets",
    `AUTH_SECRET_3 is already in use. Once ${maxAgeDays} days (session.maxAge) have passed since the last promotion, move AUTH_SECRET_3's value to AUTH_SECRET, delete the numbered keys, and rotate again.`,
  );
}

/** The comment written above the key (and, for `AUTH_SECRET_NEXT`, recognised to remove it). */
export function secretComment(phase: RotationPhase | null, date: string): string {
  if (phase === "accept")
    return `Added by create-auth secret --rotate on ${date}: accepted, never issued. Promote with create-auth secret --promote once every instance runs with it`;
  if (phase === "promote")
    return `Promoted by create-auth secret --promote on ${date} (the highest-numbered secret issues; all are accepted)`;
  return "Encrypts sessions. Generate with: npx create-auth secret";
}

/** Matches the comment {@link secretComment} writes above `AUTH_SECRET_NEXT`. */
export const NEXT_COMMENT =
  /create-auth secret --rotate on \d{4}-\d{2}-\d{2}: accepted, never issued/;

/** The steps of a rolling rotation, with where this run stands, for the terminal. */
export function procedure(phase: RotationPhase, key: string): string[] {
  const steps = [
    `1. ${NEXT_KEY}: every instance accepts the new secret, none issues with it. Deploy it to every instance (restart each).`,
    `2. \`create-auth secret --promote\`: the new secret becomes ${phase === "promote" ? key : "the next AUTH_SECRET_n"} and issues; the old one is still accepted. Deploy it to every instance.`,
    "3. After session.maxAge from step 2: delete the old secret everywhere.",
  ];
  const here =
    phase === "accept"
      ? "Done: step 1 in this env file. A single instance can promote right away."
      : "Done: step 2 in this env file.";
  return ["A rolling rotation, safe with several instances:", ...steps, here];
}
