import type { ObjectLiteralExpression } from "ts-morph";
import { eolOf, insertAt } from "../syntax/text-edit.js";
import { Node } from "../syntax/ts-morph.js";

const FLAG = "enableWebAuthn";

function lineIndent(text: string, position: number): string {
  return /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", position - 1) + 1))![0];
}

function ownsLine(text: string, position: number): boolean {
  return /^[ \t]*$/.test(text.slice(text.lastIndexOf("\n", position - 1) + 1, position));
}

/**
 * Ensures `experimental: { enableWebAuthn: true }` on a configuration object (passkeys need it):
 * adds the property after `providers`, or the flag inside an existing `experimental` object.
 * Returns the text unchanged when the flag is already `true`, and `undefined` when the shape is
 * not one we edit (the caller prints the line to add by hand). Only inserts text.
 */
export function ensureWebAuthnFlag(
  text: string,
  object: ObjectLiteralExpression,
): string | undefined {
  const experimental = object.getProperty("experimental");
  if (experimental) {
    if (!Node.isPropertyAssignment(experimental)) return undefined;
    const value = experimental.getInitializer();
    if (!Node.isObjectLiteralExpression(value)) return undefined;
    const flag = value.getProperty(FLAG);
    if (flag) {
      return Node.isPropertyAssignment(flag) && flag.getInitializer()?.getText() === "true"
        ? text
        : undefined;
    }
    const open = value.getStart() + 1;
    return value.getProperties().length
      ? insertAt(text, open, ` ${FLAG}: true,`)
      : insertAt(text, open, ` ${FLAG}: true `);
  }
  const providers = object.getProperty("providers");
  if (!providers) return undefined;
  const after = text.slice(providers.getEnd());
  const comma = /^\s*,/.exec(after);
  const end = providers.getEnd() + (comma ? comma[0].length : 0);
  const entry = `experimental: { ${FLAG}: true }`;
  if (!ownsLine(text, providers.getStart())) {
    return insertAt(text, end, comma ? ` ${entry},` : `, ${entry}`);
  }
  const eol = eolOf(text);
  const indent = lineIndent(text, providers.getStart());
  return comma
    ? insertAt(text, end, `${eol}${indent}${entry},`)
    : insertAt(text, end, `,${eol}${indent}${entry}`);
}
