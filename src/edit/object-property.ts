import { eolOf, insertAt } from "../syntax/text-edit.js";
import type { Node } from "../syntax/ts-morph.js";

function lineIndent(text: string, position: number): string {
  return /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", position - 1) + 1))![0];
}

function ownsLine(text: string, position: number): boolean {
  return /^[ \t]*$/.test(text.slice(text.lastIndexOf("\n", position - 1) + 1, position));
}

/**
 * Inserts `entry` (`name: value`) as the property after `property`, in the object's own layout:
 * on a line of its own, indented like `property`, when `property` starts its line; on the same
 * line otherwise. A comma already after `property` stays, and `entry` gets one too.
 */
export function insertPropertyAfter(text: string, property: Node, entry: string): string {
  const comma = /^\s*,/.exec(text.slice(property.getEnd()));
  const end = property.getEnd() + (comma ? comma[0].length : 0);
  if (!ownsLine(text, property.getStart()))
    return insertAt(text, end, comma ? ` ${entry},` : `, ${entry}`);
  const eol = eolOf(text);
  const indent = lineIndent(text, property.getStart());
  return comma
    ? insertAt(text, end, `${eol}${indent}${entry},`)
    : insertAt(text, end, `,${eol}${indent}${entry}`);
}
