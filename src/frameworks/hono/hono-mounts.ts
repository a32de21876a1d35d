import type { CallExpression, SourceFile } from "ts-morph";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { unwrap, variableValue } from "../../syntax/values.js";
import type { AuthSetup } from "../auth-setup.js";
import type { EndpointMount } from "../types.js";
import { joinPaths } from "../url-paths.js";
import { honoDeclarations } from "./hono-app.js";
import { literalString } from "./hono-syntax.js";

const HONO = "hono";

/**
 * A mount of the Hono handler: `app.route(path, HonoAuth(…))`, or `app.on([…], path,
 * honoAuthHandler(…))` (also `all`, `get`, `post`, `use`). `path` is where the endpoints are
 * served: the route's static part below the receiving app's `.basePath()` and the `app.route()`
 * prefixes written in the same file (`/api/auth`), `/` at the root, undefined when a part is not
 * a literal.
 */
export type HonoMount = EndpointMount & {
  line: number;
  /** The path argument as written (`/auth`, `/auth/*`), undefined when there is none or it is code. */
  written: string | undefined;
  /** The variable of the app the handler is registered on, when it is a plain name. */
  receiver: string | undefined;
};

const HANDLER = /\b(HonoAuth|honoAuthHandler)\s*\(/;

/** `HonoAuth(…)`/`honoAuthHandler(…)` in place, or a same-file variable holding one. */
export function isHonoAuthHandler(argument: Node): boolean {
  if (HANDLER.test(argument.getText())) return true;
  if (!Node.isIdentifier(argument)) return false;
  const value = variableValue(argument.getSourceFile(), argument.getText());
  return value !== undefined && /^(HonoAuth|honoAuthHandler)\s*\(/.test(value.getText());
}

/** `/auth/*`, `/auth/`, `*` → `/auth`, `/`, `/`. */
export function routeBase(path: string): string {
  return joinPaths(path.replace(/\/?\*$/, "")) || "/";
}

/**
 * The path an app serves its routes under, as far as one file tells: its `.basePath()`, and the
 * prefix of an `x.route(prefix, app)` in the same file (a few levels up); undefined when a part
 * is code.
 */
export function appPrefix(source: SourceFile, receiver: Node, depth = 0): string | undefined {
  const node = unwrap(receiver);
  if (depth > 4 || !node) return "";
  if (Node.isCallExpression(node)) {
    const callee = node.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) return "";
    const inner = appPrefix(source, callee.getExpression(), depth + 1);
    if (callee.getName() !== "basePath") return inner;
    const base = literalString(node.getArguments()[0]);
    return inner === undefined || base === undefined ? undefined : joinPaths(inner, base);
  }
  if (!Node.isIdentifier(node)) return "";
  const name = node.getText();
  const declared = honoDeclarations(source).find((app) => app.variable === name);
  if (declared?.basePath === "dynamic") return undefined;
  const own = declared?.basePath ?? "";
  // Mounted as a sub-app in the same file: `root.route("/api", api)`.
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const [path, app] = call.getArguments();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== "route") continue;
    if (!app || unwrap(app)?.getText() !== name) continue;
    const parent = appPrefix(source, callee.getExpression(), depth + 1);
    const prefix = literalString(path);
    return parent === undefined || prefix === undefined
      ? undefined
      : joinPaths(parent, prefix, own);
  }
  return own;
}

/** Where the path argument of a registration sits: `on` takes the methods first. */
function pathArgument(call: CallExpression, method: string): Node | undefined {
  const args = call.getArguments();
  const candidate = method === "on" ? args[1] : args[0];
  return candidate && !isHonoAuthHandler(candidate) ? candidate : undefined;
}

/** Hono mounts of the auth handler in a file (only files that import Hono's handler have them). */
export function readHonoMounts(source: SourceFile, file: string): HonoMount[] {
  if (!HANDLER.test(source.getFullText())) return [];
  const mounts: HonoMount[] = [];
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const method = callee.getName();
    if (!/^(route|on|all|get|post|use)$/.test(method)) continue;
    if (!call.getArguments().some(isHonoAuthHandler)) continue;
    const argument = pathArgument(call, method);
    const written = argument ? literalString(argument) : undefined;
    const prefix = appPrefix(source, callee.getExpression());
    const route = argument === undefined ? "/" : written;
    const receiver = unwrap(callee.getExpression());
    mounts.push({
      framework: HONO,
      file,
      line: call.getStartLineNumber(),
      path:
        prefix === undefined || route === undefined
          ? undefined
          : joinPaths(prefix, routeBase(route)) || "/",
      pathLine: argument?.getStartLineNumber(),
      written,
      receiver: Node.isIdentifier(receiver) ? receiver.getText() : undefined,
    });
  }
  return mounts;
}

/** The Hono mounts of a set-up. */
export function honoMounts(setup: AuthSetup): HonoMount[] {
  return setup.mounts.filter(
    (mount): mount is HonoMount => mount.framework === HONO && "receiver" in mount,
  );
}

/** The call of a mount, found again in its file's syntax tree. */
export function mountCall(source: SourceFile, mount: HonoMount): CallExpression | undefined {
  return source
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .find(
      (call) =>
        call.getStartLineNumber() === mount.line &&
        Node.isPropertyAccessExpression(call.getExpression()) &&
        call.getArguments().some(isHonoAuthHandler),
    );
}
