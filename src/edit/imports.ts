import { importedModules } from "../syntax/imported-modules.js";
import type { ModuleKind } from "../syntax/module-kind.js";
import { parse } from "../syntax/parse.js";
import { quoted, type SourceStyle, statement } from "../syntax/source-style.js";
import { eolOf, insertAt } from "../syntax/text-edit.js";
import { Node } from "../syntax/ts-morph.js";

/** What a file should import from one module. */
export interface ModuleImport {
  from: string;
  /** Named bindings (`{ ExpressAuth }`). */
  named?: string[];
  /** The default export's local name. */
  default?: string;
  /**
   * The whole module under one name: a CommonJS `module.exports = x` (ESM's default import of
   * it; `require()` itself in CommonJS).
   */
  whole?: string;
}

/** The import statement for `spec` in the file's module system and style. */
export function importStatement(spec: ModuleImport, kind: ModuleKind, style: SourceStyle): string {
  const from = quoted(spec.from, style);
  if (kind === "esm") {
    const parts = [
      spec.default ?? spec.whole,
      spec.named?.length ? `{ ${spec.named.join(", ")} }` : undefined,
    ].filter(Boolean);
    return statement(`import ${parts.join(", ")} from ${from}`, style);
  }
  const keyword = style.declaration;
  if (spec.whole) return statement(`${keyword} ${spec.whole} = require(${from})`, style);
  if (spec.default)
    return statement(`${keyword} ${spec.default} = require(${from}).default`, style);
  return statement(`${keyword} { ${spec.named!.join(", ")} } = require(${from})`, style);
}

/** Whether every name `spec` wants is already bound to its module in the file. */
function alreadyImported(text: string, fileName: string, spec: ModuleImport): boolean {
  const bindings = importedModules(parse(text, fileName));
  const wanted = [
    ...(spec.named ?? []),
    ...(spec.default ? [spec.default] : []),
    ...(spec.whole ? [spec.whole] : []),
  ];
  return wanted.every((name) => bindings.get(name)?.module === spec.from);
}

/** Where new imports go: after the last import/require at the top, else after directives. */
function insertionPoint(text: string, fileName: string): number {
  const file = parse(text, fileName);
  let end = 0;
  for (const node of file.getStatements()) {
    const isImport = Node.isImportDeclaration(node);
    const isRequire =
      Node.isVariableStatement(node) &&
      node
        .getDeclarations()
        .every(
          (d) =>
            /^require\(/.test(d.getInitializer()?.getText() ?? "") ||
            /^require\(.*\)\.\w+$/.test(d.getInitializer()?.getText() ?? ""),
        );
    const isDirective =
      Node.isExpressionStatement(node) && Node.isStringLiteral(node.getExpression());
    if (isImport || isRequire || (isDirective && end === 0)) end = node.getEnd();
    else if (end > 0 || !isDirective) break;
  }
  return end;
}

/**
 * Ensures the file imports `specs` (in its own module system and style), adding only what is
 * missing after its existing imports. Nothing else in the file changes.
 */
export function ensureImports(
  text: string,
  fileName: string,
  specs: ModuleImport[],
  kind: ModuleKind,
  style: SourceStyle,
): string {
  let result = text;
  for (const spec of specs) {
    if (alreadyImported(result, fileName, spec)) continue;
    const eol = eolOf(result);
    const position = insertionPoint(result, fileName);
    const line = importStatement(spec, kind, style);
    result =
      position === 0 ? `${line}${eol}${result}` : insertAt(result, position, `${eol}${line}`);
  }
  return result;
}
