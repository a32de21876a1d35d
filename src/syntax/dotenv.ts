/**
 * `.env` files read the way the app reads them: values come from Node's own parser
 * (`util.parseEnv`, what `--env-file` and `process.loadEnvFile()` use) or from `dotenv.parse`
 * (what dotenv and Vite use), never from a parser of ours. Only where each assignment starts
 * (its line, for edits and messages) is found here. Read by detection and `check`, and by the
 * merge that edits them (`edit/env-file.ts`), which writes values both parsers read back as
 * written.
 */
import { parseEnv as nodeParseEnv } from "node:util";
import dotenv from "dotenv";

/** Which loader's reading: Node's (`--env-file`, `loadEnvFile`) or dotenv's (also Vite's). */
export type EnvFlavor = "node" | "dotenv";

export interface EnvEntry {
  key: string;
  value: string;
  /** 0-based line where the assignment starts. */
  line: number;
  /**
   * Where the assigned text (after `=`, quotes and comment included) starts and ends; -1 when
   * that text could not be located so that the loader reads the same value from it alone (a
   * file only the loader's own quirks make sense of): such a value is not edited in place.
   */
  valueStart: number;
  valueEnd: number;
}

const parsers: Record<EnvFlavor, (text: string) => Record<string, string>> = {
  node: (text) => nodeParseEnv(text) as Record<string, string>,
  dotenv: (text) => dotenv.parse(text),
};

/** Parses `text` as `flavor`'s loader would: key → value, the last assignment of a key winning. */
export function parseEnvValues(text: string, flavor: EnvFlavor = "node"): Record<string, string> {
  return parsers[flavor](text);
}

/**
 * One assignment: optional `export`, a key, `=` (or dotenv's `: `), then a value that may be
 * quoted over several lines. Only used to find where assignments start and end.
 */
const assignment =
  /^([ \t]*(?:export[ \t]+)?([\w.-]+)[ \t]*(?:=|:(?=[ \t])))((?:[ \t]*(?:'(?:\\'|[^'])*'|"(?:\\"|[^"])*"|`(?:\\`|[^`])*`))?[^\r\n]*)/gm;

/**
 * Every assignment in the file, in order, with the value `flavor`'s loader gives it; for a key
 * given twice, the last one is what loaders use. Assignments the loader does not read are left
 * out.
 */
export function parseEnv(text: string, flavor: EnvFlavor = "node"): EnvEntry[] {
  const parse = parsers[flavor];
  const whole = parse(text);
  const entries: EnvEntry[] = [];
  const lastOf = new Map<string, EnvEntry>();
  for (const match of text.matchAll(assignment)) {
    const key = match[2]!;
    const value = parse(`${match[0]}\n`)[key];
    if (value === undefined) continue;
    const valueStart = match.index + match[1]!.length;
    const entry = {
      key,
      value,
      line: lineOf(text, match.index),
      valueStart,
      valueEnd: valueStart + match[3]!.length,
    };
    entries.push(entry);
    lastOf.set(key, entry);
  }
  // The whole file's reading is the authority for the value a key ends with; a key the scan did
  // not find at all is still reported, without a position.
  for (const [key, entry] of lastOf) if (whole[key] !== undefined) entry.value = whole[key];
  for (const [key, value] of Object.entries(whole)) {
    if (!lastOf.has(key)) entries.push({ key, value, line: -1, valueStart: -1, valueEnd: -1 });
  }
  // A span is kept only if the loader reads the same value from it alone.
  for (const entry of entries) {
    if (entry.valueStart === -1) continue;
    const span = text.slice(entry.valueStart, entry.valueEnd);
    if (parse(`${entry.key}=${span}\n`)[entry.key] !== entry.value) {
      entry.valueStart = -1;
      entry.valueEnd = -1;
    }
  }
  return entries.filter((entry) => whole[entry.key] !== undefined);
}

function lineOf(text: string, index: number): number {
  let line = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1))
    line++;
  return line;
}

/** The effective value of `key` (the last assignment) as `flavor`'s loader reads it, if any. */
export function envValue(
  text: string,
  key: string,
  flavor: EnvFlavor = "node",
): string | undefined {
  return parsers[flavor](text)[key];
}

/**
 * `value` written so that Node's parser and dotenv both read it back exactly: bare when it is
 * plain, else in the first quotes that survive both (verified by parsing, not assumed); throws
 * when no quoting does (a value holding every quote character and a line break).
 */
export function envLiteral(key: string, value: string): string {
  if (/^[\w@%+=:,./-]*$/.test(value)) return value;
  for (const quote of ["'", '"', "`"]) {
    if (value.includes(quote)) continue;
    const literal = `${quote}${value}${quote}`;
    const line = `${key}=${literal}\n`;
    if (parsers.node(line)[key] === value && parsers.dotenv(line)[key] === value) return literal;
  }
  throw new Error(
    `The value for ${key} cannot be written to an env file so that every loader reads it back unchanged (it holds quotes of every kind, or a sequence the loaders read differently)`,
  );
}
