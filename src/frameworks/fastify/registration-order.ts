import type { Statement } from "ts-morph";
import { parse } from "../../syntax/parse.js";
import { Node } from "../../syntax/ts-morph.js";
import { unwrap } from "../../syntax/values.js";
import { fastifyAuthRegistrations } from "./fastify-mounts.js";

/** A registration of FastifyAuth as a statement among its neighbours. */
export interface PlacedRegistration {
  file: string;
  line: number;
  /** The instance it is registered on (`app`, `fastify`). */
  name: string;
  /** The statements of its block, and its own index among them. */
  siblings: Statement[];
  index: number;
  /** `await app.register(FastifyAuth(…))`: the plugin loads right there. */
  awaited: boolean;
}

/** The expression a statement evaluates first: `x()` in `x();`, `await x()`, `const y = await x()`. */
function statementExpression(node: Statement): Node | undefined {
  if (Node.isExpressionStatement(node)) return node.getExpression();
  if (Node.isVariableStatement(node)) {
    const [declaration] = node.getDeclarations();
    return declaration && unwrap(declaration.getInitializer());
  }
  return undefined;
}

/**
 * Whether a statement calls `<name>.<method>()` for one of `methods`, and, with `awaited`, awaits
 * it (then the app's plugins queued so far have loaded when the statement ends).
 */
export function callsOn(
  node: Statement,
  name: string,
  methods: readonly string[],
  awaited: boolean,
): boolean {
  let expression = statementExpression(node);
  const isAwait = Node.isAwaitExpression(expression);
  if (Node.isAwaitExpression(expression) || Node.isVoidExpression(expression))
    expression = expression.getExpression();
  if (awaited && !isAwait) return false;
  if (!Node.isCallExpression(expression)) return false;
  const callee = expression.getExpression();
  return (
    Node.isPropertyAccessExpression(callee) &&
    callee.getExpression().getText() === name &&
    methods.includes(callee.getName())
  );
}

/** The FastifyAuth registrations written as statements of their own, in the given files. */
export function placedRegistrations(
  files: readonly string[],
  text: (file: string) => string,
): PlacedRegistration[] {
  const placed: PlacedRegistration[] = [];
  for (const file of files) {
    const source = text(file);
    if (!source.includes("FastifyAuth")) continue;
    for (const call of fastifyAuthRegistrations(parse(source, file))) {
      const callee = call.getExpression();
      const statement = call.getParent();
      const holder =
        Node.isAwaitExpression(statement) || Node.isVoidExpression(statement)
          ? statement.getParent()
          : statement;
      if (!Node.isExpressionStatement(holder) || !Node.isPropertyAccessExpression(callee)) continue;
      const block = holder.getParent();
      if (!Node.isStatemented(block)) continue;
      const siblings = block.getStatements();
      placed.push({
        file,
        line: call.getStartLineNumber(),
        name: callee.getExpression().getText(),
        siblings,
        index: siblings.indexOf(holder),
        awaited: Node.isAwaitExpression(statement),
      });
    }
  }
  return placed;
}
