import type { ObjectLiteralExpression } from "ts-morph";
import { Node, SyntaxKind } from "../syntax/ts-morph.js";
import { propertyValue, unwrap, variableValue } from "../syntax/values.js";
import { configSyntax, objectOf } from "./config-syntax.js";
import type { CheckContext } from "./types.js";

/** A `Password(…)` entry of the configuration: its line, and its options object when written. */
export interface PasswordProvider {
  line: number;
  options: ObjectLiteralExpression | undefined;
}

/** The configuration's providers from `@create-auth/runtime/providers/password`. */
export function passwordProviders(context: CheckContext): PasswordProvider[] {
  const { config } = context.setup;
  const fromSetup = config.providers.filter((provider) => provider.preset === "password");
  if (fromSetup.length === 0) return [];
  const syntax = configSyntax(context);
  if (!syntax) return fromSetup.map((provider) => ({ line: provider.line, options: undefined }));
  return syntax.providers
    .filter(({ info }) => info?.preset === "password")
    .map(({ info, options }) => ({ line: info!.line, options }));
}

/**
 * A number as written, read without running anything: a literal, `2 ** 14`, `16 * 1024`,
 * `1 << 14`, `Math.pow(2, 14)`, parentheses, or a same-file constant of these. Undefined for
 * anything else (an environment variable, a call).
 */
export function literalNumber(node: Node | undefined, depth = 0): number | undefined {
  const value = unwrap(node);
  if (!value || depth > 8) return undefined;
  if (Node.isNumericLiteral(value)) return value.getLiteralValue();
  if (Node.isIdentifier(value))
    return literalNumber(variableValue(value.getSourceFile(), value.getText()), depth + 1);
  if (Node.isBinaryExpression(value)) {
    const left = literalNumber(value.getLeft(), depth + 1);
    const right = literalNumber(value.getRight(), depth + 1);
    if (left === undefined || right === undefined) return undefined;
    switch (value.getOperatorToken().getKind()) {
      case SyntaxKind.AsteriskAsteriskToken:
        return left ** right;
      case SyntaxKind.AsteriskToken:
        return left * right;
      case SyntaxKind.LessThanLessThanToken:
        return left << right;
      default:
        return undefined;
    }
  }
  if (Node.isCallExpression(value) && value.getExpression().getText() === "Math.pow") {
    const [base, exponent] = value.getArguments().map((arg) => literalNumber(arg, depth + 1));
    return base === undefined || exponent === undefined ? undefined : base ** exponent;
  }
  return undefined;
}

/**
 * An option of a `Password({ … })` entry, when written: its value (a same-file constant
 * resolved) and the line of the property in the call.
 */
export function passwordOption(provider: PasswordProvider, name: string) {
  const property = provider.options?.getProperty(name);
  const node = provider.options && propertyValue(provider.options, name);
  return property && node ? { node, line: property.getStartLineNumber() } : undefined;
}

/** `hash: { … }` of a `Password({ … })` entry, when written as an object. */
export function hashObject(provider: PasswordProvider) {
  return objectOf(passwordOption(provider, "hash")?.node);
}
