import type { CallExpression, SourceFile, Statement } from "ts-morph";
import { findFromEntries } from "../../project/find-from-entries.js";
import type { PackageJson } from "../../project/package-json.js";
import { declaredVariable } from "../../syntax/declared-variable.js";
import { importedModules } from "../../syntax/imported-modules.js";
import { Node, type Project, SyntaxKind } from "../../syntax/ts-morph.js";

/** Where a project creates its Express app, and the way detection got there. */
export interface ExpressApp {
  /** The file that calls `express()`, relative to the project root. */
  file: string;
  /** The variable holding the app (`app`, `server`, …); undefined for `export default express()`. */
  variable: string | undefined;
  /** 1-based line of the `express()` call. */
  line: number;
  /** Where the search started and how it got there. */
  evidence: string;
  /** The entry file the search started from (it may only import the app, and call listen). */
  entry: string;
  /** The files from the entry to the app file, in import order (env loading may sit in any). */
  chain: string[];
}

/** The local names `express` itself is imported or required under in a file. */
function expressBindings(file: SourceFile): Set<string> {
  const names = new Set<string>();
  for (const [local, binding] of importedModules(file))
    if (binding.module === "express" && (binding.export === "default" || binding.export === "*"))
      names.add(local);
  return names;
}

function isRequireOfExpress(node: Node): boolean {
  if (!Node.isCallExpression(node) || node.getExpression().getText() !== "require") return false;
  const [argument] = node.getArguments();
  return Node.isStringLiteral(argument) && argument.getLiteralValue() === "express";
}

/** `express()` through a binding, or `require("express")()` in one go. */
function isExpressCall(node: Node | undefined, bindings: Set<string>): node is CallExpression {
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression();
  return bindings.has(callee.getText()) || isRequireOfExpress(callee);
}

/** The statement and call that create an Express app, and the variable holding it. */
export interface AppDeclaration {
  /** The variable holding the app; undefined when the app is never named (`export default express()`). */
  variable: string | undefined;
  /** The statement that creates the app: where the mount goes after (when there is a variable). */
  statement: Statement;
  call: CallExpression;
}

/**
 * Where a file creates its Express app: `const app = express()` (or `let`/`var`, exported, or
 * `require("express")()`), at the top level or inside a factory function; else an unnamed
 * `export default express()` / `module.exports = express()`, which can be found but not edited.
 */
export function findAppDeclaration(file: SourceFile): AppDeclaration | undefined {
  const bindings = expressBindings(file);
  const named: AppDeclaration[] = [];
  let unnamed: AppDeclaration | undefined;
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (!isExpressCall(call, bindings)) continue;
    // `express() as Express`, `(express())`: the declaration is further up.
    const declared = declaredVariable(call);
    if (declared) {
      named.push({ variable: declared.name, statement: declared.statement, call });
      continue;
    }
    const statement = call.getFirstAncestor(
      (node) => Node.isExportAssignment(node) || Node.isExpressionStatement(node),
    ) as Statement | undefined;
    if (!unnamed && statement && /^(export default|module\.exports\s*=)/.test(statement.getText()))
      unnamed = { variable: undefined, statement, call };
  }
  // A top-level app wins over one built inside a function (a sub-app helper, a test factory).
  return named.find((app) => Node.isSourceFile(app.statement.getParent())) ?? named[0] ?? unnamed;
}

/**
 * Finds the file and variable that create the Express app: starting from `entry` (`--entry`) when
 * given, else the dev/start scripts, `main` and the conventional entry files, following relative
 * imports (an entry that imports `./app` is common).
 */
export function findExpressApp(
  root: string,
  pkg: PackageJson,
  project?: Project,
  entry?: string,
): ExpressApp | undefined {
  const search = findFromEntries(root, pkg, findAppDeclaration, { project, entry });
  if (!search) return undefined;
  const { found, file, evidence, chain } = search;
  return {
    file,
    variable: found.variable,
    line: found.call.getStartLineNumber(),
    evidence,
    entry: search.entry,
    chain,
  };
}
