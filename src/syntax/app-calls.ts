/**
 * What a source file does about env files and ports, read from its syntax tree (so a comment or
 * a string that merely mentions `loadEnvFile(` or `.listen(8080)` decides nothing): the calls
 * detection looks for, with the literal values they are given.
 */
import type { CallExpression, SourceFile, Node as TsNode } from "ts-morph";
import { parse } from "./parse.js";
import { Node, SyntaxKind } from "./ts-morph.js";

/** The string a literal holds (`"x"`, `'x'`, `` `x` `` without substitutions), if it is one. */
function stringValue(node: TsNode | undefined): string | undefined {
  return Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)
    ? node.getLiteralValue()
    : undefined;
}

/** The number a literal holds (`3000`, `"3000"`), if it is one of 2 to 5 digits. */
function portValue(node: TsNode | undefined): number | undefined {
  const text = Node.isNumericLiteral(node) ? node.getText() : stringValue(node);
  return text !== undefined && /^\d{2,5}$/.test(text) ? Number(text) : undefined;
}

/** The name a call's callee ends with: `loadEnvFile` for `process.loadEnvFile(…)` or `process?.loadEnvFile?.(…)`. */
function calleeName(call: TsNode): string | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  if (Node.isIdentifier(callee)) return callee.getText();
  if (Node.isPropertyAccessExpression(callee)) return callee.getName();
  return undefined;
}

function calls(source: SourceFile, name: string) {
  return source
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((call) => calleeName(call) === name);
}

/** Every module a file loads by a literal specifier: imports, `require()` and `import()`. */
export function loadedModules(text: string, file: string): string[] {
  const source = parse(text, file);
  const modules = source.getImportDeclarations().map((d) => d.getModuleSpecifierValue());
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const dynamic = callee.getKind() === SyntaxKind.ImportKeyword;
    if (!dynamic && !(Node.isIdentifier(callee) && callee.getText() === "require")) continue;
    const specifier = stringValue(call.getArguments()[0]);
    if (specifier !== undefined) modules.push(specifier);
  }
  return modules;
}

/** The env file a file loads itself, and whether the path is relative to the file. */
export interface EnvFileCall {
  /** The path as written, or undefined for a call without one (the loader's default). */
  path: string | undefined;
  fileRelative: boolean;
}

/**
 * `process.loadEnvFile()` (with its path, if literal) and dotenv's `config({ path })` (a literal,
 * or the last literal of `path.resolve(__dirname, "../.env.local")`-like expressions inside it).
 */
export function envFileCalls(
  text: string,
  file: string,
): { loadEnvFile: EnvFileCall[]; config: EnvFileCall[] } {
  const source = parse(text, file);
  const loadEnvFile = calls(source, "loadEnvFile").map((call) => ({
    path: stringValue(call.getArguments()[0]),
    fileRelative: false,
  }));
  const config: EnvFileCall[] = [];
  for (const call of calls(source, "config")) {
    const options = call.getArguments()[0];
    if (!Node.isObjectLiteralExpression(options)) continue;
    const property = options.getProperty("path");
    if (!Node.isPropertyAssignment(property)) continue;
    const value = property.getInitializerOrThrow();
    const literals = [value, ...value.getDescendants()].map(stringValue).filter(
      // `existsSync(".env") ? ".env" : ".env.example"`: the example is a fallback, not the file.
      (literal): literal is string =>
        literal !== undefined &&
        /\.env[\w.-]*$/.test(literal) &&
        !/\.(example|sample|template|dist|defaults)$/.test(literal),
    );
    if (literals.length === 0) continue;
    config.push({
      path: literals.at(-1),
      fileRelative: /__dirname|import\.meta\.(dirname|url)/.test(value.getText()),
    });
  }
  return { loadEnvFile, config };
}

/**
 * The port a server file names, by priority: `.listen(3000)`, then a `PORT ?? 3000` (or `||`)
 * fallback, then `port = 3000`.
 */
export function listenedPort(text: string, file: string): number | undefined {
  const source = parse(text, file);
  for (const call of calls(source, "listen")) {
    const port = portValue(call.getArguments()[0]);
    if (port !== undefined) return port;
  }
  for (const binary of source.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    const operator = binary.getOperatorToken().getKind();
    if (operator !== SyntaxKind.QuestionQuestionToken && operator !== SyntaxKind.BarBarToken)
      continue;
    if (!/\bPORT\b/.test(binary.getLeft().getText())) continue;
    const port = portValue(binary.getRight());
    if (port !== undefined) return port;
  }
  for (const declaration of source.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
    if (!/^port$/i.test(declaration.getName())) continue;
    const port = portValue(declaration.getInitializer());
    if (port !== undefined) return port;
  }
  for (const property of source.getDescendantsOfKind(SyntaxKind.PropertyAssignment)) {
    if (!/^["']?port["']?$/i.test(property.getNameNode().getText())) continue;
    if (isOtherServicePort(property)) continue;
    const port = schemaDefault(property.getInitializer());
    if (port !== undefined) return port;
  }
  return undefined;
}

/** `{ db: { port: 5432 } }`, `redis: { port: 6379 }`: a port of another service, not the app's. */
function isOtherServicePort(property: TsNode): boolean {
  const owner = property.getParent()?.getParent();
  const name = Node.isPropertyAssignment(owner)
    ? owner.getName()
    : Node.isVariableDeclaration(owner)
      ? owner.getName()
      : "";
  return /db|database|redis|mongo|postgres|mysql|sql|smtp|mail|cache|queue|amqp|rabbit|kafka|elastic/i.test(
    name,
  );
}

/**
 * The port an env schema or config object gives: `port: 8080`, `PORT: process.env.PORT || 8080`,
 * zod's `PORT: z.coerce.number().default(8080)`, envalid's `PORT: port({ default: 8080 })`.
 */
function schemaDefault(value: TsNode | undefined): number | undefined {
  const literal = portValue(value);
  if (literal !== undefined) return literal;
  if (Node.isBinaryExpression(value)) {
    const operator = value.getOperatorToken().getKind();
    if (operator === SyntaxKind.QuestionQuestionToken || operator === SyntaxKind.BarBarToken)
      return portValue(value.getRight());
  }
  if (!Node.isCallExpression(value)) return undefined;
  for (const call of [value, ...value.getDescendantsOfKind(SyntaxKind.CallExpression)]) {
    if (calleeName(call) === "default") {
      const port = portValue((call as CallExpression).getArguments()[0]);
      if (port !== undefined) return port;
    }
    for (const argument of (call as CallExpression).getArguments()) {
      if (!Node.isObjectLiteralExpression(argument)) continue;
      const fallback = argument.getProperty("default") ?? argument.getProperty("devDefault");
      if (Node.isPropertyAssignment(fallback)) {
        const port = portValue(fallback.getInitializer());
        if (port !== undefined) return port;
      }
    }
  }
  return undefined;
}
