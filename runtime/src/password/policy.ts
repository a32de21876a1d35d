/**
 * What a new password must be (OWASP ASVS 6.2, NIST SP 800-63B §3.1.1.2): at least
 * `minLength` characters (8 by default), at most {@link MAX_PASSWORD_LENGTH}, not on the bundled
 * list of common passwords, and not the account's own address. No composition rules.
 *
 * @module password/policy
 */

/** Longer passwords are refused: 256 is far beyond any passphrase, and bounds the work. */
export const MAX_PASSWORD_LENGTH = 256;
export const DEFAULT_MIN_LENGTH = 8;

/** Why a new password was refused: the `code` the sign-up, reset and change pages explain. */
export type WeakPasswordCode = "too_short" | "too_long" | "common";

let common: Promise<Set<string>> | undefined;

/** The bundled list, loaded on first use (only apps with a password provider pay for it). */
function commonPasswords(): Promise<Set<string>> {
  common ??= import("./common-passwords.js").then(
    ({ commonPasswords: list }) => new Set(list.split("\n")),
  );
  return common;
}

/** Length in characters as a person counts them (code points, after NFKC). */
function length(password: string): number {
  return [...password.normalize("NFKC")].length;
}

/** Why `password` may not be set for `email`, or undefined when it may. */
export async function weakPasswordCode(
  password: string,
  email: string,
  minLength: number,
): Promise<WeakPasswordCode | undefined> {
  const size = length(password);
  if (size < minLength) return "too_short";
  if (size > MAX_PASSWORD_LENGTH) return "too_long";
  const lower = password.normalize("NFKC").toLowerCase();
  const local = email.split("@")[0] ?? "";
  if (lower === email || lower === local) return "common";
  return (await commonPasswords()).has(lower) ? "common" : undefined;
}
