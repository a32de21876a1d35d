import type { Statement } from "ts-morph";
import { Node } from "../syntax/ts-morph.js";

/**
 * How one statement after the app is created places the auth mount: after it (`early`: global
 * middleware, setup plugins), before it (`late`: routes, routers, error handlers, exports), or
 * neither (`neutral`: a `const`, a database connection), which does not end the search.
 */
export type Placement = "early" | "late" | "neutral";

/**
 * What every framework's placement agrees on: an export or a `return` ends the app's setup, and
 * a function or class declaration runs nothing where it stands. Undefined for anything else.
 */
export function declarationPlacement(node: Statement): Placement | undefined {
  if (Node.isExportAssignment(node) || Node.isReturnStatement(node)) return "late";
  if (Node.isFunctionDeclaration(node) || Node.isClassDeclaration(node)) return "neutral";
  return undefined;
}

/**
 * The last `early` statement of `statements` before the first `late` one, or `start` when none
 * comes first: the statement the mount goes after.
 */
export function lastEarly<T extends Statement | undefined>(
  start: T,
  statements: Statement[],
  classify: (node: Statement) => Placement,
): Statement | T {
  let anchor: Statement | T = start;
  for (const node of statements) {
    const placement = classify(node);
    if (placement === "late") break;
    if (placement === "early") anchor = node;
  }
  return anchor;
}
