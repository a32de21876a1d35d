import type { ObjectLiteralExpression } from "ts-morph";
import { insertAt } from "../syntax/text-edit.js";
import { Node } from "../syntax/ts-morph.js";
import { insertPropertyAfter } from "./object-property.js";

const FLAG = "enableWebAuthn";

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
  return insertPropertyAfter(text, providers, `experimental: { ${FLAG}: true }`);
}
