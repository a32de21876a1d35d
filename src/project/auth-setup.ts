import { existsSync, readFileSync } from "node:fs";
import { join, posix, sep } from "node:path";
import type { SourceFile } from "ts-morph";
import { CliError } from "../errors.js";
import { parse } from "../syntax/parse.js";
import { Node, SyntaxKind } from "../syntax/ts-morph.js";
import { unwrap, variableValue } from "../syntax/values.js";
import { type AuthConfigInfo, configObjects, readConfigObject } from "./auth-config.js";
import { sourceFiles } from "./source-files.js";

/**
 * Reads an existing auth set-up without running it: where the configuration object is, what it
 * configures (providers, adapter, strategy, base path), where the endpoints are mounted. Shared by
 * `add-provider` and `check`; everything carries its file and line.
 */

/** Modules whose presence marks a file as part of the auth set-up (ours and Auth.js's). */
const AUTH_MODULE =
  /["'](?:@create-auth\/runtime|@auth\/(?:core|express|solid-start))(?:\/[\w./-]*)?["']/;

export interface ExpressMount {
  file: string;
  line: number;
  /** `use`, `all`, `get`, … */
  method: string;
  /** The path argument, or undefined for `app.use(ExpressAuth(…))` (the root). */
  path: string | undefined;
  /** The line the path argument is written on (a call may span lines). */
  pathLine: number | undefined;
  /** The variable the app is held in. */
  app: string;
}

export interface SolidRoute {
  file: string;
  /** The URL path the route folder serves (`/api/auth`). */
  path: string;
}

export interface AuthSetup {
  config: AuthConfigInfo;
  mounts: ExpressMount[];
  solidRoutes: SolidRoute[];
  /** `app.set("trust proxy", …)` / `app.enable("trust proxy")` anywhere in the sources. */
  trustProxy: { file: string; line: number; value: boolean | "dynamic" } | undefined;
  /** Every source file that mentions an auth module or an `authConfig`. */
  files: string[];
}

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

/** Express mounts of `ExpressAuth(…)` in a file. */
function expressMounts(source: SourceFile, file: string): ExpressMount[] {
  const mounts: ExpressMount[] = [];
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const method = callee.getName();
    if (!/^(use|all|get|post)$/.test(method)) continue;
    const args = call.getArguments();
    if (!args.some(isExpressAuthHandler)) continue;
    const first = unwrap(args[0]);
    const path =
      Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first)
        ? first.getLiteralValue()
        : undefined;
    mounts.push({
      file,
      line: call.getStartLineNumber(),
      method,
      path,
      pathLine: path === undefined ? undefined : first!.getStartLineNumber(),
      app: callee.getExpression().getText(),
    });
  }
  return mounts;
}

function trustProxySetting(source: SourceFile, file: string): AuthSetup["trustProxy"] {
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const [name, value] = call.getArguments().map((arg) => unwrap(arg));
    if (!Node.isStringLiteral(name) || name.getLiteralValue() !== "trust proxy") continue;
    const line = call.getStartLineNumber();
    if (callee.getName() === "enable") return { file, line, value: true };
    if (callee.getName() === "disable") return { file, line, value: false };
    if (callee.getName() !== "set") continue;
    if (Node.isFalseLiteral(value)) return { file, line, value: false };
    if (Node.isTrueLiteral(value) || Node.isNumericLiteral(value) || Node.isStringLiteral(value))
      return {
        file,
        line,
        value: !(Node.isNumericLiteral(value) && value.getLiteralValue() === 0),
      };
    return { file, line, value: "dynamic" };
  }
  return undefined;
}

/** `src/routes/api/(group)/auth/[...auth].ts` → `/api/auth`. */
export function routePath(file: string, routesDir = "src/routes"): string {
  const folder = posix.dirname(posix.relative(routesDir, file));
  const segments = folder.split("/").filter((s) => s && s !== "." && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

/**
 * Finds and reads the auth set-up of the project at `root`. `configFile` (from `--config`)
 * narrows the search to one file. Fails with `no_auth_config` or `ambiguous_config`.
 */
export function readAuthSetup(root: string, options: { configFile?: string } = {}): AuthSetup {
  const wanted = options.configFile?.split(sep).join("/").replace(/^\.\//, "");
  if (wanted && !existsSync(join(root, wanted)))
    throw new CliError("invalid_flag", `--config ${options.configFile}: no such file in ${root}.`);
  const all = sourceFiles(root);
  if (wanted && !all.includes(wanted)) all.push(wanted);
  const texts = new Map(all.map((file) => [file, readFileSync(join(root, file), "utf8")]));
  // Files that use the runtime, plus any that name an `authConfig` (a hand-written config need
  // not import anything from the runtime).
  const files = all.filter(
    (file) =>
      AUTH_MODULE.test(texts.get(file)!) ||
      /\bauthConfig\b/.test(texts.get(file)!) ||
      file === wanted,
  );
  const candidates: AuthConfigInfo[] = [];
  const mounts: ExpressMount[] = [];
  const solidRoutes: SolidRoute[] = [];
  for (const file of files) {
    const source = parse(texts.get(file)!, file);
    if (!wanted || wanted === file)
      for (const { object, variable } of configObjects(source))
        candidates.push(readConfigObject(object, file, variable));
    mounts.push(...expressMounts(source, file));
    if (/\bSolidAuth\s*\(/.test(texts.get(file)!) && file.startsWith("src/routes/"))
      solidRoutes.push({ file, path: routePath(file) });
  }
  // `trust proxy` lives in the app file, which need not import the runtime.
  let trustProxy: AuthSetup["trustProxy"];
  for (const [file, text] of texts) {
    if (trustProxy || !text.includes("trust proxy")) continue;
    trustProxy = trustProxySetting(parse(text, file), file);
  }
  if (candidates.length === 0) {
    throw new CliError(
      "no_auth_config",
      wanted
        ? `No auth configuration (an object with \`providers\`) in ${wanted}.`
        : "No auth configuration found: looked for an object with `providers` in the files that import @create-auth/runtime. Run `create-auth init` first, or pass --config <file>.",
    );
  }
  const named = candidates.filter((c) => c.variable === "authConfig");
  const chosen = candidates.length === 1 ? candidates : named.length === 1 ? named : candidates;
  if (chosen.length > 1) {
    throw new CliError(
      "ambiguous_config",
      `Several auth configurations: ${chosen.map((c) => `${c.file}:${c.line}`).join(", ")}. Pass --config <file>.`,
      1,
      { candidates: chosen.map((c) => ({ file: c.file, line: c.line })) },
    );
  }
  return { config: chosen[0]!, mounts, solidRoutes, trustProxy, files };
}
