import { existsSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import {
  type CallExpression,
  Node,
  Project,
  type SourceFile,
  SyntaxKind,
  type VariableStatement,
} from "ts-morph";
import type { PackageJson } from "./package-json.js";

export interface ExpressApp {
  /** The file that calls `express()`, relative to the project root. */
  file: string;
  /** The variable holding the app (`app`, `server`, …). */
  variable: string;
  /** 1-based line of the `express()` call. */
  line: number;
  /** Where the search started and how it got there. */
  evidence: string;
  /** The entry file the search started from (it may only import the app, and call listen). */
  entry: string;
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

/** Entry candidates with the reason each is a candidate, most specific first. */
function candidates(root: string, pkg: PackageJson): [string, string][] {
  const found: [string, string][] = [];
  const add = (path: string | undefined, why: string) => {
    const file = path && toSource(root, path);
    if (file && !found.some(([known]) => known === file)) found.push([file, why]);
  };
  for (const script of ["dev", "start", "serve"]) {
    const command = pkg.scripts?.[script];
    for (const token of command?.split(/\s+/) ?? []) {
      if (/^[\w./-]+\.[cm]?[jt]s$/.test(token) || /^(\.\/)?src\/[\w./-]+$/.test(token))
        add(token, `scripts.${script}`);
    }
  }
  add(pkg.main, "package.json main");
  for (const path of conventional) add(path, "conventional location");
  return found;
}

/** The local names `express` is imported or required under in a file. */
function expressBindings(file: SourceFile): Set<string> {
  const names = new Set<string>();
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== "express") continue;
    const local =
      declaration.getDefaultImport()?.getText() ?? declaration.getNamespaceImport()?.getText();
    if (local) names.add(local);
  }
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const [argument] = call.getArguments();
    if (
      call.getExpression().getText() === "require" &&
      Node.isStringLiteral(argument) &&
      argument.getLiteralValue() === "express"
    ) {
      const declaration = call.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
      if (declaration && Node.isIdentifier(declaration.getNameNode()))
        names.add(declaration.getName());
    }
  }
  return names;
}

/** `const app = express()` (or `let`, or exported) at the top level of a file. */
export function findAppDeclaration(
  file: SourceFile,
): { variable: string; statement: VariableStatement; call: CallExpression } | undefined {
  const bindings = expressBindings(file);
  if (bindings.size === 0) return undefined;
  for (const statement of file.getVariableStatements()) {
    for (const declaration of statement.getDeclarations()) {
      const initializer = declaration.getInitializer();
      if (
        Node.isCallExpression(initializer) &&
        bindings.has(initializer.getExpression().getText()) &&
        Node.isIdentifier(declaration.getNameNode())
      ) {
        return { variable: declaration.getName(), statement, call: initializer };
      }
    }
  }
  return undefined;
}

function relativeImports(file: SourceFile): string[] {
  const specifiers = [
    ...file.getImportDeclarations().map((d) => d.getModuleSpecifierValue()),
    ...file
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .filter((call) => call.getExpression().getText() === "require")
      .map((call) => call.getArguments()[0])
      .filter((argument) => Node.isStringLiteral(argument))
      .map((argument) => (argument as unknown as { getLiteralValue(): string }).getLiteralValue()),
  ];
  return specifiers.filter(
    (specifier) => specifier.startsWith("./") || specifier.startsWith("../"),
  );
}

/** A ts-morph project for reading (never type-checking) a user's files. */
export function readingProject(): Project {
  return new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: true },
  });
}

/**
 * Finds the file and variable that create the Express app: starting from the dev/start scripts,
 * `main` and the conventional entry files, following relative imports (an entry that imports
 * `./app` is common).
 */
export function findExpressApp(
  root: string,
  pkg: PackageJson,
  project = readingProject(),
): ExpressApp | undefined {
  const queue = candidates(root, pkg).map(([file, why]) => ({ file, why, entry: file }));
  const seen = new Set<string>();
  while (queue.length && seen.size < 40) {
    const { file, why, entry } = queue.shift()!;
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
        entry,
      };
    // Depth first: an entry's own imports are more telling than the next conventional name.
    const imported = relativeImports(source)
      .map((specifier) => toSource(root, relative(root, resolve(root, dirname(file), specifier))))
      .filter((target): target is string => target !== undefined)
      .map((target) => ({ file: target, why: `${why} → imported by ${file}`, entry }));
    queue.unshift(...imported);
  }
  return undefined;
}
