import type { Statement } from "ts-morph";
import { type ImportedBinding, importedModules } from "../../syntax/imported-modules.js";
import { parse } from "../../syntax/parse.js";
import { quoted, type SourceStyle, statement } from "../../syntax/source-style.js";
import { eolOf, insertAt } from "../../syntax/text-edit.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { declarationPlacement, lastEarly, type Placement } from "../mount-placement.js";
import { honoDeclarations } from "./hono-app.js";
import { readHonoMounts } from "./hono-mounts.js";
import { literalString } from "./hono-syntax.js";

/**
 * Hono's own middleware that belongs before the auth route: a route that answers ends the chain,
 * so middleware registered after it never sees the auth requests (no log line, no CORS or
 * security headers). Recognised by the module a name is imported from.
 */
const EARLY_MODULES = new Set([
  "hono/body-limit",
  "hono/bun",
  "hono/compress",
  "hono/context-storage",
  "hono/cors",
  "hono/deno",
  "hono/etag",
  "hono/logger",
  "hono/powered-by",
  "hono/pretty-json",
  "hono/request-id",
  "hono/secure-headers",
  "hono/timeout",
  "hono/timing",
  "hono/trailing-slash",
  "@hono/node-server/serve-static",
]);
/** The same by name, for middleware whose import we cannot see. */
const EARLY_NAMES =
  /^(logger|cors|secureHeaders|compress|etag|requestId|timing|prettyJSON|poweredBy|trimTrailingSlash|appendTrailingSlash|contextStorage|timeout|bodyLimit|serveStatic)$/;

function isEarlyMiddleware(node: Node, modules: Map<string, ImportedBinding>): boolean {
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression().getText();
  const module = modules.get(callee.split(".")[0]!)?.module;
  if (module !== undefined && EARLY_MODULES.has(module)) return true;
  return EARLY_NAMES.test(callee);
}

/** `app.use(logger())`, `app.use("*", cors(), secureHeaders())`: global middleware of Hono's. */
function isEarlySetup(node: Statement, app: string, modules: Map<string, ImportedBinding>) {
  if (!Node.isExpressionStatement(node)) return false;
  const call = node.getExpression();
  if (!Node.isCallExpression(call) || call.getExpression().getText() !== `${app}.use`) return false;
  const args = call.getArguments();
  const handlers = literalString(args[0]) === undefined ? args : args.slice(1);
  return handlers.length > 0 && handlers.every((handler) => isEarlyMiddleware(handler, modules));
}

/**
 * How a statement after `new Hono()` places the mount: global middleware of Hono's is `early`
 * (the mount follows it), any other use of the app `late` (the mount precedes it), and a
 * statement that does not touch the app (a `const`, a database connection) `neutral`, so it
 * does not end the search. A block (`if (dev) { app.use(logger()) }`) counts by what it holds.
 */
function placementOf(
  node: Statement,
  app: string,
  modules: Map<string, ImportedBinding>,
): Placement {
  if (isEarlySetup(node, app, modules)) return "early";
  const declared = declarationPlacement(node);
  if (declared) return declared;
  const onApp = node
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((call) => call.getExpression().getText().startsWith(`${app}.`));
  if (onApp.length === 0) return "neutral";
  const statements = onApp.map((call) => call.getParentIfKind(SyntaxKind.ExpressionStatement));
  const early = statements.every(
    (statement) => statement !== undefined && isEarlySetup(statement, app, modules),
  );
  return early && !Node.isExpressionStatement(node) ? "early" : "late";
}

/** What to mount and in which style. */
export interface HonoMountOptions {
  /** The variable of the root app (detection's), undefined when it has none. */
  variable: string | undefined;
  /** The path given to `app.route`, below the app's `.basePath()`. */
  route: string;
  /** e.g. `HonoAuth(authConfig)`. */
  handler: string;
  style: SourceStyle;
}

/** The edited text, or the unchanged text and the snippet to add by hand. */
export interface HonoMountResult {
  text: string;
  manual?: string;
}

/**
 * Ensures `app.route("/auth", HonoAuth(authConfig))` on the root app, right after `new Hono()`
 * and Hono's global middleware that follows it (logger, cors, secure headers, …), so it comes
 * before every other route, a catch-all, `notFound` and `onError`. Idempotent: a file that
 * already mounts the handler is left alone.
 */
export function ensureHonoMount(
  text: string,
  fileName: string,
  options: HonoMountOptions,
): HonoMountResult {
  const file = parse(text, fileName);
  const snippet = (name: string) =>
    statement(
      `${name}.route(${quoted(options.route, options.style)}, ${options.handler})`,
      options.style,
    );
  if (readHonoMounts(file, fileName).length > 0) return { text };
  const declarations = honoDeclarations(file);
  const app = options.variable
    ? declarations.find((candidate) => candidate.variable === options.variable)
    : declarations.find((candidate) => !candidate.variable);
  if (!app) return { text, manual: `In ${fileName}, after new Hono():\n  ${snippet("app")}` };
  if (!app.variable)
    return {
      text,
      manual: `In ${fileName}, the app is created without a name (${app.statement.getText().split("\n")[0]}). Name it, mount the endpoints, then export it:\n  const app = new Hono()\n  ${snippet("app")}\n  export default app`,
    };
  const name = app.variable;
  // Statements only: comments between them are not statements and must not end the scan.
  const parent = app.statement.getParentOrThrow();
  const siblings = Node.isStatemented(parent) ? parent.getStatements() : [app.statement];
  const modules = importedModules(file);
  const anchor = lastEarly(
    app.statement,
    siblings.slice(siblings.indexOf(app.statement) + 1),
    (node) => placementOf(node, name, modules),
  );
  const indent =
    /[ \t]*$/.exec(text.slice(0, app.statement.getStart()).split(/\r?\n/).at(-1) ?? "")?.[0] ?? "";
  return { text: insertAt(text, anchor.getEnd(), `${eolOf(text)}${indent}${snippet(name)}`) };
}
