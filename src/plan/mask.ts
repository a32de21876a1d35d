import { posix } from "node:path";
import type { FileChange } from "./change-set.js";

/** What a secret value is displayed as. Only displays are masked; the file gets the real value. */
export const MASK = "<hidden>";

/**
 * Env keys whose values are secrets by their name: ours (AUTH_SECRET, AUTH_SECRET_1, AUTH_SECRET_NEXT,
 * AUTH_<PROVIDER>_SECRET, AUTH_EMAIL_SERVER: an SMTP URL with its password, DATABASE_URL) and the
 * usual names of other people's (…_PASSWORD, …_TOKEN, …_API_KEY, …_PRIVATE_KEY). Masking a value
 * that was not secret costs a line of context; showing one that was cannot be undone.
 */
const SECRET_KEY =
  /(?:^|_)(?:SECRET|PASSWORD|PASSWD|TOKEN|KEY|CREDENTIALS?)(?:_\d+|_NEXT)?$|^(?:DATABASE_URL|AUTH_EMAIL_SERVER)$/;
/** …_KEY names that are public by design. */
const PUBLIC_KEY = /(?:PUBLIC|PUBLISHABLE)_KEY$/;
/** Any URL with a password in it (`postgres://user:pass@host`), whatever its key. */
const URL_WITH_PASSWORD = /^["'`]?[a-z][\w+.-]*:\/\/[^/\s:@]*:[^/\s@]+@/i;
const ASSIGNMENT = /^(\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*)(.*)$/;

/** `.env`, `.env.local`, `.env.production`, `config/app.env`: files of KEY=value lines. */
export function isEnvFile(path: string): boolean {
  const name = posix.basename(path);
  return /^\.env(?:\..+)?$/.test(name) || name.endsWith(".env");
}

function isSecret(key: string, value: string, extra: string[]): boolean {
  return (
    extra.includes(key) ||
    (SECRET_KEY.test(key) && !PUBLIC_KEY.test(key)) ||
    URL_WITH_PASSWORD.test(value)
  );
}

/**
 * Masks secret values in lines of an env file (one line of a diff each, after its `+`, `-` or
 * ` ` marker). A quoted value that spans lines (a PEM key) is masked to its closing quote.
 */
function maskLines(lines: string[], marker: boolean, extra: string[]): string[] {
  let openQuote: string | undefined;
  return lines.map((line) => {
    const prefix = marker ? line.slice(0, 1) : "";
    const body = marker ? line.slice(1) : line;
    if (marker && /^(---|\+\+\+|@@)/.test(line)) return line;
    if (openQuote) {
      if (body.includes(openQuote)) openQuote = undefined;
      return `${prefix}${MASK}`;
    }
    const match = ASSIGNMENT.exec(body);
    if (!match) return line;
    const [, head, key, value] = match as unknown as [string, string, string, string];
    if (value.trim() === "" || !isSecret(key, value, extra)) return line;
    const quote = value.trimStart()[0];
    if ((quote === '"' || quote === "'" || quote === "`") && value.indexOf(quote, 1) === -1)
      openQuote = quote;
    return `${prefix}${head}${MASK}`;
  });
}

/** A unified diff of `change` with the secret values of env files masked. */
export function maskDiff(change: FileChange, diff: string): string {
  if (!isEnvFile(change.path) && !change.secretKeys?.length) return diff;
  return maskLines(diff.split("\n"), true, change.secretKeys ?? []).join("\n");
}

/** The text of an env file with its secret values masked (for showing a whole file). */
export function maskEnvText(text: string, secretKeys: string[] = []): string {
  return maskLines(text.split("\n"), false, secretKeys).join("\n");
}
