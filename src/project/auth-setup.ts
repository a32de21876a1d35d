import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import type { ArrayLiteralExpression, ObjectLiteralExpression, SourceFile } from "ts-morph";
import { parse } from "../edit/syntax.js";
import { Node, SyntaxKind } from "../edit/ts-morph.js";
import { CliError } from "../errors.js";

/**
 * Reads an existing auth set-up without running it: where the configuration object is, what it
 * configures (providers, adapter, strategy, base path), where the endpoints are mounted. Shared by
 * `add-provider` and `check`; everything carries its file and line.
 */

/** Folders that never hold the user's own sources. */
const SKIPPED = new Set([
  "node_modules",
  ".git",
  "dist",
  "build",
  "out",
  ".output",
  ".vinxi",
  ".nitro",
  ".netlify",
  ".vercel",
  "coverage",
  ".tmp",
  ".auth",
]);
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** Modules whose presence marks a file as part of the auth set-up (ours and Auth.js's). */
const AUTH_MODULE =
  /["'](?:@create-auth\/runtime|@auth\/(?:core|express|solid-start))(?:\/[\w./-]*)?["']/;
/** `…/providers/<id>` of our runtime or of Auth.js. */
const PROVIDER_MODULE =
  /^(?:@create-auth\/runtime|@auth\/(?:core|express|solid-start))\/providers\/([a-z0-9-]+)$/;

/** Source files below `root` (project-relative, `/`-separated), skipping build output. */
export function sourceFiles(root: string, limit = 4000): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= limit) return;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith(".")) walk(join(dir, entry.name));
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        found.push(relative(root, join(dir, entry.name)).split(sep).join("/"));
      }
    }
  };
  walk(root);
  return found.sort();
}

/** A value as written in the configuration: a literal, or code we do not evaluate. */
export type Written<T> = { value: T; line: number } | { value: "dynamic"; line: number };

export interface ConfiguredProvider {
  /** The id the runtime will use (`github`, `credentials`, the `id` option), when it can be known. */
  id: string | undefined;
  /** The preset's module id (`github`, `oidc`, `credentials`, `email`, `nodemailer`), if recognised. */
  preset: string | undefined;
  /** The module the provider comes from, if imported. */
  module: string | undefined;
  line: number;
  /** Options set in code (so the matching env variable is not needed). */
  options: { clientId: boolean; clientSecret: boolean; issuer: boolean; server: boolean };
}

export interface ProvidersArray {
  /** `inline` (`providers: [...]`) or `variable` (`const providers = [...]` in the same file). */
  shape: "inline" | "variable";
  /** Where a new element goes: after the last element and its comma, or after `[` when empty. */
  insertAt: number;
  /** Whether the last element is followed by a comma. */
  trailingComma: boolean;
  /** End of the last element itself (where a missing comma goes). */
  lastEnd: number;
  /**
   * End of the last element's line when only a comment follows it there (`GitHub, // main`):
   * the new element goes after the comment, which stays with its element.
   */
  commentLineEnd: number | undefined;
  empty: boolean;
  /** The elements' source text, so an element already there is not added twice. */
  elements: string[];
  /** Indentation of the elements when each sits on its own line; undefined for one-line arrays. */
  indent: string | undefined;
  /** Indentation of the line the array starts on. */
  lineIndent: string;
}

export interface AuthConfigInfo {
  /** Project-relative path of the file holding the configuration. */
  file: string;
  /** The variable it is assigned to (`authConfig`), unless it is written inline in a call. */
  variable: string | undefined;
  line: number;
  providers: ConfiguredProvider[];
  /** Undefined when the providers are built in a way we do not follow (a function call, …). */
  providersArray: ProvidersArray | undefined;
  providersLine: number | undefined;
  /**
   * The adapter expression as written (`postgresAdapter(embeddedDatabase())`), and `resolved`:
   * that text followed by `name = value` for each same-file constant it names, a few levels deep
   * (`postgresAdapter(pool)` → `pool = new pg.Pool(…)`).
   */
  adapter: { line: number; text: string; resolved: string } | undefined;
  strategy: Written<string> | undefined;
  /** `session.maxAge` in seconds. */
  maxAge: Written<number> | undefined;
  basePath: Written<string> | undefined;
  prefix: Written<string> | undefined;
  debug: Written<boolean> | undefined;
  secret: { line: number } | undefined;
  trustHost: Written<boolean> | undefined;
}

export interface ExpressMount {
  file: string;
  line: number;
  /** `use`, `all`, `get`, … */
  method: string;
  /** The path argument, or undefined for `app.use(ExpressAuth(…))` (the root). */
  path: string | undefined;
  /** The line the path argument is written on (a call may span lines). */
  pathLine: number | undefined;
  /** The variable the app is held in. */
  app: string;
}

export interface SolidRoute {
  file: string;
  /** The URL path the route folder serves (`/api/auth`). */
  path: string;
}

export interface AuthSetup {
  config: AuthConfigInfo;
  mounts: ExpressMount[];
  solidRoutes: SolidRoute[];
  /** `app.set("trust proxy", …)` / `app.enable("trust proxy")` anywhere in the sources. */
  trustProxy: { file: string; line: number; value: boolean | "dynamic" } | undefined;
  /** Every source file that mentions an auth module or an `authConfig`. */
  files: string[];
}

const unwrap = (node: Node | undefined): Node | undefined => {
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
};

/** The initializer of a top-level `const name = …` in the file. */
function variableValue(file: SourceFile, name: string): Node | undefined {
  const declaration = file.getVariableDeclaration(name);
  return unwrap(declaration?.getInitializer());
}

/**
 * The expression's text, then `name = value` for each top-level constant of the same file it
 * names, following those values three levels deep.
 */
function withConstants(node: Node): string {
  const source = node.getSourceFile();
  const seen = new Set<string>();
  const lines = [node.getText()];
  let pending = [node];
  for (let depth = 0; depth < 3 && pending.length > 0; depth++) {
    const next: Node[] = [];
    for (const current of pending) {
      const names = Node.isIdentifier(current)
        ? [current]
        : current.getDescendantsOfKind(SyntaxKind.Identifier);
      for (const name of names) {
        const text = name.getText();
        if (seen.has(text)) continue;
        seen.add(text);
        const value = variableValue(source, text);
        if (!value) continue;
        lines.push(`${text} = ${value.getText()}`);
        next.push(value);
      }
    }
    pending = next;
  }
  return lines.join("\n");
}

/** A property's value: `name: value`, or `name` shorthand resolved in the same file. */
export function propertyValue(object: ObjectLiteralExpression, name: string): Node | undefined {
  const property = object.getProperty(name);
  if (Node.isPropertyAssignment(property)) return unwrap(property.getInitializer());
  if (Node.isShorthandPropertyAssignment(property))
    return variableValue(object.getSourceFile(), name) ?? property.getNameNode();
  return undefined;
}

function written<T extends string | boolean | number>(
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

/** Local name → module it is imported or required from. */
function importedModules(file: SourceFile): Map<string, string> {
  const modules = new Map<string, string>();
  for (const declaration of file.getImportDeclarations()) {
    const from = declaration.getModuleSpecifierValue();
    const local = declaration.getDefaultImport() ?? declaration.getNamespaceImport();
    if (local) modules.set(local.getText(), from);
    for (const named of declaration.getNamedImports())
      modules.set(named.getAliasNode()?.getText() ?? named.getName(), from);
  }
  for (const declaration of file.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
    const init = declaration.getInitializer()?.getText() ?? "";
    const match = /^require\(\s*["']([^"']+)["']\s*\)(?:\.default)?$/.exec(init);
    if (!match) continue;
    const name = declaration.getNameNode();
    if (Node.isIdentifier(name)) modules.set(name.getText(), match[1]!);
    else if (Node.isObjectBindingPattern(name))
      for (const element of name.getElements()) modules.set(element.getName(), match[1]!);
  }
  return modules;
}

function providerOf(element: Node, modules: Map<string, string>): ConfiguredProvider {
  const line = element.getStartLineNumber();
  const options = { clientId: false, clientSecret: false, issuer: false, server: false };
  let callee: string | undefined;
  let id: string | undefined;
  let argument: Node | undefined;
  if (Node.isIdentifier(element)) callee = element.getText();
  else if (Node.isCallExpression(element)) {
    callee = element.getExpression().getText();
    argument = unwrap(element.getArguments()[0]);
  } else if (Node.isObjectLiteralExpression(element)) argument = element;
  if (Node.isObjectLiteralExpression(argument)) {
    const idValue = written<string>(propertyValue(argument, "id"), "string");
    if (idValue && idValue.value !== "dynamic") id = idValue.value;
    for (const key of Object.keys(options) as (keyof typeof options)[])
      options[key] = argument.getProperty(key) !== undefined;
  }
  const module = callee ? modules.get(callee) : undefined;
  const preset = module ? PROVIDER_MODULE.exec(module)?.[1] : undefined;
  return { id: id ?? preset, preset, module, line, options };
}

function arrayInfo(array: ArrayLiteralExpression, shape: ProvidersArray["shape"]): ProvidersArray {
  const text = array.getSourceFile().getFullText();
  const elements = array.getElements();
  const last = elements.at(-1);
  const first = elements[0];
  const comma = last ? /^\s*,/.exec(text.slice(last.getEnd(), array.getEnd() - 1)) : null;
  const indentOf = (position: number) =>
    /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", position - 1) + 1))![0];
  const ownLine =
    first !== undefined &&
    /^[ \t]*$/.test(text.slice(text.lastIndexOf("\n", first.getStart() - 1) + 1, first.getStart()));
  const afterComma = last ? last.getEnd() + (comma ? comma[0].length : 0) : array.getStart() + 1;
  const lineEnd = text.indexOf("\n", afterComma);
  const rest = text.slice(afterComma, lineEnd === -1 ? undefined : lineEnd).replace(/\r$/, "");
  const commented =
    last !== undefined && lineEnd !== -1 && /^\s*(\/\/.*|\/\*.*\*\/\s*)$/.test(rest);
  return {
    shape,
    insertAt: afterComma,
    trailingComma: comma !== null,
    lastEnd: last ? last.getEnd() : afterComma,
    commentLineEnd: commented ? afterComma + rest.length : undefined,
    empty: elements.length === 0,
    elements: elements.map((element) => element.getText()),
    indent: ownLine ? indentOf(first.getStart()) : undefined,
    lineIndent: indentOf(array.getStart()),
  };
}

/** Everything the configuration object says, read from its syntax. */
export function readConfigObject(
  object: ObjectLiteralExpression,
  file: string,
  variable: string | undefined,
): AuthConfigInfo {
  const source = object.getSourceFile();
  const modules = importedModules(source);
  let providersNode = propertyValue(object, "providers");
  let shape: ProvidersArray["shape"] = "inline";
  if (Node.isIdentifier(providersNode)) {
    const resolved = variableValue(source, providersNode.getText());
    if (resolved) {
      providersNode = resolved;
      shape = "variable";
    }
  }
  const providers: ConfiguredProvider[] = [];
  let providersArray: ProvidersArray | undefined;
  if (Node.isArrayLiteralExpression(providersNode)) {
    providersArray = arrayInfo(providersNode, shape);
    for (const element of providersNode.getElements()) {
      const value = unwrap(element);
      if (!value) continue;
      if (Node.isSpreadElement(value)) {
        const spread = unwrap(value.getExpression());
        const base = Node.isIdentifier(spread) ? variableValue(source, spread.getText()) : spread;
        if (Node.isArrayLiteralExpression(base))
          for (const inner of base.getElements())
            providers.push(providerOf(unwrap(inner) ?? inner, modules));
        continue;
      }
      providers.push(providerOf(value, modules));
    }
  }
  const session = propertyValue(object, "session");
  const strategy = Node.isObjectLiteralExpression(session)
    ? written<string>(propertyValue(session, "strategy"), "string")
    : undefined;
  const maxAge = Node.isObjectLiteralExpression(session)
    ? written<number>(propertyValue(session, "maxAge"), "number")
    : undefined;
  const adapter = propertyValue(object, "adapter");
  const secret = propertyValue(object, "secret");
  return {
    file,
    variable,
    line: object.getStartLineNumber(),
    providers,
    providersArray,
    providersLine: providersNode?.getStartLineNumber(),
    adapter: adapter
      ? {
          line: adapter.getStartLineNumber(),
          text: adapter.getText(),
          resolved: withConstants(adapter),
        }
      : undefined,
    strategy,
    maxAge,
    basePath: written<string>(propertyValue(object, "basePath"), "string"),
    prefix: written<string>(propertyValue(object, "prefix"), "string"),
    debug: written<boolean>(propertyValue(object, "debug"), "boolean"),
    secret: secret ? { line: secret.getStartLineNumber() } : undefined,
    trustHost: written<boolean>(propertyValue(object, "trustHost"), "boolean"),
  };
}

/** Configuration objects in a file: `const x = { providers … }` or `ExpressAuth({ providers … })`. */
export function configObjects(
  source: SourceFile,
): { object: ObjectLiteralExpression; variable: string | undefined }[] {
  const found: { object: ObjectLiteralExpression; variable: string | undefined }[] = [];
  const isConfig = (node: Node | undefined): node is ObjectLiteralExpression =>
    Node.isObjectLiteralExpression(node) && node.getProperty("providers") !== undefined;
  for (const declaration of source.getVariableDeclarations()) {
    const value = unwrap(declaration.getInitializer());
    if (isConfig(value)) found.push({ object: value, variable: declaration.getName() });
  }
  // CommonJS: `module.exports = { … }`, `exports.authConfig = { … }`, `module.exports.x = { … }`.
  for (const statement of source.getStatements()) {
    if (!Node.isExpressionStatement(statement)) continue;
    const expression = statement.getExpression();
    if (!Node.isBinaryExpression(expression) || expression.getOperatorToken().getText() !== "=")
      continue;
    const target = /^(?:module\.exports|exports)(?:\.(\w+))?$/.exec(expression.getLeft().getText());
    const value = unwrap(expression.getRight());
    if (target && isConfig(value)) found.push({ object: value, variable: target[1] });
  }
  for (const assignment of source.getExportAssignments()) {
    const value = unwrap(assignment.getExpression());
    if (isConfig(value)) found.push({ object: value, variable: undefined });
  }
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (!/^(ExpressAuth|SolidAuth|Auth)$/.test(call.getExpression().getText())) continue;
    const value = unwrap(call.getArguments()[0]);
    if (isConfig(value)) found.push({ object: value, variable: undefined });
  }
  return found;
}

/**
 * Whether a call argument is the auth handler: `ExpressAuth(…)` written in place, or a variable
 * of the same file that holds it (`const auth = ExpressAuth(authConfig)`).
 */
export function isExpressAuthHandler(argument: Node): boolean {
  if (/\bExpressAuth\s*\(/.test(argument.getText())) return true;
  if (!Node.isIdentifier(argument)) return false;
  const value = variableValue(argument.getSourceFile(), argument.getText());
  return value !== undefined && /^ExpressAuth\s*\(/.test(value.getText());
}

/** Express mounts of `ExpressAuth(…)` in a file. */
function expressMounts(source: SourceFile, file: string): ExpressMount[] {
  const mounts: ExpressMount[] = [];
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const method = callee.getName();
    if (!/^(use|all|get|post)$/.test(method)) continue;
    const args = call.getArguments();
    if (!args.some(isExpressAuthHandler)) continue;
    const first = unwrap(args[0]);
    const path =
      Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first)
        ? first.getLiteralValue()
        : undefined;
    mounts.push({
      file,
      line: call.getStartLineNumber(),
      method,
      path,
      pathLine: path === undefined ? undefined : first!.getStartLineNumber(),
      app: callee.getExpression().getText(),
    });
  }
  return mounts;
}

function trustProxySetting(source: SourceFile, file: string): AuthSetup["trustProxy"] {
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const [name, value] = call.getArguments().map((arg) => unwrap(arg));
    if (!Node.isStringLiteral(name) || name.getLiteralValue() !== "trust proxy") continue;
    const line = call.getStartLineNumber();
    if (callee.getName() === "enable") return { file, line, value: true };
    if (callee.getName() === "disable") return { file, line, value: false };
    if (callee.getName() !== "set") continue;
    if (Node.isFalseLiteral(value)) return { file, line, value: false };
    if (Node.isTrueLiteral(value) || Node.isNumericLiteral(value) || Node.isStringLiteral(value))
      return {
        file,
        line,
        value: !(Node.isNumericLiteral(value) && value.getLiteralValue() === 0),
      };
    return { file, line, value: "dynamic" };
  }
  return undefined;
}

/** `src/routes/api/(group)/auth/[...auth].ts` → `/api/auth`. */
export function routePath(file: string, routesDir = "src/routes"): string {
  const folder = posix.dirname(posix.relative(routesDir, file));
  const segments = folder.split("/").filter((s) => s && s !== "." && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

/**
 * Finds and reads the auth set-up of the project at `root`. `configFile` (from `--config`)
 * narrows the search to one file. Fails with `no_auth_config` or `ambiguous_config`.
 */
export function readAuthSetup(root: string, options: { configFile?: string } = {}): AuthSetup {
  const wanted = options.configFile?.split(sep).join("/").replace(/^\.\//, "");
  if (wanted && !existsSync(join(root, wanted)))
    throw new CliError("invalid_flag", `--config ${options.configFile}: no such file in ${root}.`);
  const all = sourceFiles(root);
  if (wanted && !all.includes(wanted)) all.push(wanted);
  const texts = new Map(all.map((file) => [file, readFileSync(join(root, file), "utf8")]));
  // Files that use the runtime, plus any that name an `authConfig` (a hand-written config need
  // not import anything from the runtime).
  const files = all.filter(
    (file) =>
      AUTH_MODULE.test(texts.get(file)!) ||
      /\bauthConfig\b/.test(texts.get(file)!) ||
      file === wanted,
  );
  const candidates: AuthConfigInfo[] = [];
  const mounts: ExpressMount[] = [];
  const solidRoutes: SolidRoute[] = [];
  for (const file of files) {
    const source = parse(texts.get(file)!, file);
    if (!wanted || wanted === file)
      for (const { object, variable } of configObjects(source))
        candidates.push(readConfigObject(object, file, variable));
    mounts.push(...expressMounts(source, file));
    if (/\bSolidAuth\s*\(/.test(texts.get(file)!) && file.startsWith("src/routes/"))
      solidRoutes.push({ file, path: routePath(file) });
  }
  // `trust proxy` lives in the app file, which need not import the runtime.
  let trustProxy: AuthSetup["trustProxy"];
  for (const [file, text] of texts) {
    if (trustProxy || !text.includes("trust proxy")) continue;
    trustProxy = trustProxySetting(parse(text, file), file);
  }
  if (candidates.length === 0) {
    throw new CliError(
      "no_auth_config",
      wanted
        ? `No auth configuration (an object with \`providers\`) in ${wanted}.`
        : "No auth configuration found: looked for an object with `providers` in the files that import @create-auth/runtime. Run `create-auth init` first, or pass --config <file>.",
    );
  }
  const named = candidates.filter((c) => c.variable === "authConfig");
  const chosen = candidates.length === 1 ? candidates : named.length === 1 ? named : candidates;
  if (chosen.length > 1) {
    throw new CliError(
      "ambiguous_config",
      `Several auth configurations: ${chosen.map((c) => `${c.file}:${c.line}`).join(", ")}. Pass --config <file>.`,
      1,
      { candidates: chosen.map((c) => ({ file: c.file, line: c.line })) },
    );
  }
  return { config: chosen[0]!, mounts, solidRoutes, trustProxy, files };
}
