/**
 * The parts of ts-morph the CLI uses at run time, loaded with `require()`.
 *
 * ts-morph and its TypeScript are CommonJS bundles (about 12 MB). Imported from ESM, Node first
 * scans them for export names with its CommonJS lexer, about 90 ms of every command before any
 * work; required, they are only compiled. Types still come from `import type … from "ts-morph"`
 * (erased at build time), so only values go through this module.
 */
import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

const tsMorph = createRequire(import.meta.url)("ts-morph") as typeof TsMorph;

export const Node = tsMorph.Node;
export type Node<T extends TsMorph.ts.Node = TsMorph.ts.Node> = TsMorph.Node<T>;
export const SyntaxKind = tsMorph.SyntaxKind;
export type SyntaxKind = TsMorph.SyntaxKind;
export const Project = tsMorph.Project;
export type Project = TsMorph.Project;
/** The TypeScript compiler API ts-morph bundles (tsconfig reading). */
export const ts = tsMorph.ts;
