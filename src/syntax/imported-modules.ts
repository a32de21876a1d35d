import type { SourceFile } from "ts-morph";
import { Node, SyntaxKind } from "./ts-morph.js";

/** What a local name is bound to: a module, and which of its exports. */
export interface ImportedBinding {
  /** The specifier as written (`express`, `./auth.js`). */
  module: string;
  /**
   * `default`, the name of a named export, or `*` for the module itself (`import * as x`,
   * `const x = require("x")`: what CommonJS code calls the module).
   */
  export: string;
}

/** `require("x")` with a literal specifier: the specifier, else undefined. */
function requiredModule(node: Node | undefined): string | undefined {
  if (!Node.isCallExpression(node) || node.getExpression().getText() !== "require")
    return undefined;
  const [argument] = node.getArguments();
  return Node.isStringLiteral(argument) || Node.isNoSubstitutionTemplateLiteral(argument)
    ? argument.getLiteralValue()
    : undefined;
}

/**
 * Local name → where it comes from, for every import in the file: ES module default, named
 * (aliased or not) and namespace imports; `import x = require("x")`; and `require()` bound to a
 * name (`const x = require("x")`, `require("x").default`, `require("x").name`) or destructured
 * (`const { a, b: c } = require("x")`), at any depth. The one reading of "where does this name
 * come from" that detection, `check` and the edits share.
 */
export function importedModules(file: SourceFile): Map<string, ImportedBinding> {
  const bindings = new Map<string, ImportedBinding>();
  for (const declaration of file.getImportDeclarations()) {
    const module = declaration.getModuleSpecifierValue();
    const local = declaration.getDefaultImport();
    if (local) bindings.set(local.getText(), { module, export: "default" });
    const namespace = declaration.getNamespaceImport();
    if (namespace) bindings.set(namespace.getText(), { module, export: "*" });
    for (const named of declaration.getNamedImports())
      bindings.set(named.getAliasNode()?.getText() ?? named.getName(), {
        module,
        export: named.getName(),
      });
  }
  for (const declaration of file.getDescendantsOfKind(SyntaxKind.ImportEqualsDeclaration)) {
    const reference = declaration.getModuleReference();
    if (!Node.isExternalModuleReference(reference)) continue;
    const specifier = reference.getExpression();
    if (Node.isStringLiteral(specifier))
      bindings.set(declaration.getName(), { module: specifier.getLiteralValue(), export: "*" });
  }
  for (const declaration of file.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
    const value = declaration.getInitializer();
    // `require("x")` is the module itself; `require("x").name` one of its exports.
    const member = Node.isPropertyAccessExpression(value) ? value : undefined;
    const module = requiredModule(member ? member.getExpression() : value);
    if (module === undefined) continue;
    const name = declaration.getNameNode();
    if (Node.isIdentifier(name))
      bindings.set(name.getText(), { module, export: member?.getName() ?? "*" });
    else if (Node.isObjectBindingPattern(name))
      for (const element of name.getElements())
        bindings.set(element.getName(), {
          module,
          export: element.getPropertyNameNode()?.getText() ?? element.getName(),
        });
  }
  return bindings;
}

/** Every module specifier the file imports or requires, in the order written. */
export function importSpecifiers(file: SourceFile): string[] {
  return [
    ...file.getImportDeclarations().map((declaration) => declaration.getModuleSpecifierValue()),
    ...file
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .map((call) => requiredModule(call))
      .filter((specifier) => specifier !== undefined),
  ];
}
