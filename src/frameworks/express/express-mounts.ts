import type { SourceFile } from "ts-morph";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { unwrap, variableValue } from "../../syntax/values.js";
import type { AuthSetup } from "../auth-setup.js";
import type { EndpointMount } from "../types.js";

const EXPRESS = "express";

/** A mount of ExpressAuth: always a call at a line of a file. */
export type ExpressMount = EndpointMount & { line: number };

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

/** `app.use(path?, ExpressAuth(…))` (or `all`, `get`, `post`) calls in a file. */
export function readExpressMounts(source: SourceFile, file: string): ExpressMount[] {
  const mounts: ExpressMount[] = [];
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    if (!/^(use|all|get|post)$/.test(callee.getName())) continue;
    const args = call.getArguments();
    if (!args.some(isExpressAuthHandler)) continue;
    const first = unwrap(args[0]);
    const path =
      Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first)
        ? first.getLiteralValue()
        : undefined;
    mounts.push({
      framework: EXPRESS,
      file,
      line: call.getStartLineNumber(),
      path,
      pathLine: path === undefined ? undefined : first!.getStartLineNumber(),
    });
  }
  return mounts;
}

/** The Express mounts of a set-up. */
export function expressMounts(setup: AuthSetup): ExpressMount[] {
  return setup.mounts.filter(
    (mount): mount is ExpressMount => mount.framework === EXPRESS && mount.line !== undefined,
  );
}

/** A mount path without Express wildcards: `/auth/*`, `/auth/*splat`, `/auth/{*splat}` → `/auth`. */
export function mountBase(path: string): string {
  const base = path.replace(/\/?(\{\/?\*\w*\}|\*\w*|\(\.\*\))$/, "").replace(/\/+$/, "");
  return base === "" ? "/" : base;
}

/**
 * The first Express mount with a path of its own. A root mount (`app.use(ExpressAuth(…))`,
 * `app.use("/", …)`) does not place the endpoints: the runtime serves them under `basePath`
 * (default `/auth`) there.
 */
export function pathMount(
  setup: AuthSetup,
): { path: string; file: string; line: number } | undefined {
  for (const mount of expressMounts(setup))
    if (mount.path !== undefined && mountBase(mount.path) !== "/")
      return { path: mountBase(mount.path), file: mount.file, line: mount.line };
  return undefined;
}
