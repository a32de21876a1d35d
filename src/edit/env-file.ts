/**
 * `.env` files: parsed the way dotenv and Node's `--env-file` read them (exact keys, `export `,
 * quotes, `#` comments, CRLF), and merged by appending: an existing value is never changed.
 */

export interface EnvEntry {
  key: string;
  value: string;
  /** 0-based line. */
  line: number;
}

const assignment = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/;

function unquote(raw: string): string {
  const value = raw.trim();
  const quote = value[0];
  if ((quote === '"' || quote === "'" || quote === "`") && value.indexOf(quote, 1) > 0) {
    const inner = value.slice(1, value.indexOf(quote, 1));
    return quote === '"' ? inner.replace(/\\n/g, "\n") : inner;
  }
  const comment = value.search(/\s#/);
  return (comment === -1 ? value : value.slice(0, comment)).trim();
}

/** Every assignment in the file; for a key given twice, the last one is what loaders use. */
export function parseEnv(text: string): EnvEntry[] {
  const entries: EnvEntry[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const match = assignment.exec(line);
    if (match) entries.push({ key: match[1]!, value: unquote(match[2]!), line: index });
  });
  return entries;
}

/** The effective value of `key` (last assignment wins), if any. */
export function envValue(text: string, key: string): string | undefined {
  return parseEnv(text)
    .filter((entry) => entry.key === key)
    .at(-1)?.value;
}

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
