import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ObjectLiteralExpression, SourceFile } from "ts-morph";
import { parse } from "../../syntax/parse.js";
import { Node } from "../../syntax/ts-morph.js";
import { propertyValue, unwrap } from "../../syntax/values.js";
import type { Dialect } from "../types.js";

/** What a drizzle.config file says, read from its syntax (never executed: it may open sockets). */
export interface DrizzleConfig {
  file: string;
  dialect: Dialect | undefined;
  /** The `schema` entries as written: files, folders or globs, project-relative without `./`. */
  schema: string[];
  /** Whether `schema` is an explicit list (new schema files are added to it). */
  schemaIsArray: boolean;
  /** The migrations folder (drizzle-kit's default is `drizzle`). */
  out: string | undefined;
  /** `dbCredentials.url` when written as a literal (an env lookup reads as undefined). */
  url: string | undefined;
  /** drizzle-kit < 0.21 spelled the dialect as `driver: "pg"`. */
  legacyDriver: string | undefined;
  evidence: string;
}

/** Config file names drizzle-kit looks for, in its own order. */
export const CONFIG_FILES = [
  "drizzle.config.ts",
  "drizzle.config.mts",
  "drizzle.config.cts",
  "drizzle.config.js",
  "drizzle.config.mjs",
  "drizzle.config.cjs",
  "drizzle.config.json",
];

/** Both spellings: drizzle-kit ≥ 0.21 `dialect`, older `driver` (`pg`, `mysql2`, `better-sqlite`…). */
const DIALECTS: Record<string, Dialect> = {
  postgresql: "postgresql",
  pg: "postgresql",
  mysql: "mysql",
  mysql2: "mysql",
  singlestore: "mysql",
  sqlite: "sqlite",
  turso: "sqlite",
  "better-sqlite": "sqlite",
  libsql: "sqlite",
  "d1-http": "sqlite",
};

/** `defineConfig({…})`, `export default {…} satisfies Config`, `module.exports = {…}`. */
function configObject(file: SourceFile): ObjectLiteralExpression | undefined {
  let found: ObjectLiteralExpression | undefined;
  const consider = (node: Node | undefined) => {
    let value = unwrap(node);
    if (Node.isIdentifier(value)) {
      value = unwrap(file.getVariableDeclaration(value.getText())?.getInitializer());
    }
    if (Node.isCallExpression(value)) value = unwrap(value.getArguments()[0]);
    if (!found && Node.isObjectLiteralExpression(value)) found = value;
  };
  for (const statement of file.getStatements()) {
    if (Node.isExportAssignment(statement)) consider(statement.getExpression());
    if (Node.isExpressionStatement(statement)) {
      const expression = statement.getExpression();
      if (
        Node.isBinaryExpression(expression) &&
        expression.getLeft().getText() === "module.exports"
      )
        consider(expression.getRight());
    }
  }
  return found;
}

function literal(node: Node | undefined): string | undefined {
  return Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)
    ? node.getLiteralValue()
    : undefined;
}

const clean = (path: string) => path.replace(/^\.\//, "").replace(/\/$/, "");

/** Reads the project's drizzle.config, when it has one. */
export function readDrizzleConfig(root: string): DrizzleConfig | undefined {
  const name = CONFIG_FILES.find((candidate) => existsSync(join(root, candidate)));
  if (!name) return undefined;
  const text = readFileSync(join(root, name), "utf8");
  const values: Record<string, unknown> = {};
  let schemaNode: Node | undefined;
  if (name.endsWith(".json")) {
    Object.assign(values, JSON.parse(text) as Record<string, unknown>);
  } else {
    const object = configObject(parse(text, name));
    if (object) {
      for (const key of ["dialect", "driver", "out"])
        values[key] = literal(propertyValue(object, key));
      schemaNode = propertyValue(object, "schema");
      const credentials = unwrap(propertyValue(object, "dbCredentials"));
      if (Node.isObjectLiteralExpression(credentials))
        values.url = literal(propertyValue(credentials, "url"));
      if (Node.isArrayLiteralExpression(schemaNode))
        values.schema = schemaNode.getElements().map(literal);
      else values.schema = literal(schemaNode);
    }
  }
  const rawSchema = values.schema;
  const schema = (Array.isArray(rawSchema) ? rawSchema : [rawSchema])
    .filter((entry): entry is string => typeof entry === "string")
    .map(clean);
  const dialectWord = (values.dialect ?? values.driver) as string | undefined;
  const dialect = dialectWord ? DIALECTS[dialectWord] : undefined;
  const line = schemaNode ? `:${schemaNode.getStartLineNumber()}` : "";
  return {
    file: name,
    dialect,
    schema,
    schemaIsArray: Array.isArray(rawSchema),
    out: typeof values.out === "string" ? clean(values.out) : undefined,
    url: typeof values.url === "string" ? values.url : undefined,
    legacyDriver: values.dialect ? undefined : (values.driver as string | undefined),
    evidence: `${name}${line}: ${dialectWord ? `dialect "${dialectWord}", ` : ""}schema ${JSON.stringify(Array.isArray(rawSchema) ? schema : schema[0])}`,
  };
}
