import type { CallExpression, SourceFile } from "ts-morph";
import type { Rule } from "../../../check/types.js";
import { parse } from "../../../syntax/parse.js";
import { Node, SyntaxKind } from "../../../syntax/ts-morph.js";
import { unwrap } from "../../../syntax/values.js";
import { type HonoMount, honoMounts, mountCall, routeBase } from "../hono-mounts.js";
import { literalString, methodCall } from "../hono-syntax.js";

/** The methods a registration answers: `get` → GET, `all`/`use` → every method. */
function methodsOf(call: CallExpression, method: string): string[] | undefined {
  if (method === "get") return ["GET"];
  if (method === "post") return ["POST"];
  if (method === "all" || method === "use") return ["GET", "POST"];
  if (method !== "on") return undefined;
  const first = unwrap(call.getArguments()[0]);
  const listed = Node.isArrayLiteralExpression(first) ? first.getElements() : [first];
  return listed.flatMap((element) => literalString(element)?.toUpperCase() ?? []);
}

/** A handler that answers without calling `next` (a function that takes no `next`, or never uses it). */
function isTerminal(source: SourceFile, handler: Node | undefined): boolean {
  let node = unwrap(handler);
  if (Node.isIdentifier(node)) {
    const name = node.getText();
    node =
      unwrap(source.getVariableDeclaration(name)?.getInitializer()) ?? source.getFunction(name);
  }
  if (
    !Node.isArrowFunction(node) &&
    !Node.isFunctionExpression(node) &&
    !Node.isFunctionDeclaration(node)
  )
    return false;
  const next = node.getParameters()[1];
  if (!next) return true;
  const name = next.getName();
  return !node
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some((identifier) => identifier.getText() === name && identifier !== next.getNameNode());
}

/** The path a registration covers: `*`, `/*`, `/api/*` (a prefix), or undefined when exact. */
function coveredPrefix(call: CallExpression, method: string): string | undefined {
  const args = call.getArguments();
  const path = method === "on" ? args[1] : args[0];
  const written = literalString(path);
  if (written === undefined) return method === "use" ? "/" : undefined;
  if (!/(^|\/)\*$/.test(written)) return undefined;
  return routeBase(written);
}

/** Earlier registrations on the same app that answer every path the auth route serves. */
function shadowing(source: SourceFile, mount: HonoMount) {
  const call = mountCall(source, mount);
  const receiver = mount.receiver;
  if (!call || !receiver) return [];
  const route = routeBase(mount.written ?? "/");
  return source.getDescendantsOfKind(SyntaxKind.CallExpression).flatMap((earlier) => {
    if (earlier.getStart() >= call.getStart()) return [];
    const parts = methodCall(earlier);
    if (!parts || parts.receiver !== receiver) return [];
    const methods = methodsOf(earlier, parts.method);
    const prefix = methods?.length ? coveredPrefix(earlier, parts.method) : undefined;
    if (
      prefix === undefined ||
      !(prefix === "/" || route === prefix || route.startsWith(`${prefix}/`))
    )
      return [];
    if (!isTerminal(source, earlier.getArguments().at(-1))) return [];
    return [
      {
        line: earlier.getStartLineNumber(),
        methods: methods!,
        text: earlier.getText().split("\n")[0]!,
      },
    ];
  });
}

/**
 * Hono: a route that answers every path (`app.get("*", …)`, `app.all("/*", …)`, a middleware that
 * never calls `next`) registered before the auth route on the same app. Hono runs handlers in
 * the order they were registered, so the catch-all answers the auth requests. (`notFound` and
 * `onError` are not routes: where they are registered does not matter.)
 */
export const honoRouteShadowed: Rule = {
  id: "hono-route-shadowed",
  severity: "error",
  summary: "Hono: a catch-all route registered before the auth route answers its requests.",
  check(context) {
    return honoMounts(context.setup).flatMap((mount) => {
      const source = parse(context.text(mount.file), mount.file);
      return shadowing(source, mount).map((found) => ({
        file: mount.file,
        line: found.line,
        message: `\`${found.text}\` (line ${found.line}) answers ${found.methods.join(" and ")} requests to ${mount.path ?? mount.written ?? "the auth route"}/… before HonoAuth (line ${mount.line}).`,
        why: "Hono runs the handlers that match a request in the order they were registered, and a handler that returns without calling next() ends the chain: the sign-in page, callbacks or sign-out never reach the runtime.",
        fix: `Move \`${mount.receiver}.route(…, HonoAuth(authConfig))\` above line ${found.line}, right after new Hono() (notFound and onError may stay anywhere).`,
      }));
    });
  },
};
