import type { Node as MorphNode, SourceFile } from "ts-morph";
import type { ModuleImport } from "../edit/imports.js";
import { readText } from "../project/read-text.js";
import { sourceFiles } from "../project/source-files.js";
import { parse } from "../syntax/parse.js";
import { siblingSpecifier } from "../syntax/sibling-specifier.js";
import { Node, SyntaxKind } from "../syntax/ts-morph.js";
import type { ClientExport, ImportContext } from "./types.js";

/** Files that create clients for tests, seeds and scripts, not for the app. */
const NOT_THE_APP =
  /(^|\/)(test|tests|__tests__|spec|e2e|scripts?|seeds?|migrations?)\/|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)seed\.[cm]?[jt]s$|(^|\/)[^/]*\.config\.[cm]?[jt]s$/;

/** Names that say "the database client" when several files create one. */
const CLIENT_FILE = /(^|\/)(db|database|prisma|client|drizzle|kysely)(\/index)?\.[cm]?[jt]sx?$/;

/**
 * Walks up from the expression that creates the client to the variable that holds it, through
 * the shapes apps write: `globalThis.prisma ?? new PrismaClient()`, `cond ? a : new X()`,
 * `new X().$extends(…)`, `await`, `as`/`satisfies`.
 */
function holder(created: MorphNode): MorphNode {
  let node = created;
  for (;;) {
    const parent = node.getParent();
    // An assignment (`exports.db = new X()`) is where the client is held, not part of its value.
    const assignment =
      Node.isBinaryExpression(parent) &&
      parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken;
    if (
      (Node.isBinaryExpression(parent) && !assignment) ||
      Node.isConditionalExpression(parent) ||
      Node.isParenthesizedExpression(parent) ||
      Node.isAsExpression(parent) ||
      Node.isSatisfiesExpression(parent) ||
      Node.isNonNullExpression(parent) ||
      Node.isAwaitExpression(parent) ||
      (Node.isPropertyAccessExpression(parent) && parent.getExpression() === node) ||
      (Node.isCallExpression(parent) && parent.getExpression() === node)
    ) {
      node = parent;
      continue;
    }
    return node;
  }
}

/** The name a file exports a top-level variable under: `name`, `default`, or none. */
function exportedAs(file: SourceFile, variable: string): string | undefined {
  const declaration = file.getVariableDeclaration(variable);
  if (declaration?.getVariableStatement()?.isExported()) return variable;
  for (const [name, declarations] of file.getExportedDeclarations()) {
    if (declarations.some((d) => d === declaration)) return name;
  }
  for (const statement of file.getStatements()) {
    // CommonJS: `module.exports = db`, `module.exports = { db }`, `exports.db = db`.
    if (!Node.isExpressionStatement(statement)) continue;
    const expression = statement.getExpression();
    if (!Node.isBinaryExpression(expression)) continue;
    const left = expression.getLeft().getText();
    const right = expression.getRight();
    if (left === "module.exports" && right.getText() === variable) return "module.exports";
    if (left === "module.exports" && Node.isObjectLiteralExpression(right)) {
      for (const property of right.getProperties()) {
        if (Node.isShorthandPropertyAssignment(property) && property.getName() === variable)
          return variable;
        if (
          Node.isPropertyAssignment(property) &&
          property.getInitializer()?.getText() === variable
        )
          return property.getName();
      }
    }
    const named = /^(?:module\.)?exports\.(\w+)$/.exec(left);
    if (named && right.getText() === variable) return named[1];
  }
  return undefined;
}

/**
 * The top-level function whose result `outer` is (`function createDb() { return drizzle(…) }`,
 * `const createDb = () => drizzle(…)`), by name.
 */
function factoryOf(file: SourceFile, outer: MorphNode): string | undefined {
  const parent = outer.getParent();
  const fn = Node.isReturnStatement(parent)
    ? parent.getParentWhile((node) => !Node.isFunctionLikeDeclaration(node))?.getParent()
    : Node.isArrowFunction(parent) && parent.getBody() === outer
      ? parent
      : undefined;
  if (Node.isFunctionDeclaration(fn) && fn.getParent() === file) return fn.getName();
  const declaration = fn?.getParent();
  if (
    (Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) &&
    Node.isVariableDeclaration(declaration) &&
    declaration.getVariableStatement()?.getParent() === file
  )
    return declaration.getName();
  return undefined;
}

/**
 * How the file exports the client an expression creates, when it does; a client made in a
 * factory function is exported where a top-level variable holds its call
 * (`export const db = createDb()`, as create-better-t-stack's db packages have it).
 */
function exportOf(file: SourceFile, created: MorphNode, depth = 0): string | undefined {
  const outer = holder(created);
  const parent = outer.getParent();
  const factory = depth < 3 ? factoryOf(file, outer) : undefined;
  if (factory) {
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (call.getExpression().getText() !== factory) continue;
      const name = exportOf(file, call, depth + 1);
      if (name) return name;
    }
    return undefined;
  }
  if (Node.isExportAssignment(parent)) return "default";
  if (Node.isVariableDeclaration(parent) && parent.getInitializer() === outer) {
    const statement = parent.getVariableStatement();
    // Only top-level variables can be imported.
    if (statement?.getParent() !== file) return undefined;
    return exportedAs(file, parent.getName());
  }
  if (Node.isBinaryExpression(parent) && parent.getRight() === outer) {
    const left = parent.getLeft().getText();
    if (left === "module.exports") return "module.exports";
    const named = /^(?:module\.)?exports\.(\w+)$/.exec(left);
    if (named) return named[1];
  }
  return undefined;
}

/** Candidates, best first: exported, then named like a client module, then shallower paths. */
interface Candidate extends ClientExport {
  exported: boolean;
}

/**
 * Where the app creates its database client: every source file (outside tests, scripts and
 * seeds) is searched for an expression `creates` accepts (`new PrismaClient(…)`,
 * `drizzle(…)`), and the one a module exports is the one the configuration can import. Files
 * whose text lacks `marker` are not parsed. `others` lists further creations, for a warning.
 */
export function findClient(
  root: string,
  marker: RegExp,
  creates: (node: MorphNode) => boolean,
): { client: ClientExport | undefined; unexported: string[]; others: string[] } {
  const candidates: Candidate[] = [];
  for (const path of sourceFiles(root)) {
    if (NOT_THE_APP.test(path)) continue;
    const text = readText(root, path);
    if (!marker.test(text)) continue;
    const file = parse(text, path);
    file.forEachDescendant((node) => {
      if (!(Node.isNewExpression(node) || Node.isCallExpression(node)) || !creates(node)) return;
      const name = exportOf(file, node);
      const line = node.getStartLineNumber();
      const code =
        node.getParentWhile((parent) => !Node.isStatement(parent))?.getText() ?? node.getText();
      candidates.push({
        file: path,
        name: name ?? "",
        exported: name !== undefined,
        evidence: `${path}:${line}: ${code.split("\n")[0]!.trim().slice(0, 100)}`,
      });
    });
  }
  const rank = (c: Candidate) =>
    (c.exported ? 0 : 100) + (CLIENT_FILE.test(c.file) ? 0 : 10) + c.file.split("/").length;
  candidates.sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file));
  const [best, ...rest] = candidates;
  const client =
    best?.exported === true
      ? { file: best.file, name: best.name, evidence: best.evidence }
      : undefined;
  return {
    client,
    unexported: candidates.filter((c) => !c.exported).map((c) => c.evidence),
    others: rest.filter((c) => c.exported).map((c) => c.evidence),
  };
}

/** Whether a `new X(…)` or `X(…)` node calls one of `names` (also `ns.X`). */
export function callsOneOf(node: MorphNode, names: readonly string[]): boolean {
  if (!Node.isNewExpression(node) && !Node.isCallExpression(node)) return false;
  const callee = node.getExpression();
  const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
  return names.includes(name);
}

/** Whether the node is `new X(…)` (rather than a call). */
export function isNew(node: MorphNode): boolean {
  return node.getKind() === SyntaxKind.NewExpression;
}

/**
 * The import that brings the app's client into the configuration, bound to `local`: named,
 * default, or a CommonJS `module.exports` (the default import of ESM, the whole `require`).
 */
export function clientImport(
  client: ClientExport,
  context: ImportContext,
  local: string,
): { spec: ModuleImport; binding: string } {
  const from = siblingSpecifier(context.configFile, client.file, context.withExtension);
  if (client.name === "default") return { spec: { from, default: local }, binding: local };
  if (client.name === "module.exports") return { spec: { from, whole: local }, binding: local };
  return { spec: { from, named: [client.name] }, binding: client.name };
}
