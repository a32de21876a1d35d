import type { Node as MorphNode, VariableStatement } from "ts-morph";
import { Node, SyntaxKind } from "./ts-morph.js";

/**
 * The variable a value is assigned to where it is created (`const app = express()`, `let`/`var`,
 * exported, also through `as`, `satisfies`, parentheses and `!`), with the statement declaring
 * it; undefined when the value is not held in a variable of its own.
 */
export function declaredVariable(
  value: MorphNode,
): { name: string; statement: VariableStatement } | undefined {
  let parent = value.getParent();
  while (
    Node.isAsExpression(parent) ||
    Node.isSatisfiesExpression(parent) ||
    Node.isParenthesizedExpression(parent) ||
    Node.isNonNullExpression(parent)
  )
    parent = parent.getParent();
  const statement = parent?.getFirstAncestorByKind(SyntaxKind.VariableStatement);
  if (!Node.isVariableDeclaration(parent) || !Node.isIdentifier(parent.getNameNode()) || !statement)
    return undefined;
  return { name: parent.getName(), statement };
}
