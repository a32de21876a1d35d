import { CliError } from "../errors.js";
import { envLiteral, parseEnv, parseEnvValues } from "../syntax/dotenv.js";

/** A key for an env file, with the value it gets when the file does not have it yet. */
export interface EnvAddition {
  key: string;
  value: string;
  /** A one-line comment written above the key. */
  comment?: string;
}

/**
 * Appends the keys the file does not have yet (keeping its line endings), and reports which
 * were added and which already existed. A key left blank (`KEY=`) is filled in place; with
 * `replace`, existing values are replaced in place too (the whole value, also one quoted over
 * several lines). Values are written so that Node's parser and dotenv read them back unchanged
 * (`envLiteral`, which throws for a value no quoting can carry).
 */
export function mergeEnv(
  text: string,
  additions: EnvAddition[],
  options: { replace?: string[] } = {},
): { text: string; added: string[]; kept: string[]; replaced: string[] } {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const existing = parseEnv(text);
  const added: string[] = [];
  const kept: string[] = [];
  const replaced: string[] = [];
  // In-place replacements, applied from the end so earlier offsets stay valid.
  const edits: { start: number; end: number; text: string }[] = [];
  const appended: string[] = [];
  for (const { key, value, comment } of additions) {
    const last = existing.filter((entry) => entry.key === key).at(-1);
    // An empty assignment is a blank to fill in (init writes them), not a value to keep.
    const blank = last !== undefined && last.value === "" && value !== "";
    if (last && (blank || options.replace?.includes(key))) {
      if (last.valueStart === -1) throw unwritable(key, "its current value cannot be located");
      edits.push({ start: last.valueStart, end: last.valueEnd, text: literal(key, value) });
      replaced.push(key);
    } else if (last) {
      kept.push(key);
    } else {
      if (comment) appended.push(`# ${comment}`);
      appended.push(`${key}=${literal(key, value)}`);
      added.push(key);
    }
  }
  let result = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, edit.start)}${edit.text}${result.slice(edit.end)}`;
  }
  if (appended.length) {
    const separator = result === "" || /\r?\n$/.test(result) ? "" : eol;
    result = `${result}${separator}${appended.join(eol)}${eol}`;
  }
  assertReadsBack(text, result, additions, [...added, ...replaced]);
  return { text: result, added, kept, replaced };
}

function unwritable(key: string, why: string): CliError {
  return new CliError(
    "env_unwritable",
    `${key} cannot be written to the env file safely (${why}): set it by hand.`,
  );
}

function literal(key: string, value: string): string {
  try {
    return envLiteral(key, value);
  } catch (error) {
    throw unwritable(key, (error as Error).message);
  }
}

/**
 * The edit is kept only if both loaders read the written keys as written and every other key as
 * before: a file whose syntax they read differently is never left half-changed.
 */
function assertReadsBack(
  before: string,
  after: string,
  additions: EnvAddition[],
  written: string[],
): void {
  for (const flavor of ["node", "dotenv"] as const) {
    const old = parseEnvValues(before, flavor);
    const now = parseEnvValues(after, flavor);
    for (const { key, value } of additions) {
      if (written.includes(key) && now[key] !== value)
        throw unwritable(key, `${flavor} reads it otherwise`);
    }
    const keys = new Set([...Object.keys(old), ...Object.keys(now)]);
    for (const key of keys) {
      if (!written.includes(key) && now[key] !== old[key]) {
        throw unwritable(written[0] ?? key, `the edit would change how ${flavor} reads ${key}`);
      }
    }
  }
}

/**
 * Removes every assignment of `key` (its whole lines, and a comment line directly above one that
 * `commentMarks` matches: the note the CLI wrote with it). Every other key must read the same in
 * both loaders afterwards, and `key` must be gone; otherwise nothing is changed and the error
 * says to edit by hand.
 */
export function removeEnvKey(text: string, key: string, commentMarks?: RegExp): string {
  const lines = text.split(/(?<=\n)/);
  const entries = parseEnv(text).filter((entry) => entry.key === key);
  const drop = new Set<number>();
  for (const entry of entries) {
    if (entry.valueStart === -1 || entry.line === -1) throw unwritable(key, "it cannot be located");
    const lastLine = lineAt(text, entry.valueEnd);
    for (let line = entry.line; line <= lastLine; line++) drop.add(line);
    const above = lines[entry.line - 1];
    if (above !== undefined && commentMarks && /^\s*#/.test(above) && commentMarks.test(above))
      drop.add(entry.line - 1);
  }
  const result = lines.filter((_, index) => !drop.has(index)).join("");
  for (const flavor of ["node", "dotenv"] as const) {
    const old = parseEnvValues(text, flavor);
    const now = parseEnvValues(result, flavor);
    if (now[key] !== undefined) throw unwritable(key, `${flavor} still reads it`);
    for (const other of Object.keys(old)) {
      if (other !== key && now[other] !== old[other])
        throw unwritable(key, `removing it would change how ${flavor} reads ${other}`);
    }
  }
  return result;
}

/** The 0-based line of the character at `index`. */
function lineAt(text: string, index: number): number {
  let line = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1))
    line++;
  return line;
}
