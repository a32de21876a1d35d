/**
 * Source text with its comments blanked out, found by TypeScript's parser (which knows a `//`
 * inside a string or a regular expression from a comment): a commented-out
 * `// process.loadEnvFile(".env.old")` or `// app.listen(8080)` is not what the app does.
 * Positions and lines are kept (comments become spaces, their line breaks stay).
 */
import type * as TsMorph from "ts-morph";
import { ts } from "./ts-morph.js";

export function withoutComments(text: string, fileName: string): string {
  if (!text.includes("/*") && !text.includes("//")) return text;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const ranges = new Map<number, number>();
  const collect = (comments: readonly { pos: number; end: number }[] | undefined) => {
    for (const comment of comments ?? []) ranges.set(comment.pos, comment.end);
  };
  const visit = (node: TsMorph.ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  if (ranges.size === 0) return text;
  let result = "";
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    result += text.slice(at, start) + text.slice(start, end).replace(/[^\r\n]/g, " ");
    at = end;
  }
  return result + text.slice(at);
}
