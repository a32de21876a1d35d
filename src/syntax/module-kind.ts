import { extname } from "node:path";

/** How a file loads modules: `import` (ES modules) or `require()` (CommonJS). */
export type ModuleKind = "esm" | "cjs";

/**
 * The module system of a source file — by extension, then package.json `type`, then its syntax —
 * and the reason, for the detection report. `.cts` counts as `esm` because TypeScript files are
 * written with `import` syntax whatever they compile to.
 */
export function moduleKindWithReason(
  file: string,
  text: string,
  esmPackage: boolean,
): { kind: ModuleKind; reason: string } {
  const ext = extname(file);
  if ([".mjs", ".mts", ".ts", ".tsx", ".cts"].includes(ext))
    return { kind: "esm", reason: `${file}: import syntax (${ext})` };
  if (ext === ".cjs") return { kind: "cjs", reason: `${file}: .cjs extension` };
  if (esmPackage) return { kind: "esm", reason: `${file}: "type": "module" in package.json` };
  return /^\s*import\s/m.test(text) && !/\brequire\(/.test(text)
    ? { kind: "esm", reason: `${file} uses import statements` }
    : { kind: "cjs", reason: `${file}: no "type" in package.json (CommonJS by default)` };
}

/** The module system of a source file (see {@link moduleKindWithReason}). */
export function moduleKindOf(file: string, text: string, esmPackage: boolean): ModuleKind {
  return moduleKindWithReason(file, text, esmPackage).kind;
}
