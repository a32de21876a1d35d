import { parseEnv } from "../syntax/dotenv.js";

/** A key for an env file, with the value it gets when the file does not have it yet. */
export interface EnvAddition {
  key: string;
  value: string;
  /** A one-line comment written above the key. */
  comment?: string;
}

function serialize(value: string): string {
  return /^[\w@%+=:,./-]*$/.test(value) ? value : JSON.stringify(value);
}

/**
 * Appends the keys the file does not have yet (keeping its line endings), and reports which
 * were added and which already existed. A key left blank (`KEY=`) is filled in place; with
 * `replace`, existing values are replaced in place too.
 */
export function mergeEnv(
  text: string,
  additions: EnvAddition[],
  options: { replace?: string[] } = {},
): { text: string; added: string[]; kept: string[]; replaced: string[] } {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text === "" ? [] : text.split(/\r?\n/);
  if (lines.length && lines.at(-1) === "") lines.pop();
  const existing = parseEnv(text);
  const added: string[] = [];
  const kept: string[] = [];
  const replaced: string[] = [];
  for (const { key, value, comment } of additions) {
    const found = existing.filter((entry) => entry.key === key);
    // An empty assignment is a blank to fill in (init writes them), not a value to keep.
    const blank = found.length > 0 && found.at(-1)!.value === "" && value !== "";
    if (found.length && (blank || options.replace?.includes(key))) {
      const last = found.at(-1)!;
      lines[last.line] = lines[last.line]!.replace(/=.*$/, `=${serialize(value)}`);
      replaced.push(key);
    } else if (found.length) {
      kept.push(key);
    } else {
      if (comment) lines.push(`# ${comment}`);
      lines.push(`${key}=${serialize(value)}`);
      added.push(key);
    }
  }
  return { text: lines.length ? `${lines.join(eol)}${eol}` : "", added, kept, replaced };
}
