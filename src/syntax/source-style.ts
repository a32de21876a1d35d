/** How a file is written, so inserted code looks like its neighbours. */
export interface SourceStyle {
  quote: '"' | "'";
  semicolons: boolean;
  indent: string;
  /** Whether relative imports name their extension (`./app.js`). */
  extensions: boolean;
}

/** Reads the prevailing quote, semicolon and import-extension style of a file. */
export function detectStyle(text: string): SourceStyle {
  const moduleStrings = [...text.matchAll(/(?:from\s+|require\(\s*|import\s+)(["'])[^"'\n]+\1/g)];
  const doubles = moduleStrings.filter((m) => m[1] === '"').length;
  const singles = moduleStrings.length - doubles;
  const statements = text
    .split("\n")
    .filter((line) => /^\s*(import|const|let|var|app\.|export)\b/.test(line));
  const withSemicolon = statements.filter((line) => line.trimEnd().endsWith(";")).length;
  const relative = [...text.matchAll(/(?:from\s+|require\(\s*)["'](\.{1,2}\/[^"']+)["']/g)].map(
    (m) => m[1]!,
  );
  const indent = /^( +|\t)\S/m.exec(text)?.[1] ?? "  ";
  return {
    quote: singles > doubles ? "'" : '"',
    semicolons: statements.length === 0 || withSemicolon * 2 >= statements.length,
    indent: indent.startsWith("\t") ? "\t" : indent.length >= 4 ? "    " : "  ",
    extensions: relative.length === 0 || relative.some((spec) => /\.[cm]?[jt]sx?$/.test(spec)),
  };
}

/** A string literal in the file's quote style. */
export function quoted(value: string, style: SourceStyle): string {
  const escaped = value
    .replace(/\\/g, "\\\\")
    .replace(new RegExp(style.quote, "g"), `\\${style.quote}`);
  return `${style.quote}${escaped}${style.quote}`;
}

/** A statement with or without its semicolon. */
export function statement(code: string, style: SourceStyle): string {
  return style.semicolons ? `${code};` : code;
}
