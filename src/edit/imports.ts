import { quoted, type SourceStyle, statement } from "../project/source-style.js";
import { eolOf, insertAt, parse } from "./syntax.js";
import { Node, SyntaxKind } from "./ts-morph.js";

export interface ModuleImport {
  from: string;
  /** Named bindings (`{ ExpressAuth }`). */
  named?: string[];
  /** The default export's local name. */
  default?: string;
}

export type ModuleKind = "esm" | "cjs";

/** The import statement for `spec` in the file's module system and style. */
export function importStatement(spec: ModuleImport, kind: ModuleKind, style: SourceStyle): string {
  const from = quoted(spec.from, style);
  if (kind === "esm") {
    const parts = [
      spec.default,
      spec.named?.length ? `{ ${spec.named.join(", ")} }` : undefined,
    ].filter(Boolean);
    return statement(`import ${parts.join(", ")} from ${from}`, style);
  }
  if (spec.default) return statement(`const ${spec.default} = require(${from}).default`, style);
  return statement(`const { ${spec.named!.join(", ")} } = require(${from})`, style);
}

/** Whether `name` is already bound to `from` in the file. */
function alreadyImported(text: string, fileName: string, spec: ModuleImport): boolean {
  const file = parse(text, fileName);
  const wanted = [...(spec.named ?? []), ...(spec.default ? [spec.default] : [])];
  const bound = new Set<string>();
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== spec.from) continue;
    const local = declaration.getDefaultImport()?.getText();
    if (local) bound.add(local);
    for (const named of declaration.getNamedImports())
      bound.add(named.getAliasNode()?.getText() ?? named.getName());
  }
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const argument = call.getArguments()[0];
    if (
      call.getExpression().getText() !== "require" ||
      !Node.isStringLiteral(argument) ||
      argument.getLiteralValue() !== spec.from
    )
      continue;
    const declaration = call.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
    const name = declaration?.getNameNode();
    if (Node.isIdentifier(name)) bound.add(name.getText());
    if (Node.isObjectBindingPattern(name))
      for (const element of name.getElements()) bound.add(element.getName());
  }
  return wanted.every((name) => bound.has(name));
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
