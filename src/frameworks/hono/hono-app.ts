import { dirname, join, relative, resolve } from "node:path";
import type { SourceFile, Statement } from "ts-morph";
import { findFromEntries } from "../../project/find-from-entries.js";
import type { PackageJson } from "../../project/package-json.js";
import { sourcePath } from "../../project/source-path.js";
import { importedModules } from "../../syntax/imported-modules.js";
import { Node, type Project, SyntaxKind } from "../../syntax/ts-morph.js";
import { unwrap } from "../../syntax/values.js";
import { honoConstructors, honoExpression } from "./hono-syntax.js";

/** How the app is handed to a server. */
export type ServerKind = "node-server" | "bun" | "deno" | "export-default" | "adapter" | "fetch";

/** Where the app is served: `serve({ fetch: app.fetch })`, `export default app`, … */
export interface HonoServer {
  kind: ServerKind;
  file: string;
  line: number;
}

/** Where a project creates its root Hono app, and the way detection got there. */
export interface HonoApp {
  /** The file that calls `new Hono()` for the root app, relative to the project root. */
  file: string;
  /** The variable holding the app; undefined for `export default new Hono()`. */
  variable: string | undefined;
  /** 1-based line of `new Hono()`. */
  line: number;
  /** The app's `.basePath()`: every route on it, the auth route included, is below it. */
  basePath: string | "dynamic" | undefined;
  /** Where the search started and how it got there. */
  evidence: string;
  /** The entry file the search started from. */
  entry: string;
  /** The files from the entry to the app file, in import order (env loading may sit in any). */
  chain: string[];
  /** How the app is served, when the sources show it. */
  server: HonoServer | undefined;
}

/** A statement that creates a Hono app, and the variable holding it. */
export interface HonoDeclaration {
  /** Undefined when the app is never named (`export default new Hono()`). */
  variable: string | undefined;
  /** The statement to insert the mount after. */
  statement: Statement;
  creation: Node;
  basePath: string | "dynamic" | undefined;
}

/**
 * Every Hono app a file creates: `const app = new Hono()` (typed, with options, `.basePath()`
 * chained; top level or inside a function), and an unnamed `export default new Hono()`.
 */
export function honoDeclarations(file: SourceFile): HonoDeclaration[] {
  const constructors = honoConstructors(file);
  if (constructors.size === 0) return [];
  const found: HonoDeclaration[] = [];
  for (const declaration of file.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
    const app = honoExpression(declaration.getInitializer(), constructors);
    const statement = declaration.getFirstAncestorByKind(SyntaxKind.VariableStatement);
    if (!app || !statement || !Node.isIdentifier(declaration.getNameNode())) continue;
    found.push({ variable: declaration.getName(), statement, ...app });
  }
  for (const statement of file.getStatements()) {
    if (!Node.isExportAssignment(statement) || statement.isExportEquals()) continue;
    const app = honoExpression(statement.getExpression(), constructors);
    if (app) found.push({ variable: undefined, statement, ...app });
  }
  return found;
}

/** `app.route(…)`, `app.notFound(…)`, `app.fetch`: what a root app, not a sub-app, does. */
function looksLikeRoot(file: SourceFile, variable: string): boolean {
  return file.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).some((access) => {
    const receiver = unwrap(access.getExpression());
    return (
      Node.isIdentifier(receiver) &&
      receiver.getText() === variable &&
      ["route", "notFound", "onError", "fetch"].includes(access.getName())
    );
  });
}

/**
 * The app of a file that looks like the root (it routes sub-apps, has a notFound or error
 * handler, or its `fetch` is used), or with `any`, the first top-level app, else any.
 */
function rootDeclaration(file: SourceFile, any: boolean): HonoDeclaration | undefined {
  const all = honoDeclarations(file);
  const topLevel = all.filter((app) => Node.isSourceFile(app.statement.getParent()));
  const rootLike = topLevel.find((app) => app.variable && looksLikeRoot(file, app.variable));
  return any ? (rootLike ?? topLevel[0] ?? all[0]) : rootLike;
}

/** A name handed to a server, and how. */
interface ServedName {
  name: string;
  kind: ServerKind;
  line: number;
  /** A server call or `fetch:` property; `export default app` is not: sub-app modules do it too. */
  explicit: boolean;
}

/** `X.fetch` → `X`. */
function fetchOf(node: Node | undefined): string | undefined {
  const value = unwrap(node);
  if (!Node.isPropertyAccessExpression(value) || value.getName() !== "fetch") return undefined;
  const receiver = unwrap(value.getExpression());
  return Node.isIdentifier(receiver) ? receiver.getText() : undefined;
}

/**
 * The names a file hands to a server: `serve({ fetch: app.fetch })` (`@hono/node-server`),
 * `Bun.serve({ fetch: app.fetch })`, `Deno.serve(app.fetch)`, `export default { fetch: app.fetch }`,
 * `handle(app)` from a Hono adapter (`hono/aws-lambda`, `hono/vercel`, …), `export default app`.
 */
function servedNames(file: SourceFile): ServedName[] {
  const modules = importedModules(file);
  const served: ServedName[] = [];
  const calleeKind = (callee: string): ServerKind => {
    const binding = modules.get(callee.split(".")[0]!);
    if (binding?.module.startsWith("@hono/node-server")) return "node-server";
    if (callee === "Bun.serve") return "bun";
    if (callee === "Deno.serve") return "deno";
    return "fetch";
  };
  for (const property of file.getDescendantsOfKind(SyntaxKind.PropertyAssignment)) {
    const name = property.getName() === "fetch" ? fetchOf(property.getInitializer()) : undefined;
    if (!name) continue;
    const call = property.getFirstAncestorByKind(SyntaxKind.CallExpression);
    const exported = property.getFirstAncestorByKind(SyntaxKind.ExportAssignment);
    const kind = call
      ? calleeKind(call.getExpression().getText())
      : exported
        ? "export-default"
        : "fetch";
    served.push({ name, kind, line: property.getStartLineNumber(), explicit: true });
  }
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression().getText();
    const binding = modules.get(callee);
    const adapter =
      binding &&
      /^(@hono\/|hono\/)/.test(binding.module) &&
      ["handle", "fire"].includes(binding.export);
    for (const argument of call.getArguments()) {
      const fetched = callee === "Deno.serve" ? fetchOf(argument) : undefined;
      const passed = unwrap(argument);
      const name = fetched ?? (adapter && Node.isIdentifier(passed) ? passed.getText() : undefined);
      if (name)
        served.push({
          name,
          kind: fetched ? "deno" : "adapter",
          line: call.getStartLineNumber(),
          explicit: true,
        });
    }
  }
  for (const statement of file.getStatements()) {
    if (!Node.isExportAssignment(statement) || statement.isExportEquals()) continue;
    const value = unwrap(statement.getExpression());
    if (Node.isIdentifier(value))
      served.push({
        name: value.getText(),
        kind: "export-default",
        line: statement.getStartLineNumber(),
        explicit: false,
      });
  }
  return served;
}

/** `export default app`, `module.exports = app`, `export { app as x }`, `exports.x = app`: the local name. */
function exportedLocal(file: SourceFile, exported: string): string | undefined {
  if (exported === "default" || exported === "*") {
    for (const statement of file.getStatements()) {
      if (!Node.isExportAssignment(statement)) continue;
      const value = unwrap(statement.getExpression());
      if (Node.isIdentifier(value)) return value.getText();
    }
  }
  for (const specifier of file.getDescendantsOfKind(SyntaxKind.ExportSpecifier))
    if ((specifier.getAliasNode()?.getText() ?? specifier.getName()) === exported)
      return specifier.getName();
  for (const binary of file.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    if (binary.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const target = binary.getLeft().getText();
    const value = unwrap(binary.getRight());
    const whole = target === "module.exports";
    if (whole && (exported === "default" || exported === "*") && Node.isIdentifier(value))
      return value.getText();
    if (whole && Node.isObjectLiteralExpression(value)) {
      const property = value.getProperty(exported);
      if (Node.isShorthandPropertyAssignment(property)) return exported;
      const initializer = Node.isPropertyAssignment(property)
        ? unwrap(property.getInitializer())
        : undefined;
      if (Node.isIdentifier(initializer)) return initializer.getText();
    }
    if (
      (target === `exports.${exported}` || target === `module.exports.${exported}`) &&
      Node.isIdentifier(value)
    )
      return value.getText();
  }
  return exported;
}

/** The app `name` stands for in `file`: declared there, or imported from a project file. */
function resolveApp(
  root: string,
  file: string,
  source: SourceFile,
  name: string,
): { file: string; declaration: HonoDeclaration } | undefined {
  const local = honoDeclarations(source).find((app) => app.variable === name);
  if (local) return { file, declaration: local };
  const binding = importedModules(source).get(name);
  if (!binding?.module.startsWith(".")) return undefined;
  const target = sourcePath(root, relative(root, resolve(root, dirname(file), binding.module)));
  const imported = target && source.getProject().addSourceFileAtPathIfExists(join(root, target));
  if (!target || !imported) return undefined;
  const variable = exportedLocal(imported, binding.export);
  const declarations = honoDeclarations(imported);
  const declaration =
    declarations.find((app) => app.variable === variable) ??
    (binding.export === "default" ? declarations.find((app) => !app.variable) : undefined);
  return declaration ? { file: target, declaration } : undefined;
}

/** What the first search finds: the app a file serves, where it is created, and the server. */
interface Served {
  file: string;
  declaration: HonoDeclaration;
  server: HonoServer;
}

/**
 * Finds the root Hono app: first the app a server is given (`serve({ fetch: app.fetch })`,
 * `export default app` in an entry), followed into the file that creates it; else the first app
 * from the entries that mounts sub-apps or has a notFound handler, else the first top-level one.
 * Starts from `entry` (`--entry`) when given, else the dev/start scripts, `main` and the
 * conventional entry files, following relative imports.
 */
export function findHonoApp(
  root: string,
  pkg: PackageJson,
  project?: Project,
  entry?: string,
): HonoApp | undefined {
  const servedBy = (explicit: boolean) =>
    findFromEntries<Served>(
      root,
      pkg,
      (source) => {
        const file = relative(root, source.getFilePath()).split("\\").join("/");
        for (const served of servedNames(source)) {
          if (served.explicit !== explicit) continue;
          const app = resolveApp(root, file, source, served.name);
          if (app) return { ...app, server: { kind: served.kind, file, line: served.line } };
        }
        return undefined;
      },
      { project, entry },
    );
  // `export default app` serves an app (Bun, Workers) only in an entry file itself: in a file an
  // entry imports, it is how sub-apps are exported.
  const exported = () => {
    const found = servedBy(false);
    return found?.chain.length === 1 ? found : undefined;
  };
  const serving = servedBy(true) ?? exported();
  if (serving) {
    const { found } = serving;
    const chain = found.file === serving.file ? serving.chain : [...serving.chain, found.file];
    return {
      file: found.file,
      variable: found.declaration.variable,
      line: found.declaration.creation.getStartLineNumber(),
      basePath: found.declaration.basePath,
      evidence:
        found.file === serving.file
          ? serving.evidence
          : `${serving.evidence} → served from ${serving.file}`,
      entry: serving.entry,
      chain,
      server: found.server,
    };
  }
  const declared = (any: boolean) =>
    findFromEntries(root, pkg, (source) => rootDeclaration(source, any), { project, entry });
  const search = declared(false) ?? declared(true);
  if (!search) return undefined;
  return {
    file: search.file,
    variable: search.found.variable,
    line: search.found.creation.getStartLineNumber(),
    basePath: search.found.basePath,
    evidence: search.evidence,
    entry: search.entry,
    chain: search.chain,
    server: undefined,
  };
}
