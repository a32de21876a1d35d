import type { ObjectLiteralExpression } from "ts-morph";
import { Node } from "../syntax/ts-morph.js";
import { propertyValue } from "../syntax/values.js";
import {
  type ConfigSyntax,
  type FunctionSyntax,
  functionProperty,
  objectOf,
  stringValue,
} from "./config-syntax.js";

/** A Credentials provider's `authorize` and the fields its form asks for. */
export interface CredentialsAuthorize {
  fn: FunctionSyntax;
  /**
   * The secret fields (`type: "password"`, or named like a password, PIN or code); `["password"]`
   * when `credentials` is not written as an object here.
   */
  secrets: string[];
}

const SECRET_NAME = /pass|pin|secret|code|otp|token/i;

function secretFields(options: ObjectLiteralExpression): string[] {
  const fields = objectOf(propertyValue(options, "credentials"));
  if (!fields) return ["password"];
  return fields.getProperties().flatMap((property) => {
    if (!("getName" in property)) return [];
    const name = property.getName().replace(/^["']|["']$/g, "");
    const field = objectOf(propertyValue(fields, name));
    const type = field && stringValue(propertyValue(field, "type"));
    return type === "password" || SECRET_NAME.test(name) ? [name] : [];
  });
}

/** Every Credentials provider of the configuration whose `authorize` is written in it. */
export function credentialsAuthorizers(syntax: ConfigSyntax): CredentialsAuthorize[] {
  return syntax.providers.flatMap(({ info, options }) => {
    if (info?.preset !== "credentials" || !options) return [];
    const fn = functionProperty(options, "authorize");
    return fn ? [{ fn, secrets: secretFields(options) }] : [];
  });
}

/** `null`, `undefined` or `void …`: what tells the runtime the sign-in failed. */
export function isNothing(node: Node | undefined): boolean {
  return (
    node === undefined ||
    Node.isNullLiteral(node) ||
    (Node.isIdentifier(node) && node.getText() === "undefined") ||
    Node.isVoidExpression(node)
  );
}
