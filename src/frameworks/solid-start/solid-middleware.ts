import { existsSync } from "node:fs";
import { join, posix } from "node:path";
import type { CheckContext } from "../../check/types.js";
import { parse } from "../../syntax/parse.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { propertyValue, unwrap } from "../../syntax/values.js";
import { detectSolidApp } from "./solid-app.js";

/** One entry of `protectedPaths`: a literal path where it is written, or a regular expression. */
export interface ProtectedPath {
  pattern: string | RegExp;
  line: number;
}

/** What the app's SolidStart middleware protects, and whether the config registers it. */
export interface SolidMiddleware {
  /** The file with `authMiddleware(…, { protectedPaths })`. */
  file: string;
  /** The line of the `authMiddleware(…)` call. */
  line: number;
  /** The entries of `protectedPaths`; undefined when the list is code (not judged). */
  paths: ProtectedPath[] | undefined;
  /** The config file (`app.config.ts`, `vite.config.ts`), when there is one. */
  configFile: string | undefined;
  /** The line of `defineConfig(…)`/`solidStart(…)` in it, where `middleware` goes. */
  configLine: number | undefined;
  /**
   * The file the config's `middleware` option names (`./` dropped), `null` when the config
   * names none, `"dynamic"` when it is code.
   */
  registered: string | null | "dynamic";
}

/** A string written as a literal, else undefined. */
function literalString(node: Node | undefined): string | undefined {
  const value = unwrap(node);
  return Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)
    ? value.getLiteralValue()
    : undefined;
}

const tidy = (file: string) => posix.normalize(file).replace(/^\.\//, "");

/**
 * The config's `middleware` option and the line of the call that takes it: `defineConfig(…)` in
 * app.config for SolidStart 1, the `solidStart(…)` plugin in vite.config for 2.
 */
function registration(context: CheckContext, configFile: string) {
  const source = parse(context.text(configFile), configFile);
  const callee = context.framework.major === 1 ? "defineConfig" : "solidStart";
  let line: number | undefined;
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (call.getExpression().getText() !== callee) continue;
    const [options] = call.getArguments();
    line ??= call.getStartLineNumber();
    if (!Node.isObjectLiteralExpression(options)) continue;
    if (!options.getProperty("middleware")) continue;
    const value = literalString(propertyValue(options, "middleware"));
    return { line: call.getStartLineNumber(), registered: value ? tidy(value) : "dynamic" };
  }
  return { line, registered: null };
}

/** The `protectedPaths` entries of an `authMiddleware(config, { protectedPaths })` call. */
function protectedPaths(options: Node | undefined): ProtectedPath[] | undefined {
  const object = unwrap(options);
  if (!Node.isObjectLiteralExpression(object)) return undefined;
  const list = unwrap(propertyValue(object, "protectedPaths"));
  if (!Node.isArrayLiteralExpression(list)) return undefined;
  const paths: ProtectedPath[] = [];
  for (const element of list.getElements()) {
    const text = literalString(element);
    const value = unwrap(element);
    if (text !== undefined) paths.push({ pattern: text, line: element.getStartLineNumber() });
    else if (Node.isRegularExpressionLiteral(value))
      paths.push({ pattern: value.getLiteralValue(), line: element.getStartLineNumber() });
    else return undefined;
  }
  return paths;
}

/**
 * The app's auth middleware: `authMiddleware(…)` in the file the config registers, else in the
 * conventional `src/middleware.ts`. Undefined when neither calls it.
 */
export function solidMiddleware(context: CheckContext): SolidMiddleware | undefined {
  const app = detectSolidApp(context.root, context.framework.major);
  const configFile = app.configFile;
  const { line: configLine, registered } = configFile
    ? registration(context, configFile)
    : { line: undefined, registered: null };
  const candidates = [
    ...(typeof registered === "string" && registered !== "dynamic" ? [registered] : []),
    ...(app.middlewareFile ? [app.middlewareFile] : []),
  ];
  for (const file of candidates) {
    if (!existsSync(join(context.root, file))) continue;
    const text = context.text(file);
    if (!/\bauthMiddleware\s*\(/.test(text)) continue;
    const call = parse(text, file)
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .find((candidate) => candidate.getExpression().getText() === "authMiddleware");
    if (!call) continue;
    return {
      file,
      line: call.getStartLineNumber(),
      paths: protectedPaths(call.getArguments()[1]),
      configFile,
      configLine,
      registered,
    };
  }
  return undefined;
}
