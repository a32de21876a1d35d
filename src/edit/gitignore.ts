import ignore from "ignore";

/**
 * Whether a .gitignore's rules ignore `entry` (a path relative to the file; a folder ends with
 * `/`, and counts as ignored when what is inside it is), by gitignore's own semantics (the
 * `ignore` package, tested against `git check-ignore`): globs, anchoring, folders, and negation —
 * `.env` followed by `!.env` does not ignore `.env`.
 */
export function ignores(text: string, entry: string): boolean {
  return ignore()
    .add(text)
    .ignores(entry.endsWith("/") ? `${entry}x` : entry);
}

const HEADER = "# create-auth: secrets and the local database";

/** Appends the entries the file does not ignore yet, under a comment. */
export function ensureIgnored(text: string, entries: string[]): string {
  const missing = entries.filter((entry) => !ignores(text, entry));
  if (!missing.length) return text;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const separator = text === "" || text.endsWith("\n") ? "" : eol;
  // Our own block last in the file (a second env file in the same plan) takes the new entries.
  const ours = text.lastIndexOf(HEADER);
  if (ours !== -1 && !/\r?\n[ \t]*\r?\n/.test(text.slice(ours).trimEnd()))
    return `${text}${separator}${missing.join(eol)}${eol}`;
  const spacer = text.trim() ? eol : "";
  return `${text}${separator}${spacer}${HEADER}${eol}${missing.join(eol)}${eol}`;
}
