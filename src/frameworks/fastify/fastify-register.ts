import type { CallExpression, Statement } from "ts-morph";
import { insertPropertyAfter } from "../../edit/object-property.js";
import { type ImportedBinding, importedModules } from "../../syntax/imported-modules.js";
import { parse } from "../../syntax/parse.js";
import { quoted, type SourceStyle, statement } from "../../syntax/source-style.js";
import { eolOf, insertAt } from "../../syntax/text-edit.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { unwrap } from "../../syntax/values.js";
import { declarationPlacement, lastEarly, type Placement } from "../mount-placement.js";
import { type FastifyDeclaration, findFastifyDeclaration } from "./fastify-app.js";
import { fastifyAuthRegistrations } from "./fastify-mounts.js";
import { callsOn } from "./registration-order.js";

/**
 * Plugins that set the app up for every route (headers, cookies, bodies, sessions, limits,
 * shared services): the auth endpoints are registered after them, so they inherit what those
 * plugins set on the instance (an error handler, a form parser), before any route.
 */
const SETUP_PLUGINS = new Set([
  "@fastify/accepts",
  "@fastify/auth",
  "@fastify/caching",
  "@fastify/circuit-breaker",
  "@fastify/compress",
  "@fastify/cookie",
  "@fastify/cors",
  "@fastify/csrf-protection",
  "@fastify/env",
  "@fastify/etag",
  "@fastify/formbody",
  "@fastify/helmet",
  "@fastify/jwt",
  "@fastify/mongodb",
  "@fastify/multipart",
  "@fastify/postgres",
  "@fastify/rate-limit",
  "@fastify/redis",
  "@fastify/request-context",
  "@fastify/secure-session",
  "@fastify/sensible",
  "@fastify/session",
  "@fastify/under-pressure",
]);

/** Instance methods that configure the app rather than add routes. */
const SETUP_METHODS = new Set([
  "addContentTypeParser",
  "addHook",
  "addSchema",
  "decorate",
  "decorateReply",
  "decorateRequest",
  "setErrorHandler",
  "setGenReqId",
  "setReplySerializer",
  "setSchemaErrorFormatter",
  "setSerializerCompiler",
  "setValidatorCompiler",
]);

/** The call a statement makes, through `await` and `void`. */
function statementCall(node: Statement): CallExpression | undefined {
  if (!Node.isExpressionStatement(node)) return undefined;
  let expression: Node | undefined = node.getExpression();
  if (Node.isAwaitExpression(expression) || Node.isVoidExpression(expression))
    expression = expression.getExpression();
  return Node.isCallExpression(expression) ? expression : undefined;
}

/** The module a registered plugin comes from: an imported name, `require("x")`, `import("x")`. */
function pluginModule(argument: Node | undefined, modules: Map<string, ImportedBinding>) {
  const plugin = unwrap(argument);
  if (Node.isIdentifier(plugin)) return modules.get(plugin.getText())?.module;
  if (Node.isCallExpression(plugin)) {
    const [specifier] = plugin.getArguments();
    if (/^(require|import)$/.test(plugin.getExpression().getText()))
      return Node.isStringLiteral(specifier) ? specifier.getLiteralValue() : undefined;
  }
  return undefined;
}

/** Imports (`const x = require("x")` among the statements), and the app's set-up on `name`. */
function isSetup(node: Statement, name: string, modules: Map<string, ImportedBinding>): boolean {
  if (Node.isImportDeclaration(node)) return true;
  if (Node.isVariableStatement(node))
    return node
      .getDeclarations()
      .every((d) => /^require\(/.test(unwrap(d.getInitializer())?.getText() ?? ""));
  const call = statementCall(node);
  const callee = call?.getExpression();
  if (
    !call ||
    !Node.isPropertyAccessExpression(callee) ||
    callee.getExpression().getText() !== name
  )
    return false;
  if (SETUP_METHODS.has(callee.getName())) return true;
  if (callee.getName() !== "register") return false;
  const [plugin, options] = call.getArguments();
  const module = pluginModule(plugin, modules);
  if (module === "@fastify/autoload") return /plugins/.test(options?.getText() ?? "");
  return module !== undefined && SETUP_PLUGINS.has(module);
}

/**
 * A setup plugin places the registration after it; any other statement that uses the instance
 * (or returns, or exports) before it; one that does not touch the instance (a `const`, a
 * database connection) neither moves it nor ends the search for setup plugins after it.
 */
function placementOf(
  node: Statement,
  name: string,
  modules: Map<string, ImportedBinding>,
): Placement {
  if (isSetup(node, name, modules)) return "early";
  const declared = declarationPlacement(node);
  if (declared) return declared;
  return node
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some((identifier) => identifier.getText() === name)
    ? "late"
    : "neutral";
}

/** How the file calls `register` on its instance: awaited, `void`ed, or plain. */
function registerHabit(siblings: Statement[], name: string): "await " | "void " | "" {
  for (const node of siblings) {
    if (!Node.isExpressionStatement(node)) continue;
    const expression = node.getExpression();
    const call = statementCall(node);
    if (call?.getExpression().getText() !== `${name}.register`) continue;
    if (Node.isAwaitExpression(expression)) return "await ";
    if (Node.isVoidExpression(expression)) return "void ";
    return "";
  }
  return "";
}

/** What to register, and how. */
export interface RegisterOptions {
  /** The prefix the endpoints are served under: `/auth`. */
  mount: string;
  /** `FastifyAuth(authConfig)`. */
  plugin: string;
  /** The kind of app detection found (the file is searched for that kind again). */
  kind: FastifyDeclaration["kind"];
  trustProxy: boolean;
  style: SourceStyle;
}

/** The edited text, and what is left to do by hand. */
export interface RegisterResult {
  text: string;
  manual: string[];
  /** Set when the file's shape was not recognised (nothing was edited): where to register, and why. */
  unrecognised?: string;
}

/** The registration statement, in the file's style. */
export function registration(name: string, options: RegisterOptions, habit = ""): string {
  const { mount, plugin, style } = options;
  return statement(
    `${habit}${name}.register(${plugin}, { prefix: ${quoted(mount, style)} })`,
    style,
  );
}

const indentOf = (text: string, position: number) =>
  /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", position - 1) + 1))![0];

/** Ensures `trustProxy` in the options of the `Fastify()` call (added only when missing). */
function ensureTrustProxy(text: string, call: CallExpression, fileName: string) {
  const [options] = call.getArguments();
  const value = unwrap(options);
  if (options === undefined) {
    const open = call.getEnd() - 1;
    return { text: insertAt(text, open, "{ trustProxy: true }") };
  }
  if (!Node.isObjectLiteralExpression(value))
    return {
      text,
      manual: `In ${fileName}:${call.getStartLineNumber()}, add \`trustProxy: true\` to the options passed to Fastify() (the app runs behind a proxy).`,
    };
  if (value.getProperty("trustProxy")) return { text };
  const last = value.getProperties().at(-1);
  if (!last) return { text: insertAt(text, value.getStart() + 1, " trustProxy: true ") };
  return { text: insertPropertyAfter(text, last, "trustProxy: true") };
}

/**
 * Ensures `<app>.register(FastifyAuth(authConfig), { prefix: "/auth" })` where the app is set up:
 * after `Fastify()` (or at the top of the exported app plugin) and the app-wide set-up that
 * follows it — imports, setup plugins (`@fastify/cors`, `helmet`, `cookie`, `formbody`, … and
 * `@fastify/autoload` of `plugins/`), hooks, decorators, `setErrorHandler` — before the first
 * route, routes plugin, `setNotFoundHandler`, `listen` or `ready`. The registration is awaited
 * or `void`ed when the file does so with its other registrations. Adds `trustProxy: true` to the
 * `Fastify()` options when asked. Idempotent: an existing registration leaves the file alone.
 */
export function ensureFastifyRegistration(
  text: string,
  fileName: string,
  options: RegisterOptions,
): RegisterResult {
  const file = parse(text, fileName);
  const app = findFastifyDeclaration(file, options.kind);
  const manual: string[] = [];
  if (!app || app.variable === undefined)
    return {
      text,
      manual,
      unrecognised:
        app?.kind === "instance"
          ? `In ${fileName}, the instance is created without a name (${app.statement.getText().split("\n")[0]}): name it (const app = Fastify(…)), register the endpoints on it, then use it as before:`
          : `In ${fileName}, where the Fastify instance is created, before the routes:`,
    };
  const name = app.variable;
  const eol = eolOf(text);
  let result = text;
  if (fastifyAuthRegistrations(file).length === 0) {
    const block = app.kind === "instance" ? app.statement.getParentOrThrow() : app.body;
    const siblings = Node.isStatemented(block) ? block.getStatements() : [];
    const modules = importedModules(file);
    const created = app.kind === "instance" ? app.statement : undefined;
    let anchor = lastEarly(
      created,
      siblings.slice(created ? siblings.indexOf(created) + 1 : 0),
      (node) => placementOf(node, name, modules),
    );
    // A plugin keeps the error handler its parent had when it loaded: after a later
    // `setErrorHandler` (before the app starts), the auth endpoints answer errors like the app.
    const rest = anchor ? siblings.slice(siblings.indexOf(anchor) + 1) : siblings;
    for (const node of rest) {
      if (Node.isReturnStatement(node) || callsOn(node, name, ["listen", "ready"], false)) break;
      if (callsOn(node, name, ["setErrorHandler"], false)) anchor = node;
    }
    const line = registration(name, options, registerHabit(siblings, name));
    if (anchor) {
      const indent = indentOf(text, anchor.getStart());
      result = insertAt(result, anchor.getEnd(), `${eol}${indent}${line}`);
    } else if (app.kind === "plugin") {
      // At the top of the plugin's body, indented like its first statement.
      const first = siblings[0];
      const indent = first
        ? indentOf(text, first.getStart())
        : `${indentOf(text, app.body.getStart())}${options.style.indent}`;
      result = insertAt(result, app.body.getStart() + 1, `${eol}${indent}${line}`);
    }
  }
  if (options.trustProxy) {
    if (app.kind === "instance") {
      // Re-read: the registration may sit between the call and the end of the file.
      const again = findFastifyDeclaration(parse(result, fileName), "instance");
      if (again?.kind === "instance") {
        const trusted = ensureTrustProxy(result, again.call, fileName);
        result = trusted.text;
        if (trusted.manual) manual.push(trusted.manual);
      }
    } else {
      manual.push(
        `${fileName} receives its Fastify instance: to trust the proxy, pass \`trustProxy: true\` where the instance is created (with fastify-cli: start it with \`--trust-proxy-enabled\`, 7.2 and later, or export \`options = { trustProxy: true }\` from ${fileName} and start it with \`--options\`).`,
      );
    }
  }
  return { text: result, manual };
}
