import type { CheckContext, EnvVariable } from "./types.js";

/** The secrets the runtime reads, newest first (`AUTH_SECRET_3` … `AUTH_SECRET`). */
export const SECRET_KEYS = ["AUTH_SECRET_3", "AUTH_SECRET_2", "AUTH_SECRET_1", "AUTH_SECRET"];

/** Every non-empty session secret the app will see. */
export function sessionSecrets(context: CheckContext): EnvVariable[] {
  return SECRET_KEYS.map((key) => context.env.get(key)).filter(
    (variable): variable is EnvVariable => Boolean(variable?.value),
  );
}

/** Keys whose values must never be committed. */
export function isSecretKey(key: string): boolean {
  return /^AUTH_SECRET(_\d)?$|_SECRET$|^DATABASE_URL$|^AUTH_EMAIL_SERVER$/.test(key);
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
