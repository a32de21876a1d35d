import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CallExpression, SourceFile } from "ts-morph";
import { readPackageJson } from "../../project/package-json.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import { unwrap, variableValue } from "../../syntax/values.js";
import type { AuthSetup } from "../auth-setup.js";
import type { EndpointMount } from "../types.js";
import { fastifyCliApp } from "./find-fastify-app.js";

const FASTIFY = "fastify";

/** A registration of FastifyAuth: always a call at a line of a file. */
export type FastifyMount = EndpointMount & { line: number };

/**
 * Whether a call argument is the plugin: `FastifyAuth(…)` written in place, or a variable of the
 * same file that holds it (`const auth = FastifyAuth(authConfig)`).
 */
export function isFastifyAuthPlugin(argument: Node | undefined): boolean {
  const value = unwrap(argument);
  if (!value) return false;
  if (/^FastifyAuth\s*\(/.test(value.getText())) return true;
  if (!Node.isIdentifier(value)) return false;
  const held = variableValue(value.getSourceFile(), value.getText());
  return held !== undefined && /^FastifyAuth\s*\(/.test(held.getText());
}

/** `x.register(FastifyAuth(…), …)` calls in a file. */
export function fastifyAuthRegistrations(source: SourceFile): CallExpression[] {
  return source
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((call) => isRegisterCall(call) && isFastifyAuthPlugin(call.getArguments()[0]));
}

function isRegisterCall(call: CallExpression): boolean {
  const callee = call.getExpression();
  return Node.isPropertyAccessExpression(callee) && callee.getName() === "register";
}

/**
 * The `prefix` a `register(plugin, { prefix })` call passes: the literal, `""` without one, or
 * undefined when it is computed (code is read, never run).
 */
export function registeredPrefix(call: CallExpression): string | undefined {
  const options = unwrap(call.getArguments()[1]);
  if (options === undefined) return "";
  if (!Node.isObjectLiteralExpression(options)) return undefined;
  const property = options.getProperty("prefix");
  if (property === undefined) return "";
  if (!Node.isPropertyAssignment(property)) return undefined;
  const value = unwrap(property.getInitializer());
  return Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)
    ? value.getLiteralValue()
    : undefined;
}

/**
 * The full prefix of a registration: its own, behind the prefixes of the plugins it is written
 * inside (`app.register(async (api) => { api.register(FastifyAuth(c), { prefix: "/auth" }) },
 * { prefix: "/api" })` serves `/api/auth`), as Fastify joins them.
 */
export function fullPrefix(call: CallExpression): string | undefined {
  let prefix = registeredPrefix(call);
  for (let node: Node | undefined = call.getParent(); node && prefix !== undefined; ) {
    const fn = node.getFirstAncestor(
      (ancestor) => Node.isFunctionExpression(ancestor) || Node.isArrowFunction(ancestor),
    );
    const outer = fn?.getParent();
    if (!fn || !Node.isCallExpression(outer) || !isRegisterCall(outer)) break;
    if (outer.getArguments()[0] !== fn) break;
    const own = registeredPrefix(outer);
    prefix = own === undefined ? undefined : `${own}${prefix}`;
    node = outer;
  }
  return prefix === undefined ? undefined : prefix.replace(/\/+$/, "");
}

/**
 * The registrations of FastifyAuth in a file, with the path each serves under: behind
 * fastify-cli's `--prefix` when the file is the app plugin fastify-cli starts.
 */
export function readFastifyMounts(source: SourceFile, file: string, root: string): FastifyMount[] {
  const calls = fastifyAuthRegistrations(source);
  const cli = calls.length > 0 ? startedByCli(root) : undefined;
  const outer = cli?.file === file ? (cli.prefix ?? "") : "";
  return calls.map((call) => {
    const options = call.getArguments()[1];
    const own = fullPrefix(call);
    const prefix = own === undefined ? undefined : `${outer}${own}`;
    return {
      framework: FASTIFY,
      file,
      line: call.getStartLineNumber(),
      // Registered without a prefix, the plugin serves under `basePath` (or /auth), like a root mount.
      path: prefix ? prefix : undefined,
      pathLine: prefix ? (options ?? call).getStartLineNumber() : undefined,
    };
  });
}

/** The app fastify-cli starts in the project at `root`, if any (a project without package.json has none). */
function startedByCli(root: string) {
  if (!existsSync(join(root, "package.json"))) return undefined;
  return fastifyCliApp(root, readPackageJson(root));
}

/** The Fastify registrations of a set-up. */
export function fastifyMounts(setup: AuthSetup): FastifyMount[] {
  return setup.mounts.filter(
    (mount): mount is FastifyMount => mount.framework === FASTIFY && mount.line !== undefined,
  );
}
