/**
 * Double-submit CSRF tokens in Auth.js's format: the cookie holds `<token>|<hash>` where
 * `hash = SHA-256-hex(token + secret)`, and a state-changing POST must echo `token` in its
 * body. Comparisons are constant-time (Auth.js uses `===`).
 */
import { randomHex, sha256Hex, timingSafeEqualString } from "./crypto.js";

export interface CsrfState {
  token: string;
  /** Set when a new token was minted and its cookie must be sent. */
  cookieValue?: string;
}

/**
 * Validates a CSRF cookie; returns its token when the hash matches one of `secrets`: every
 * accepted secret (accept-only ones too, so a token issued by an instance already issuing with a
 * new secret passes on one that only accepts it) and Auth.js's joined form (`tokenHashSecrets`).
 */
export function verifyCsrfCookie(
  cookieValue: string | undefined,
  secrets: readonly string[],
): string | undefined {
  if (!cookieValue) return undefined;
  const separator = cookieValue.indexOf("|");
  if (separator !== 64 || cookieValue.length !== 129) return undefined;
  const token = cookieValue.slice(0, separator);
  const hash = cookieValue.slice(separator + 1);
  let valid = false;
  for (const secret of secrets) {
    if (timingSafeEqualString(hash, sha256Hex(`${token}${secret}`))) valid = true;
  }
  return valid ? token : undefined;
}

/** A fresh token and its cookie value, hashed with the first (current) secret. */
export function createCsrfToken(secret: string): Required<CsrfState> {
  const token = randomHex(32);
  return { token, cookieValue: `${token}|${sha256Hex(`${token}${secret}`)}` };
}

/** Whether a POST body echoes the CSRF token. */
export function isCsrfTokenEchoed(token: string, submitted: unknown): boolean {
  return typeof submitted === "string" && timingSafeEqualString(submitted, token);
}
