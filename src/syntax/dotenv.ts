/**
 * `.env` files as dotenv and Node's `--env-file` read them: exact keys, `export `, quotes, `#`
 * comments, CRLF. Read by detection and `check`, and by the merge that edits them.
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
