/**
 * The parts of ts-morph the CLI uses at run time, loaded with `require()` on first use.
 *
 * ts-morph and its TypeScript are CommonJS bundles (about 12 MB). Imported from ESM, Node first
 * scans them for export names with its CommonJS lexer, about 90 ms of every command before any
 * work; required, they are only compiled — and only when something reads a syntax tree, so a
 * command that parses nothing (`prune` from cron, `secret`, `--version`) never pays the second
 * or so they cost to load. Types still come from `import type … from "ts-morph"` (erased at
 * build time), so only values go through this module.
 */
import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

const require = createRequire(import.meta.url);
let loaded: typeof TsMorph | undefined;

/** ts-morph itself, required the first time a value of it is used. */
export function tsMorph(): typeof TsMorph {
  loaded ??= require("ts-morph") as typeof TsMorph;
  return loaded;
}

/**
 * A stand-in for one of ts-morph's exports that requires ts-morph on its first property read.
 * Functions are bound to their owner (ts-morph's `Node.isX` guards are static methods).
 */
function lazy<T extends object>(pick: (module: typeof TsMorph) => T): T {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy({} as T, {
    get(_, key) {
      if (bound.has(key)) return bound.get(key);
      const owner = pick(tsMorph());
      const value = Reflect.get(owner, key);
      const result = typeof value === "function" ? value.bind(owner) : value;
      bound.set(key, result);
      return result;
    },
    has: (_, key) => Reflect.has(pick(tsMorph()), key),
  });
}

export const Node = lazy((module) => module.Node);
export type Node<T extends TsMorph.ts.Node = TsMorph.ts.Node> = TsMorph.Node<T>;
export const SyntaxKind = lazy((module) => module.SyntaxKind);
export type SyntaxKind = TsMorph.SyntaxKind;
export type Project = TsMorph.Project;
/** The TypeScript compiler API ts-morph bundles (tsconfig reading). */
export const ts = lazy((module) => module.ts);
