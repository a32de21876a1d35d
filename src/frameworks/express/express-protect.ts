import { importedModules } from "../../syntax/imported-modules.js";
import { parse } from "../../syntax/parse.js";
import { quoted, type SourceStyle, statement } from "../../syntax/source-style.js";
import { eolOf, insertAt } from "../../syntax/text-edit.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { findAppDeclaration } from "./express-app.js";
import type { MountResult } from "./express-mount.js";
import { isExpressAuthHandler } from "./express-mounts.js";

/** What to protect, and how the file names things. */
export interface ProtectOptions {
  /** Request paths: exact (`/account`) or prefixes (`/admin/*`), as requireAuth's `paths`. */
  paths: string[];
  /** The module `requireAuth` comes from (`@create-auth/runtime/express`). */
  from: string;
  style: SourceStyle;
}

/** The line that protects `paths`, in the file's style. */
export function protectStatement(app: string, paths: string[], style: SourceStyle): string {
  const list = paths.map((path) => quoted(path, style)).join(", ");
  return statement(`${app}.use(requireAuth(authConfig, { paths: [${list}] }))`, style);
}

/**
 * Ensures `app.use(requireAuth(authConfig, { paths: [...] }))` right after the auth mount: the
 * mount sits before the app's routers and routes (see `mountAnchor`), so the guard runs before
 * whatever serves those paths, and `requireAuth` lets the sign-in steps through. Idempotent: a
 * file that already guards with `app.use(requireAuth(…))` is left as it is, and only paths it
 * does not name become a step by hand. A `requireAuth` of the app's own (another module, or a
 * local function) is never shadowed: the lines to add are printed instead.
 */
export function ensureExpressProtect(
  text: string,
  fileName: string,
  options: ProtectOptions,
): MountResult {
  const file = parse(text, fileName);
  const app = findAppDeclaration(file);
  const name = app?.variable ?? "app";
  const line = protectStatement(name, options.paths, options.style);
  const byHand = (why: string) => ({
    text,
    manual: `${why} In ${fileName}, after the auth mount and before the routes:\n  ${line}`,
  });
  const binding = importedModules(file).get("requireAuth");
  const ours = binding?.module === options.from;
  if ((binding && !ours) || (!binding && /\bfunction\s+requireAuth\b|\brequireAuth\s*=/.test(text)))
    return byHand(
      `${fileName} has a requireAuth of its own, so the one from ${options.from} needs another name.`,
    );
  if (!app?.variable) return byHand("The app is not named.");
  const calls = file.getDescendantsOfKind(SyntaxKind.CallExpression);
  const uses = calls.filter((call) => call.getExpression().getText() === `${name}.use`);
  const guard = uses.find((call) =>
    call.getArguments().some((arg) => /^requireAuth\s*\(/.test(arg.getText())),
  );
  if (guard) {
    const named = new Set(
      guard.getDescendantsOfKind(SyntaxKind.StringLiteral).map((s) => s.getLiteralValue()),
    );
    const missing = options.paths.filter((path) => !named.has(path));
    return missing.length
      ? {
          text,
          manual: `Add ${missing.map((path) => quoted(path, options.style)).join(", ")} to the paths of requireAuth in ${fileName}:${guard.getStartLineNumber()}.`,
        }
      : { text };
  }
  const mount = uses.find((call) => call.getArguments().some(isExpressAuthHandler));
  const mountStatement = mount?.getFirstAncestor((node) => Node.isExpressionStatement(node));
  if (!mountStatement) return byHand("No auth mount was found.");
  const indent =
    /[ \t]*$/.exec(text.slice(0, mountStatement.getStart()).split(/\r?\n/).at(-1) ?? "")?.[0] ?? "";
  return { text: insertAt(text, mountStatement.getEnd(), `${eolOf(text)}${indent}${line}`) };
}
