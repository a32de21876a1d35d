import type { ObjectLiteralExpression, SourceFile } from "ts-morph";
import { Node } from "./ts-morph.js";

/** A value as written in code: a literal, or code that is not evaluated (`"dynamic"`). */
export type Written<T> = { value: T; line: number } | { value: "dynamic"; line: number };

/** The expression inside `as`, `satisfies`, parentheses, `<T>` assertions and `!`. */
export function unwrap(node: Node | undefined): Node | undefined {
  let current = node;
  while (
    current &&
    (Node.isAsExpression(current) ||
      Node.isSatisfiesExpression(current) ||
      Node.isParenthesizedExpression(current) ||
      Node.isTypeAssertion(current) ||
      Node.isNonNullExpression(current))
  )
    current = current.getExpression();
  return current;
}

/** The initializer of a top-level `const name = …` in the file. */
export function variableValue(file: SourceFile, name: string): Node | undefined {
  const declaration = file.getVariableDeclaration(name);
  return unwrap(declaration?.getInitializer());
}

/** A property's value: `name: value`, or `name` shorthand resolved in the same file. */
export function propertyValue(object: ObjectLiteralExpression, name: string): Node | undefined {
  const property = object.getProperty(name);
  if (Node.isPropertyAssignment(property)) return unwrap(property.getInitializer());
  if (Node.isShorthandPropertyAssignment(property))
    return variableValue(object.getSourceFile(), name) ?? property.getNameNode();
  return undefined;
}

/**
 * A literal of the expected kind as written, with its line; anything else is `"dynamic"` (code is
 * read, never run). Numbers may be products of literals (`30 * 24 * 60 * 60`).
 */
export function written<T extends string | boolean | number>(
  node: Node | undefined,
  kind: "string" | "boolean" | "number",
): Written<T> | undefined {
  if (!node) return undefined;
  const line = node.getStartLineNumber();
  if (kind === "number") {
    // `30 * 24 * 60 * 60` is how maxAge is usually written: evaluate products of literals only.
    const factors = node
      .getText()
      .split("*")
      .map((part) => part.trim().replace(/_/g, ""));
    if (factors.every((part) => /^\d+$/.test(part)))
      return {
        value: factors.reduce((product, part) => product * Number(part), 1 as number) as T,
        line,
      };
    return { value: "dynamic", line };
  }
  if (
    kind === "string" &&
    (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node))
  )
    return { value: node.getLiteralValue() as T, line };
  if (kind === "boolean" && (Node.isTrueLiteral(node) || Node.isFalseLiteral(node)))
    return { value: Node.isTrueLiteral(node) as T, line };
  return { value: "dynamic", line };
}
