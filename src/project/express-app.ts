import { existsSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import type { CallExpression, SourceFile, Statement } from "ts-morph";
import { importedModules, importSpecifiers } from "../syntax/imported-modules.js";
import { readingProject } from "../syntax/parse.js";
import { Node, SyntaxKind } from "../syntax/ts-morph.js";
import type { PackageJson } from "./package-json.js";

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

const extensions = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];
const conventional = [
  "src/index",
  "src/app",
  "src/server",
  "src/main",
  "index",
  "app",
  "server",
  "main",
];

/** A path as written in package.json (maybe without extension, maybe compiled) → a source file. */
function toSource(root: string, path: string): string | undefined {
  const clean = path.replace(/^\.\//, "");
  const candidates = [clean];
  // A compiled entry (dist/index.js) usually has its source at src/index.ts.
  const fromBuild = clean.replace(/^(dist|build|lib|out)\//, "src/");
  if (fromBuild !== clean) candidates.push(fromBuild);
  for (const candidate of candidates) {
    const base = candidate.replace(/\.[cm]?[jt]s$/, "");
    for (const file of [candidate, ...extensions.map((ext) => `${base}${ext}`)]) {
      if (extname(file) && existsSync(join(root, file))) return file;
    }
  }
  return undefined;
}

function isPlainFile(root: string, path: string): boolean {
  return (
    !path.startsWith("-") && existsSync(join(root, path)) && statSync(join(root, path)).isFile()
  );
}

/** Entry candidates with the reason each is a candidate, most specific first. */
function candidates(root: string, pkg: PackageJson): [string, string][] {
  const found: [string, string][] = [];
  const add = (path: string | undefined, why: string) => {
    const file = path && toSource(root, path);
    if (file && !found.some(([known]) => known === file)) found.push([file, why]);
  };
  for (const script of ["dev", "start", "serve"]) {
    const tokens = pkg.scripts?.[script]?.split(/\s+/) ?? [];
    tokens.forEach((token, i) => {
      if (/^[\w./-]+\.[cm]?[jt]s$/.test(token) || /^(\.\/)?src\/[\w./-]+$/.test(token))
        add(token, `scripts.${script}`);
      // `node ./bin/www` (express-generator): a script file without an extension.
      else if (/^(node|nodemon|tsx|ts-node)$/.test(tokens[i - 1] ?? "") && isPlainFile(root, token))
        found.push([token.replace(/^\.\//, ""), `scripts.${script}`]);
    });
  }
  add(pkg.main, "package.json main");
  for (const path of conventional) add(path, "conventional location");
  return found;
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
    let parent = call.getParent();
    while (
      Node.isAsExpression(parent) ||
      Node.isSatisfiesExpression(parent) ||
      Node.isParenthesizedExpression(parent) ||
      Node.isNonNullExpression(parent)
    )
      parent = parent.getParent();
    const variableStatement = parent?.getFirstAncestorByKind(SyntaxKind.VariableStatement);
    if (
      Node.isVariableDeclaration(parent) &&
      Node.isIdentifier(parent.getNameNode()) &&
      variableStatement
    ) {
      named.push({ variable: parent.getName(), statement: variableStatement, call });
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

function relativeImports(file: SourceFile): string[] {
  return importSpecifiers(file).filter(
    (specifier) => specifier.startsWith("./") || specifier.startsWith("../"),
  );
}

/**
 * Finds the file and variable that create the Express app: starting from `entry` (`--entry`) when
 * given, else the dev/start scripts, `main` and the conventional entry files, following relative
 * imports (an entry that imports `./app` is common).
 */
export function findExpressApp(
  root: string,
  pkg: PackageJson,
  project = readingProject(),
  entry?: string,
): ExpressApp | undefined {
  const starts: [string, string][] = entry ? [[entry, "--entry"]] : candidates(root, pkg);
  const queue = starts.map(([file, why]) => ({ file, why, chain: [file] }));
  const seen = new Set<string>();
  while (queue.length && seen.size < 40) {
    const { file, why, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = project.addSourceFileAtPathIfExists(join(root, file));
    if (!source) continue;
    const app = findAppDeclaration(source);
    if (app)
      return {
        file,
        variable: app.variable,
        line: app.call.getStartLineNumber(),
        evidence: why,
        entry: chain[0]!,
        chain,
      };
    // Depth first: an entry's own imports are more telling than the next conventional name.
    const imported = relativeImports(source)
      .map((specifier) => toSource(root, relative(root, resolve(root, dirname(file), specifier))))
      .filter((target): target is string => target !== undefined)
      .map((target) => ({
        file: target,
        why: `${why} → imported by ${file}`,
        chain: [...chain, target],
      }));
    queue.unshift(...imported);
  }
  return undefined;
}

/** A path given on the command line (`--entry`), as a project-relative source file. */
export function entrySource(root: string, path: string): string | undefined {
  const relativePath = relative(root, resolve(root, path)).split("\\").join("/");
  return relativePath.startsWith("..") ? undefined : toSource(root, relativePath);
}

/** The project files `file` imports with relative specifiers (one level), as source paths. */
export function importedSources(root: string, file: string, project = readingProject()): string[] {
  const source = project.addSourceFileAtPathIfExists(join(root, file));
  if (!source) return [];
  return relativeImports(source)
    .map((specifier) => toSource(root, relative(root, resolve(root, dirname(file), specifier))))
    .filter((target): target is string => target !== undefined);
}
