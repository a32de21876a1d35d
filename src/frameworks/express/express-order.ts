import type { CallExpression } from "ts-morph";
import type { CheckContext } from "../../check/types.js";
import { parse } from "../../syntax/parse.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { unwrap } from "../../syntax/values.js";
import { type ExpressMount, expressMounts } from "./express-mounts.js";

/** What a handler registered before the auth mount does to the requests meant for it. */
export type HandlerKind = "catch-all" | "not-found" | "error-handler";

/** A handler registered on the same app before the auth mount, and what it does. */
export interface EarlierHandler {
  kind: HandlerKind;
  line: number;
  /** `app.use((req, res) => …)`, shortened for a message. */
  text: string;
}

/** Paths that match every request: `*`, `/*`, `(.*)`, Express 5's `/{*splat}`, `/*splat`, `/.*`/. */
const EVERY_PATH = /^\/?(\*\w*|\(\.\*\)|\{\/?\*\w*\})$/;

/** A function written in place, or a function of the same file that a name refers to. */
function handlerFunction(node: Node) {
  const value = unwrap(node);
  if (Node.isArrowFunction(value) || Node.isFunctionExpression(value)) return value;
  if (Node.isIdentifier(value)) return value.getSourceFile().getFunction(value.getText());
  return undefined;
}

/** Whether a handler answers the request rather than passing it on (it never uses `next`). */
function answers(fn: NonNullable<ReturnType<typeof handlerFunction>>): boolean {
  const next = fn.getParameters()[2];
  if (!next) return true;
  const name = next.getName();
  return !fn
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some((identifier) => identifier.getText() === name && identifier !== next.getNameNode());
}

/** What `app.use(…)`/`app.all(…)`/`app.get(…)` does to requests on the auth paths, if anything. */
function classify(call: CallExpression, method: string): HandlerKind | undefined {
  const args = call.getArguments();
  const first = unwrap(args[0]);
  const path =
    Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first)
      ? first.getLiteralValue()
      : Node.isRegularExpressionLiteral(first)
        ? first.getLiteralValue().source
        : undefined;
  const pathless = path === undefined || (method === "use" && path === "/");
  const everyPath = path !== undefined && (EVERY_PATH.test(path) || path === ".*");
  if (method === "use" ? !pathless && !everyPath : !everyPath) return undefined;
  const handlers = args.slice(path === undefined ? 0 : 1).map(handlerFunction);
  for (const fn of handlers) {
    if (!fn) continue;
    if (method === "use" && fn.getParameters().length === 4) return "error-handler";
    if (answers(fn)) return method === "use" && pathless ? "not-found" : "catch-all";
  }
  return undefined;
}

/** The auth mount's call in its file, with the receiver it is made on (`app`, `router`). */
function mountCall(context: CheckContext, mount: ExpressMount) {
  const source = parse(context.text(mount.file), mount.file);
  const call = source
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .find((candidate) => candidate.getStartLineNumber() === mount.line);
  const callee = call?.getExpression();
  return call && Node.isPropertyAccessExpression(callee)
    ? { call, receiver: callee.getExpression().getText() }
    : undefined;
}

/**
 * Each Express auth mount with the handlers registered before it, in the same file, on the same
 * app or router, that catch every request, answer 404, or handle errors.
 */
export function handlersBeforeMounts(
  context: CheckContext,
): { mount: ExpressMount; earlier: EarlierHandler[] }[] {
  return expressMounts(context.setup).flatMap((mount) => {
    const found = mountCall(context, mount);
    if (!found) return [];
    const earlier: EarlierHandler[] = [];
    for (const call of found.call.getSourceFile().getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (call.getStart() >= found.call.getStart()) break;
      const callee = call.getExpression();
      if (!Node.isPropertyAccessExpression(callee)) continue;
      if (callee.getExpression().getText() !== found.receiver) continue;
      const method = callee.getName();
      if (!/^(use|all|get)$/.test(method)) continue;
      const kind = classify(call, method);
      const text = call.getText().split("\n")[0]!;
      if (kind)
        earlier.push({
          kind,
          line: call.getStartLineNumber(),
          text: text.length > 60 ? `${text.slice(0, 57)}…` : text,
        });
    }
    return [{ mount, earlier }];
  });
}
