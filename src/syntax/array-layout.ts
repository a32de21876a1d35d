import type { ArrayLiteralExpression } from "ts-morph";

/** How an array literal is laid out, so an element can be appended in the same layout. */
export interface ArrayLayout {
  /** Where a new element goes: after the last element and its comma, or after `[` when empty. */
  insertAt: number;
  /** Whether the last element is followed by a comma. */
  trailingComma: boolean;
  /** End of the last element itself (where a missing comma goes). */
  lastEnd: number;
  /**
   * End of the last element's line when only a comment follows it there (`GitHub, // main`):
   * the new element goes after the comment, which stays with its element.
   */
  commentLineEnd: number | undefined;
  empty: boolean;
  /** The elements' source text, so an element already there is not added twice. */
  elements: string[];
  /** Indentation of the elements when each sits on its own line; undefined for one-line arrays. */
  indent: string | undefined;
  /** Indentation of the line the array starts on. */
  lineIndent: string;
}

/** Reads the layout of an array literal from its file's text. */
export function arrayLayout(array: ArrayLiteralExpression): ArrayLayout {
  const text = array.getSourceFile().getFullText();
  const elements = array.getElements();
  const last = elements.at(-1);
  const first = elements[0];
  const comma = last ? /^\s*,/.exec(text.slice(last.getEnd(), array.getEnd() - 1)) : null;
  const indentOf = (position: number) =>
    /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", position - 1) + 1))![0];
  const ownLine =
    first !== undefined &&
    /^[ \t]*$/.test(text.slice(text.lastIndexOf("\n", first.getStart() - 1) + 1, first.getStart()));
  const afterComma = last ? last.getEnd() + (comma ? comma[0].length : 0) : array.getStart() + 1;
  const lineEnd = text.indexOf("\n", afterComma);
  const rest = text.slice(afterComma, lineEnd === -1 ? undefined : lineEnd).replace(/\r$/, "");
  const commented =
    last !== undefined && lineEnd !== -1 && /^\s*(\/\/.*|\/\*.*\*\/\s*)$/.test(rest);
  return {
    insertAt: afterComma,
    trailingComma: comma !== null,
    lastEnd: last ? last.getEnd() : afterComma,
    commentLineEnd: commented ? afterComma + rest.length : undefined,
    empty: elements.length === 0,
    elements: elements.map((element) => element.getText()),
    indent: ownLine ? indentOf(first.getStart()) : undefined,
    lineIndent: indentOf(array.getStart()),
  };
}
