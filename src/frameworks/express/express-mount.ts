import type { CallExpression } from "ts-morph";
import { importedModules } from "../../syntax/imported-modules.js";
import { parse } from "../../syntax/parse.js";
import { quoted, type SourceStyle, statement } from "../../syntax/source-style.js";
import { eolOf, insertAt } from "../../syntax/text-edit.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { findAppDeclaration } from "./express-app.js";
import { isExpressAuthHandler } from "./express-mounts.js";
import { mountAnchor } from "./express-placement.js";

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
 * Ensures `app.use(<mount>, ExpressAuth(authConfig))` after the app's global middleware
 * (security headers, logging, rate limits, body parsers, its own middleware modules) and before
 * its routers, routes, 404 and error handlers, whatever other statements sit between them
 * (see `mountAnchor`). Adds `app.set("trust proxy", true)` when
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
    const anchor = mountAnchor(app.statement, siblings, name, importedModules(file));
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
