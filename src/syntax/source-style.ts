/** How a file is written, so inserted code looks like its neighbours. */
export interface SourceStyle {
  quote: '"' | "'";
  semicolons: boolean;
  indent: string;
  /** Whether relative imports name their extension (`./app.js`). */
  extensions: boolean;
  /**
   * The keyword of its `require` declarations: express-generator's `app.js` writes
   * `var express = require('express')`, and a `const` among them would look foreign.
   */
  declaration: "const" | "var";
}

/** Reads the prevailing quote, semicolon, indentation, declaration and import-extension style. */
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
  const requires = [...text.matchAll(/^\s*(var|let|const)\s[^=\n]+=\s*require\(/gm)];
  const vars = requires.filter((m) => m[1] === "var").length;
  return {
    quote: singles > doubles ? "'" : '"',
    semicolons: statements.length === 0 || withSemicolon * 2 >= statements.length,
    indent: detectIndent(text),
    extensions: relative.length === 0 || relative.some((spec) => /\.[cm]?[jt]sx?$/.test(spec)),
    declaration: vars * 2 > requires.length ? "var" : "const",
  };
}

/**
 * The file's indentation unit: a tab, or the most common step between the leading spaces of
 * consecutive indented lines (so a 4-space file with one deeply nested line still reads as 4).
 */
function detectIndent(text: string): string {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const tabs = lines.filter((line) => line.startsWith("\t")).length;
  const steps = new Map<number, number>();
  let previous = 0;
  for (const line of lines) {
    if (line.startsWith("\t")) continue;
    const width = /^ */.exec(line)![0].length;
    // Continuation lines of a block comment (` * text`) sit one space in: not a step.
    if (/^ +\*/.test(line)) continue;
    const step = width - previous;
    if (step >= 2) steps.set(step, (steps.get(step) ?? 0) + 1);
    previous = width;
  }
  const [spaces] = [...steps].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [2];
  const spaced = [...steps.values()].reduce((sum, count) => sum + count, 0);
  if (tabs > spaced) return "\t";
  return " ".repeat(spaces === 4 ? 4 : spaces === 3 ? 3 : 2);
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

/** Re-indents code written with two-space steps to the file's own indentation unit. */
export function reindent(code: string, style: SourceStyle): string {
  if (style.indent === "  ") return code;
  return code.replace(/^((?: {2})+)/gm, (lead: string) => style.indent.repeat(lead.length / 2));
}
