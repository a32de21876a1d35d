import { Node, type Statement } from "ts-morph";
import { findAppDeclaration } from "../project/express-app.js";
import { quoted, type SourceStyle, statement } from "../project/source-style.js";
import { eolOf, insertAt, parse } from "./syntax.js";

/** Global middleware that belongs before auth: body parsers, security headers, logging, settings. */
const earlyMiddleware =
  /^(express\.(json|urlencoded|text|raw)|bodyParser\.\w+|cors|helmet|cookieParser|morgan|compression|pinoHttp|session|responseTime)$/;

function isEarlySetup(node: Statement, app: string): boolean {
  if (!Node.isExpressionStatement(node)) return false;
  const call = node.getExpression();
  if (!Node.isCallExpression(call)) return false;
  const callee = call.getExpression().getText();
  if ([`${app}.set`, `${app}.enable`, `${app}.disable`, `${app}.engine`].includes(callee))
    return true;
  if (callee !== `${app}.use`) return false;
  const args = call.getArguments();
  return (
    args.length === 1 &&
    Node.isCallExpression(args[0]) &&
    earlyMiddleware.test(args[0].getExpression().getText())
  );
}

export interface MountOptions {
  mount: string;
  /** e.g. `ExpressAuth(authConfig)`. */
  handler: string;
  trustProxy: boolean;
  style: SourceStyle;
}

export interface MountResult {
  text: string;
  /** Set when the file's shape was not recognised: the snippet to add by hand. */
  manual?: string;
}

/**
 * Ensures `app.use(<mount>, ExpressAuth(authConfig))` right after the `express()` call and the
 * global middleware that follows it (body parsers, cors, helmet, settings), so it runs before
 * routers, the 404 handler and error handlers. Adds `app.set("trust proxy", true)` when asked.
 * Idempotent: an existing mount of ExpressAuth leaves the file untouched.
 */
export function ensureExpressMount(
  text: string,
  fileName: string,
  options: MountOptions,
): MountResult {
  const file = parse(text, fileName);
  const app = findAppDeclaration(file);
  const snippet = `app.use(${quoted(options.mount, options.style)}, ${options.handler})`;
  if (!app)
    return {
      text,
      manual: `In ${fileName}, after the express() call:\n  ${statement(snippet, options.style)}`,
    };

  const name = app.variable;
  const calls = file.getDescendants().filter((node) => Node.isCallExpression(node));
  const mounted = calls.some(
    (call) =>
      Node.isCallExpression(call) &&
      call.getExpression().getText() === `${name}.use` &&
      /\bExpressAuth\s*\(/.test(call.getText()),
  );
  const trusted = calls.some(
    (call) =>
      Node.isCallExpression(call) &&
      call.getExpression().getText() === `${name}.set` &&
      /["']trust proxy["']/.test(call.getArguments()[0]?.getText() ?? ""),
  );
  const eol = eolOf(text);
  const indent =
    /[ \t]*$/.exec(text.slice(0, app.statement.getStart()).split(/\r?\n/).at(-1) ?? "")?.[0] ?? "";
  const lines: string[] = [];
  if (options.trustProxy && !trusted)
    lines.push(
      statement(`${name}.set(${quoted("trust proxy", options.style)}, true)`, options.style),
    );

  let anchor: Statement = app.statement;
  if (!mounted) {
    const siblings = app.statement.getParentOrThrow().getChildSyntaxList()?.getChildren() ?? [];
    const start = siblings.indexOf(app.statement);
    for (const node of siblings.slice(start + 1)) {
      if (!isEarlySetup(node as Statement, name)) break;
      anchor = node as Statement;
    }
  }
  let result = text;
  if (!mounted) {
    const mountLine = statement(
      `${name}.use(${quoted(options.mount, options.style)}, ${options.handler})`,
      options.style,
    );
    result = insertAt(result, anchor.getEnd(), `${eol}${indent}${mountLine}`);
  }
  if (lines.length)
    result = insertAt(
      result,
      app.statement.getEnd(),
      lines.map((line) => `${eol}${indent}${line}`).join(""),
    );
  return { text: result };
}
