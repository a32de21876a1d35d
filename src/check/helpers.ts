import type { CheckContext, EnvVariable } from "./types.js";

/** The secrets the runtime reads, newest first (`AUTH_SECRET_3` … `AUTH_SECRET`). */
export const SECRET_KEYS = ["AUTH_SECRET_3", "AUTH_SECRET_2", "AUTH_SECRET_1", "AUTH_SECRET"];

/** Every non-empty session secret the app will see. */
export function sessionSecrets(context: CheckContext): EnvVariable[] {
  return SECRET_KEYS.map((key) => context.env.get(key)).filter(
    (variable): variable is EnvVariable => Boolean(variable?.value),
  );
}

/**
 * Every secret the runtime accepts: the session secrets and `AUTH_SECRET_NEXT` (accepted, never
 * issuing: a rotation's first phase). Alone, `AUTH_SECRET_NEXT` is no secret.
 */
export function acceptedSecrets(context: CheckContext): EnvVariable[] {
  const next = context.env.get("AUTH_SECRET_NEXT");
  return [...sessionSecrets(context), ...(next?.value ? [next] : [])];
}

/** Keys whose values must never be committed. */
export function isSecretKey(key: string): boolean {
  return /^AUTH_SECRET(_\d|_NEXT)?$|_SECRET$|^DATABASE_URL$|^AUTH_EMAIL_SERVER$/.test(key);
}

/** Where a variable is, for a finding: its env file and line, or nothing for the environment. */
export function place(variable: EnvVariable): { file?: string; line?: number } {
  return variable.file ? { file: variable.file, line: variable.line } : {};
}

/** `KEY (in .env:3)` or `KEY (from the environment)`. */
export function describe(variable: EnvVariable): string {
  return variable.file
    ? `${variable.key} (${variable.file}:${variable.line})`
    : `${variable.key} (from the environment)`;
}
