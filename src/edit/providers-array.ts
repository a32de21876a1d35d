import { ELEMENT_INDENT } from "../catalog/provider-code.js";
import type { ArrayLayout } from "../syntax/array-layout.js";
import { eolOf, insertAt } from "../syntax/text-edit.js";

/** Moves an expression written for elements at four spaces to elements at `indent`. */
function reindent(expression: string, indent: string, eol: string): string {
  return expression
    .split("\n")
    .map((line, i) =>
      i > 0 && line.startsWith(ELEMENT_INDENT)
        ? `${indent}${line.slice(ELEMENT_INDENT.length)}`
        : line,
    )
    .join(eol);
}

/** Code with its layout removed, to compare what two expressions say. */
const code = (expression: string) => expression.replace(/\s+/g, "");

/**
 * Appends `expression` to a `providers` array in the array's own layout: one element per line
 * (with its indentation and trailing-comma habit) or a one-line list. Only inserts text; an
 * element that already reads the same (whatever its layout) leaves the array as it is.
 */
export function appendProvider(text: string, array: ArrayLayout, expression: string): string {
  if (array.elements.some((element) => code(element) === code(expression))) return text;
  const eol = eolOf(text);
  if (array.empty) {
    return insertAt(text, array.insertAt, reindent(expression, `${array.lineIndent}  `, eol));
  }
  if (array.indent === undefined) {
    const element = reindent(expression, `${array.lineIndent}  `, eol);
    return insertAt(text, array.insertAt, array.trailingComma ? ` ${element},` : `, ${element}`);
  }
  const element = reindent(expression, array.indent, eol);
  if (array.commentLineEnd !== undefined) {
    // `GitHub, // main login`: the comment stays on GitHub's line, the new element goes below.
    const below = insertAt(
      text,
      array.commentLineEnd,
      `${eol}${array.indent}${element}${array.trailingComma ? "," : ""}`,
    );
    return array.trailingComma ? below : insertAt(below, array.lastEnd, ",");
  }
  return insertAt(
    text,
    array.insertAt,
    array.trailingComma ? `${eol}${array.indent}${element},` : `,${eol}${array.indent}${element}`,
  );
}
