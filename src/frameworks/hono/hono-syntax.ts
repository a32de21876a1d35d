import type { SourceFile } from "ts-morph";
import { importedModules } from "../../syntax/imported-modules.js";
import { Node } from "../../syntax/ts-morph.js";
import { unwrap } from "../../syntax/values.js";
import { joinPaths } from "../url-paths.js";

/** The entry points that export the `Hono` class (the presets differ only in their router). */
const HONO_MODULES = new Set(["hono", "hono/tiny", "hono/quick"]);

/** How `Hono` is named in a file: `Hono` (or an alias), or `hono.Hono` through a namespace. */
export function honoConstructors(file: SourceFile): Set<string> {
  const names = new Set<string>();
  for (const [local, binding] of importedModules(file)) {
    if (!HONO_MODULES.has(binding.module)) continue;
    if (binding.export === "Hono") names.add(local);
    else if (binding.export === "*") names.add(`${local}.Hono`);
  }
  return names;
}

/** A Hono app as written: `new Hono()`, then the `.basePath(…)` calls chained on it. */
export interface HonoExpression {
  /** The `new Hono(…)` expression. */
  creation: Node;
  /** The joined literal `.basePath()` arguments; "dynamic" when one is not a literal. */
  basePath: string | "dynamic" | undefined;
}

/** A string literal's value, else undefined. */
export function literalString(node: Node | undefined): string | undefined {
  const value = unwrap(node);
  return Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)
    ? value.getLiteralValue()
    : undefined;
}

/**
 * Whether `node` creates a Hono app: `new Hono()` (with type arguments or options), possibly
 * followed by chained calls (`.basePath("/api")`, `.get(…)`, `.route(…)`, which all return an
 * app). Returns the creation and the base path the chain sets.
 */
export function honoExpression(
  node: Node | undefined,
  constructors: Set<string>,
): HonoExpression | undefined {
  const bases: (string | undefined)[] = [];
  let current = unwrap(node);
  while (Node.isCallExpression(current)) {
    const callee = current.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) return undefined;
    if (callee.getName() === "basePath") bases.unshift(literalString(current.getArguments()[0]));
    current = unwrap(callee.getExpression());
  }
  if (!Node.isNewExpression(current) || !constructors.has(current.getExpression().getText()))
    return undefined;
  if (bases.includes(undefined)) return { creation: current, basePath: "dynamic" };
  const basePath = joinPaths(...(bases as string[]));
  return { creation: current, basePath: basePath || undefined };
}

/** A call `receiver.method(…)` where the receiver is a plain name: its parts, else undefined. */
export function methodCall(node: Node): { receiver: string; method: string } | undefined {
  if (!Node.isCallExpression(node)) return undefined;
  const callee = node.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const receiver = unwrap(callee.getExpression());
  if (!Node.isIdentifier(receiver)) return undefined;
  return { receiver: receiver.getText(), method: callee.getName() };
}
