import type { CallExpression, Statement } from "ts-morph";
import { type ImportedBinding, importedModules } from "../../syntax/imported-modules.js";
import { parse } from "../../syntax/parse.js";
import { quoted, type SourceStyle, statement } from "../../syntax/source-style.js";
import { eolOf, insertAt } from "../../syntax/text-edit.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { findAppDeclaration } from "./express-app.js";
import { isExpressAuthHandler } from "./express-mounts.js";

/**
 * Packages of global middleware that belong before auth: body parsers, security headers,
 * logging, compression, sessions, static files. Recognised by the module a name is imported from,
 * so `const logger = require("morgan")` counts as much as `morgan`.
 */
const EARLY_MODULES = new Set([
  "body-parser",
  "compression",
  "connect-timeout",
  "cookie-parser",
  "cookie-session",
  "cors",
  "express-session",
  "helmet",
  "method-override",
  "morgan",
  "pino-http",
  "response-time",
  "serve-favicon",
  "serve-static",
]);
/** The same by name, for middleware whose import we cannot see (a helper module, a global). */
const EARLY_NAMES =
  /^(express\.(json|urlencoded|text|raw|static)|bodyParser\.\w+|cors|helmet|cookieParser|morgan|logger|compression|pinoHttp|session|responseTime|favicon|methodOverride)$/;

/** `cors()`, `logger("dev")`, `express.json()`, `bodyParser.json()`: a global middleware call. */
function isEarlyMiddleware(node: Node, modules: Map<string, ImportedBinding>): boolean {
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression().getText();
  const head = callee.split(".")[0]!;
  const module = modules.get(head)?.module;
  if (module === "express") return /^\w+\.(json|urlencoded|text|raw|static)$/.test(callee);
  if (module !== undefined && EARLY_MODULES.has(module)) return true;
  return EARLY_NAMES.test(callee);
}

function isEarlySetup(
  node: Statement,
  app: string,
  modules: Map<string, ImportedBinding>,
): boolean {
  if (!Node.isExpressionStatement(node)) return false;
  const call = node.getExpression();
  if (!Node.isCallExpression(call)) return false;
  const callee = call.getExpression().getText();
  if ([`${app}.set`, `${app}.enable`, `${app}.disable`, `${app}.engine`].includes(callee))
    return true;
  if (callee !== `${app}.use`) return false;
  const args = call.getArguments();
  return args.length > 0 && args.every((argument) => isEarlyMiddleware(argument, modules));
}

/** What to mount, where, and in which style. */
export interface MountOptions {
  mount: string;
  /** e.g. `ExpressAuth(authConfig)`. */
  handler: string;
  trustProxy: boolean;
  style: SourceStyle;
}

/** The edited text, or the unchanged text and the snippet to add by hand. */
export interface MountResult {
  text: string;
  /** Set when the file's shape was not recognised: the snippet to add by hand. */
  manual?: string;
}

function alreadyCalls(calls: CallExpression[], callee: string, pattern: RegExp): boolean {
  return calls.some(
    (call) => call.getExpression().getText() === callee && pattern.test(call.getText()),
  );
}

/**
 * Ensures `app.use(<mount>, ExpressAuth(authConfig))` right after the `express()` call and the
 * global middleware that follows it (body parsers, cors, helmet, logging, settings), so it runs
 * before routers, the 404 handler and error handlers. Adds `app.set("trust proxy", true)` when
 * asked. Idempotent: an existing mount of ExpressAuth leaves the file untouched.
 */
export function ensureExpressMount(
  text: string,
  fileName: string,
  options: MountOptions,
): MountResult {
  const file = parse(text, fileName);
  const app = findAppDeclaration(file);
  const snippet = (name: string) =>
    statement(
      `${name}.use(${quoted(options.mount, options.style)}, ${options.handler})`,
      options.style,
    );
  if (!app)
    return { text, manual: `In ${fileName}, after the express() call:\n  ${snippet("app")}` };
  if (!app.variable)
    return {
      text,
      manual: `In ${fileName}, the app is created without a name (${app.statement.getText().split("\n")[0]}). Name it, mount the endpoints, then export it:\n  const app = express()\n  ${snippet("app")}`,
    };

  const name = app.variable;
  const calls = file.getDescendantsOfKind(SyntaxKind.CallExpression);
  const mounted = calls.some(
    (call) =>
      call.getExpression().getText() === `${name}.use` &&
      call.getArguments().some(isExpressAuthHandler),
  );
  const trusted = alreadyCalls(calls, `${name}.set`, /^[^,]*["']trust proxy["']/s);
  const eol = eolOf(text);
  const indent =
    /[ \t]*$/.exec(text.slice(0, app.statement.getStart()).split(/\r?\n/).at(-1) ?? "")?.[0] ?? "";

  let result = text;
  if (!mounted) {
    // Statements only: comments between them are not statements and must not end the scan.
    const parent = app.statement.getParentOrThrow();
    const siblings = Node.isStatemented(parent) ? parent.getStatements() : [app.statement];
    const modules = importedModules(file);
    let anchor: Statement = app.statement;
    for (const node of siblings.slice(siblings.indexOf(app.statement) + 1)) {
      if (!isEarlySetup(node, name, modules)) break;
      anchor = node;
    }
    result = insertAt(result, anchor.getEnd(), `${eol}${indent}${snippet(name)}`);
  }
  if (options.trustProxy && !trusted) {
    const line = statement(
      `${name}.set(${quoted("trust proxy", options.style)}, true)`,
      options.style,
    );
    result = insertAt(result, app.statement.getEnd(), `${eol}${indent}${line}`);
  }
  return { text: result };
}
