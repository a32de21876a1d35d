import type { ObjectLiteralExpression, ParameterDeclaration, SourceFile } from "ts-morph";
import { authVocabulary } from "../frameworks/registry.js";
import {
  type ConfiguredProvider,
  configObjects,
  providerElements,
} from "../project/auth-config.js";
import { Node, type Project, SyntaxKind, tsMorph } from "../syntax/ts-morph.js";
import { propertyValue, unwrap, variableValue } from "../syntax/values.js";
import type { CheckContext } from "./types.js";

/** A provider of the configuration: what the set-up reader knows, and its options object. */
export interface ProviderSyntax {
  info: ConfiguredProvider | undefined;
  /** `{ … }` passed to the preset, or the provider object itself; undefined when not written. */
  options: ObjectLiteralExpression | undefined;
}

/** The configuration object's syntax, for rules that read more than `AuthConfigInfo` holds. */
export interface ConfigSyntax {
  object: ObjectLiteralExpression;
  providers: ProviderSyntax[];
}

/**
 * A project of its own: the shared parser overwrites a file's tree whenever another rule parses
 * the same file, which would leave the nodes held here dangling.
 */
let project: Project | undefined;
const cache = new WeakMap<CheckContext, ConfigSyntax | null>();

function parseOwn(text: string, file: string): SourceFile {
  project ??= new (tsMorph().Project)({
    useInMemoryFileSystem: true,
    compilerOptions: { allowJs: true },
  });
  const name = /\.[cm]?[jt]sx?$/.test(file) ? file : `${file}.ts`;
  return project.createSourceFile(`/${name.replace(/^\/+/, "")}`, text, { overwrite: true });
}

/** An object literal a node stands for: itself, or a same-file constant it names. */
export function objectOf(node: Node | undefined): ObjectLiteralExpression | undefined {
  const value = unwrap(node);
  if (Node.isObjectLiteralExpression(value)) return value;
  if (Node.isIdentifier(value)) {
    const resolved = variableValue(value.getSourceFile(), value.getText());
    if (Node.isObjectLiteralExpression(resolved)) return resolved;
  }
  return undefined;
}

/** The options object of a provider element: `Preset({ … })`, `{ … }`, or a constant of either. */
function providerOptions(element: Node): ObjectLiteralExpression | undefined {
  let value: Node | undefined = element;
  if (Node.isIdentifier(value)) value = variableValue(value.getSourceFile(), value.getText());
  if (Node.isCallExpression(value)) return objectOf(value.getArguments()[0]);
  return objectOf(value);
}

/** The configuration object `check` judges, parsed again from its file; cached per check run. */
export function configSyntax(context: CheckContext): ConfigSyntax | undefined {
  const known = cache.get(context);
  if (known !== undefined) return known ?? undefined;
  const { config } = context.setup;
  const source = parseOwn(context.text(config.file), config.file);
  const object = configObjects(source, authVocabulary).find(
    (candidate) => candidate.object.getStartLineNumber() === config.line,
  )?.object;
  const syntax = object
    ? {
        object,
        providers: providerElements(object).elements.map((element, index) => ({
          info: config.providers[index],
          options: providerOptions(element),
        })),
      }
    : undefined;
  cache.set(context, syntax ?? null);
  return syntax;
}

/** A function as written: a method, an arrow or function expression, or a same-file function. */
export type FunctionSyntax = Node & {
  getParameters(): ParameterDeclaration[];
  getBody(): Node | undefined;
};

function isFunction(node: Node | undefined): node is FunctionSyntax {
  return (
    Node.isMethodDeclaration(node) ||
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node) ||
    Node.isFunctionDeclaration(node)
  );
}

/** `name(…) {}`, `name: (…) => …`, `name: fn` (a same-file function or constant) in an object. */
export function functionProperty(
  object: ObjectLiteralExpression | undefined,
  name: string,
): FunctionSyntax | undefined {
  if (!object) return undefined;
  const property = object.getProperty(name);
  if (isFunction(property)) return property;
  const value = propertyValue(object, name);
  if (isFunction(value)) return value;
  if (Node.isIdentifier(value)) {
    const source = value.getSourceFile();
    const declared = source.getFunction(value.getText()) ?? variableValue(source, value.getText());
    if (isFunction(declared)) return declared;
  }
  return undefined;
}

/** `callbacks.<name>` of the configuration. */
export function callback(syntax: ConfigSyntax, name: string): FunctionSyntax | undefined {
  return functionProperty(objectOf(propertyValue(syntax.object, "callbacks")), name);
}

/** Whether a node belongs to `fn` itself rather than to a function nested in it. */
function ownedBy(node: Node, fn: Node): boolean {
  for (let parent = node.getParent(); parent; parent = parent.getParent()) {
    if (parent === fn) return true;
    if (isFunction(parent)) return false;
  }
  return false;
}

/**
 * What a function can return, each with its node: the expression of every `return` of its own
 * (`undefined` for a bare `return`), an arrow's expression body, and `undefined` when the end of
 * a block body can be reached (approximated: its last statement is not a return or a throw).
 */
export function returnedValues(fn: FunctionSyntax): { node: Node; value: Node | undefined }[] {
  const body = fn.getBody();
  if (!body) return [];
  if (!Node.isBlock(body)) return [{ node: body, value: unwrap(body) }];
  const values = body
    .getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((statement) => ownedBy(statement, fn))
    .map((statement) => ({ node: statement as Node, value: unwrap(statement.getExpression()) }));
  const last = body.getStatements().at(-1);
  if (!Node.isReturnStatement(last) && !Node.isThrowStatement(last))
    values.push({ node: last ?? body, value: undefined });
  return values;
}

/**
 * A number written as arithmetic of literals (`60 * 60 * 24 * 400`, `365 * DAY` with a same-file
 * constant), or undefined for anything computed at run time.
 */
export function numericValue(node: Node | undefined, depth = 0): number | undefined {
  const value = unwrap(node);
  if (!value || depth > 20) return undefined;
  if (Node.isNumericLiteral(value)) return value.getLiteralValue();
  if (Node.isPrefixUnaryExpression(value) && value.getOperatorToken() === SyntaxKind.MinusToken) {
    const operand = numericValue(value.getOperand(), depth + 1);
    return operand === undefined ? undefined : -operand;
  }
  if (Node.isIdentifier(value))
    return numericValue(variableValue(value.getSourceFile(), value.getText()), depth + 1);
  if (!Node.isBinaryExpression(value)) return undefined;
  const left = numericValue(value.getLeft(), depth + 1);
  const right = numericValue(value.getRight(), depth + 1);
  if (left === undefined || right === undefined) return undefined;
  switch (value.getOperatorToken().getKind()) {
    case SyntaxKind.PlusToken:
      return left + right;
    case SyntaxKind.MinusToken:
      return left - right;
    case SyntaxKind.AsteriskToken:
      return left * right;
    case SyntaxKind.SlashToken:
      return left / right;
    case SyntaxKind.AsteriskAsteriskToken:
      return left ** right;
    default:
      return undefined;
  }
}

/** `true`/`false` written literally, else undefined. */
export function booleanValue(node: Node | undefined): boolean | undefined {
  const value = unwrap(node);
  if (Node.isTrueLiteral(value)) return true;
  if (Node.isFalseLiteral(value)) return false;
  return undefined;
}

/** A string written literally (quotes or a template without substitutions), else undefined. */
export function stringValue(node: Node | undefined): string | undefined {
  const value = unwrap(node);
  if (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value))
    return value.getLiteralValue();
  return undefined;
}
