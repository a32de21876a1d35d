import type { Block, CallExpression, SourceFile, Statement } from "ts-morph";
import { declaredVariable } from "../../syntax/declared-variable.js";
import { importedModules } from "../../syntax/imported-modules.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { unwrap, variableValue } from "../../syntax/values.js";

/**
 * Where a file gets its Fastify instance:
 * - `instance`: it calls `Fastify()` (`const app = Fastify()`, at the top level or inside a
 *   factory such as `buildApp()`); `variable` is undefined for `export default Fastify()`,
 *   `return Fastify()` and the like, which can be found but not edited;
 * - `plugin`: it exports the app as a plugin (`export default async function (fastify, opts)`,
 *   as fastify-cli and `@fastify/autoload` projects do) and the instance is its first parameter.
 */
export type FastifyDeclaration =
  | { kind: "instance"; variable: string | undefined; statement: Statement; call: CallExpression }
  | { kind: "plugin"; variable: string; body: Block };

const CALLED_FROM_REQUIRE = /^require\(\s*["'`]fastify["'`]\s*\)(?:\.(?:fastify|default))?$/;

/** The callee texts that create an instance in this file: `Fastify`, `F.fastify`, … */
function factoryCallees(file: SourceFile): Set<string> {
  const callees = new Set<string>();
  for (const [local, binding] of importedModules(file)) {
    if (binding.module !== "fastify") continue;
    if (["default", "fastify", "*"].includes(binding.export)) callees.add(local);
    if (binding.export === "*") callees.add(`${local}.fastify`).add(`${local}.default`);
  }
  return callees;
}

/** Whether a call creates a Fastify instance: through a binding, or `require("fastify")()`. */
export function isFastifyCall(call: CallExpression, callees: Set<string>): boolean {
  const callee = call.getExpression().getText();
  return callees.has(callee) || CALLED_FROM_REQUIRE.test(callee.replace(/\s+/g, ""));
}

/**
 * The `Fastify()` calls of a file with their declarations: named ones (`const app = Fastify()`,
 * also `let`/`var`, exported, typed or wrapped in `as`) and unnamed ones, in source order.
 */
export function fastifyCalls(
  file: SourceFile,
): Extract<FastifyDeclaration, { kind: "instance" }>[] {
  const callees = factoryCallees(file);
  const found: Extract<FastifyDeclaration, { kind: "instance" }>[] = [];
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (!isFastifyCall(call, callees)) continue;
    const declared = declaredVariable(call);
    if (declared) {
      found.push({
        kind: "instance",
        variable: declared.name,
        statement: declared.statement,
        call,
      });
      continue;
    }
    const statement = call.getFirstAncestor(
      (node) =>
        Node.isExportAssignment(node) ||
        Node.isExpressionStatement(node) ||
        Node.isReturnStatement(node),
    ) as Statement | undefined;
    if (statement) found.push({ kind: "instance", variable: undefined, statement, call });
  }
  return found;
}

/** A top-level named instance wins over one built in a function, and both over unnamed ones. */
function findInstance(file: SourceFile): FastifyDeclaration | undefined {
  const calls = fastifyCalls(file);
  const named = calls.filter((call) => call.variable !== undefined);
  return (
    named.find((call) => Node.isSourceFile(call.statement.getParent())) ?? named[0] ?? calls[0]
  );
}

/** `async function (fastify, opts) {…}`, `fp(async (fastify) => {…})`: the plugin function. */
function pluginFunction(node: Node | undefined): FastifyDeclaration | undefined {
  let value = unwrap(node);
  if (Node.isIdentifier(value)) value = variableValue(value.getSourceFile(), value.getText());
  // `fp(plugin)` / `fastifyPlugin(plugin, { name })`: the wrapped function is the plugin.
  if (Node.isCallExpression(value)) return pluginFunction(value.getArguments()[0]);
  if (
    !Node.isFunctionDeclaration(value) &&
    !Node.isFunctionExpression(value) &&
    !Node.isArrowFunction(value)
  )
    return undefined;
  const [first] = value.getParameters();
  const body = value.getBody();
  if (!first || !Node.isIdentifier(first.getNameNode()) || !Node.isBlock(body)) return undefined;
  return { kind: "plugin", variable: first.getName(), body };
}

/**
 * The plugin a file exports as its app: `export default`, `module.exports =` (or `.default`),
 * a function or a variable holding one, possibly wrapped in `fastify-plugin`.
 */
export function findPluginApp(file: SourceFile): FastifyDeclaration | undefined {
  // Read from the syntax alone: a symbol lookup would build a type checker.
  for (const statement of file.getStatements()) {
    let exported: Node | undefined;
    if (Node.isFunctionDeclaration(statement) && statement.hasDefaultKeyword())
      exported = statement;
    else if (Node.isExportAssignment(statement)) exported = statement.getExpression();
    else if (Node.isExpressionStatement(statement)) {
      const expression = statement.getExpression();
      if (
        Node.isBinaryExpression(expression) &&
        /^module\.exports(?:\.default)?$/.test(expression.getLeft().getText())
      )
        exported = expression.getRight();
    }
    const found = exported && pluginFunction(exported);
    if (found) return found;
  }
  return undefined;
}

/** Whether a file registers `@fastify/autoload`, which loads plugins and routes from folders. */
export function usesAutoload(file: SourceFile): boolean {
  return [...importedModules(file).values()].some((b) => b.module === "@fastify/autoload");
}

/** Where a file gets its instance, of the kind asked for (the plan edits what detection found). */
export function findFastifyDeclaration(
  file: SourceFile,
  kind: FastifyDeclaration["kind"],
): FastifyDeclaration | undefined {
  return kind === "instance" ? findInstance(file) : findPluginApp(file);
}
