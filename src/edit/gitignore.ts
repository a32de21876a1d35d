/** Whether a .gitignore's lines already ignore `entry` (exact, rooted, or a covering glob). */
export function ignores(text: string, entry: string): boolean {
  const name = entry.replace(/\/$/, "");
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"))
    .some((line) => {
      const pattern = line.replace(/^\//, "").replace(/\/$/, "");
      if (pattern === name) return true;
      const regex = new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, "[^/]*")
          .replace(/\?/g, ".")}$`,
      );
      return regex.test(name);
    });
}

/** Appends the entries the file does not ignore yet, under a comment. */
export function ensureIgnored(text: string, entries: string[]): string {
  const missing = entries.filter((entry) => !ignores(text, entry));
  if (!missing.length) return text;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const separator = text === "" || text.endsWith("\n") ? "" : eol;
  const spacer = text.trim() ? eol : "";
  return `${text}${separator}${spacer}# create-auth: secrets and the local database${eol}${missing.join(eol)}${eol}`;
}
