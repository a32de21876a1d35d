import type { ObjectLiteralExpression, SourceFile } from "ts-morph";
import { type ArrayLayout, arrayLayout } from "../syntax/array-layout.js";
import { type ImportedBinding, importedModules } from "../syntax/imported-modules.js";
import { Node, SyntaxKind } from "../syntax/ts-morph.js";
import { propertyValue, unwrap, variableValue, type Written, written } from "../syntax/values.js";

/**
 * What marks code as auth set-up (the framework registry supplies it): the packages a
 * configuration and its providers come from, ours and Auth.js's, and the calls that take one.
 */
export interface AuthVocabulary {
  /** `@create-auth/runtime`, `@auth/core`, `@auth/express`, … */
  packages: readonly string[];
  /** `ExpressAuth`, `SolidAuth`, `Auth`. */
  handlers: readonly string[];
  /**
   * The id of the provider a preset module makes, when the provider catalogue knows the module
   * (`ory-hydra` → `hydra`). Passed in, so reading a project needs no catalogue of its own.
   */
  presetId(module: string): string | undefined;
}

/** `(?:a|b)`: any of the packages, for patterns over module specifiers. */
export function packagesPattern(vocabulary: AuthVocabulary): string {
  return `(?:${vocabulary.packages.map((name) => name.replace(/[/.]/g, "\\$&")).join("|")})`;
}

/** One element of `providers`, as far as it can be read without running it. */
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
  /** The `issuer` option as written, when it is a literal (`"dynamic"` otherwise). */
  issuer?: Written<string>;
  /** The `type` option written as a literal (`"oidc"`), for a provider written by hand. */
  type?: string;
}

/** The `providers` array as laid out in the file, and whether it is written inline or in a constant. */
export interface ProvidersArray extends ArrayLayout {
  /** `inline` (`providers: [...]`) or `variable` (`const providers = [...]` in the same file). */
  shape: "inline" | "variable";
}

/** Everything a configuration object says, read from its syntax, each value with its line. */
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
  /** `playground` (the local sign-in playground); `"dynamic"` when computed (a NODE_ENV guard). */
  playground: Written<boolean> | undefined;
  secret: { line: number } | undefined;
  trustHost: Written<boolean> | undefined;
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

/** A provider element: its preset from the module its callee is imported from, its id and options. */
function providerOf(
  element: Node,
  modules: Map<string, ImportedBinding>,
  presetModule: RegExp,
  vocabulary: AuthVocabulary,
): ConfiguredProvider {
  const line = element.getStartLineNumber();
  const options = { clientId: false, clientSecret: false, issuer: false, server: false };
  let callee: string | undefined;
  let id: string | undefined;
  let issuer: Written<string> | undefined;
  let type: string | undefined;
  let argument: Node | undefined;
  if (Node.isIdentifier(element)) callee = element.getText();
  else if (Node.isCallExpression(element)) {
    callee = element.getExpression().getText();
    argument = unwrap(element.getArguments()[0]);
  } else if (Node.isObjectLiteralExpression(element)) argument = element;
  if (Node.isObjectLiteralExpression(argument)) {
    const idValue = written<string>(propertyValue(argument, "id"), "string");
    if (idValue && idValue.value !== "dynamic") id = idValue.value;
    issuer = written<string>(propertyValue(argument, "issuer"), "string");
    const typeValue = written<string>(propertyValue(argument, "type"), "string");
    if (typeValue && typeValue.value !== "dynamic") type = typeValue.value;
    for (const key of Object.keys(options) as (keyof typeof options)[])
      options[key] = argument.getProperty(key) !== undefined;
  }
  const module = callee ? modules.get(callee)?.module : undefined;
  const preset = module ? presetModule.exec(module)?.[1] : undefined;
  // Without an explicit id, the preset's own: `…/providers/ory-hydra` is `hydra`.
  const presetId = preset ? (vocabulary.presetId(preset) ?? preset) : undefined;
  return { id: id ?? presetId, preset, module, line, options, issuer, type };
}

/**
 * The elements of `providers`, in order: written inline, in a same-file constant, or spread from
 * one (`...oauthProviders`). Empty when the list is built in a way that is not followed.
 */
export function providerElements(object: ObjectLiteralExpression): {
  node: Node | undefined;
  shape: ProvidersArray["shape"];
  elements: Node[];
} {
  const source = object.getSourceFile();
  let node = propertyValue(object, "providers");
  let shape: ProvidersArray["shape"] = "inline";
  if (Node.isIdentifier(node)) {
    const resolved = variableValue(source, node.getText());
    if (resolved) {
      node = resolved;
      shape = "variable";
    }
  }
  const elements: Node[] = [];
  if (!Node.isArrayLiteralExpression(node)) return { node, shape, elements };
  for (const element of node.getElements()) {
    const value = unwrap(element);
    if (!value) continue;
    if (Node.isSpreadElement(value)) {
      const spread = unwrap(value.getExpression());
      const base = Node.isIdentifier(spread) ? variableValue(source, spread.getText()) : spread;
      if (Node.isArrayLiteralExpression(base))
        for (const inner of base.getElements()) elements.push(unwrap(inner) ?? inner);
      continue;
    }
    elements.push(value);
  }
  return { node, shape, elements };
}

/** Everything the configuration object says, read from its syntax. */
export function readConfigObject(
  object: ObjectLiteralExpression,
  file: string,
  variable: string | undefined,
  vocabulary: AuthVocabulary,
): AuthConfigInfo {
  const source = object.getSourceFile();
  const modules = importedModules(source);
  // `…/providers/<id>` of our runtime or of Auth.js.
  const presetModule = new RegExp(`^${packagesPattern(vocabulary)}/providers/([a-z0-9-]+)$`);
  const { node: providersNode, shape, elements } = providerElements(object);
  const providersArray: ProvidersArray | undefined = Node.isArrayLiteralExpression(providersNode)
    ? { ...arrayLayout(providersNode), shape }
    : undefined;
  const providers = elements.map((element) =>
    providerOf(element, modules, presetModule, vocabulary),
  );
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
    playground: written<boolean>(propertyValue(object, "playground"), "boolean"),
    secret: secret ? { line: secret.getStartLineNumber() } : undefined,
    trustHost: written<boolean>(propertyValue(object, "trustHost"), "boolean"),
  };
}

/** Configuration objects in a file: `const x = { providers … }` or `ExpressAuth({ providers … })`. */
export function configObjects(
  source: SourceFile,
  vocabulary: AuthVocabulary,
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
    if (!vocabulary.handlers.includes(call.getExpression().getText())) continue;
    const value = unwrap(call.getArguments()[0]);
    if (isConfig(value)) found.push({ object: value, variable: undefined });
  }
  return found;
}

/**
 * The Auth.js adapter an adapter expression calls (`PrismaAdapter(prisma)`: the `@auth/*` adapters
 * are PascalCase, the runtime's own `postgresAdapter`/`memoryAdapter` are not). Auth.js adapters
 * have no password storage, which the password provider needs.
 */
export function authJsAdapterName(adapter: { resolved: string } | undefined): string | undefined {
  return adapter && /\b([A-Z]\w*Adapter)\s*\(/.exec(adapter.resolved)?.[1];
}
