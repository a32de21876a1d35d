import type { CallExpression, ObjectLiteralExpression, SourceFile } from "ts-morph";
import { Node } from "../../syntax/ts-morph.js";
import type { Dialect } from "../types.js";

/** The table constructors of drizzle's three dialect cores. */
export const TABLE_FUNCTIONS: Record<string, Dialect> = {
  pgTable: "postgresql",
  mysqlTable: "mysql",
  sqliteTable: "sqlite",
};

/** One column of a table as written: `email: varchar("email", { length: 255 }).notNull()`. */
export interface ColumnDef {
  key: string;
  /** The column type function at the root of the chain (`varchar`). */
  builder: string;
  /** Its arguments after the column name, as written (`{ length: 255 }`), or "". */
  options: string;
  text: string;
}

/** A `pgTable("users", {…})` (or mysqlTable, sqliteTable) bound to a top-level variable. */
export interface TableDef {
  file: string;
  variable: string;
  exported: boolean;
  /** The SQL name. */
  name: string;
  dialect: Dialect;
  line: number;
  columns: ColumnDef[];
}

/** The call at the root of `text("id").primaryKey().$defaultFn(…)`. */
export function rootCall(node: Node): CallExpression | undefined {
  let current: Node | undefined = node;
  let root: CallExpression | undefined;
  while (current) {
    if (Node.isCallExpression(current)) {
      root = current;
      current = current.getExpression();
    } else if (Node.isPropertyAccessExpression(current)) current = current.getExpression();
    else break;
  }
  return root;
}

function columnOf(key: string, value: Node): ColumnDef | undefined {
  const call = rootCall(value);
  if (!call) return undefined;
  const [, ...rest] = call.getArguments();
  const first = call.getArguments()[0];
  // `text()` without a name (drizzle ≥ 0.32 takes the key) or with only options.
  const options = Node.isObjectLiteralExpression(first) ? [first, ...rest] : rest;
  return {
    key,
    builder: call.getExpression().getText(),
    options: options.map((arg) => arg.getText()).join(", "),
    text: value.getText(),
  };
}

/** The columns object of a table call. */
export function columnsObject(call: CallExpression): ObjectLiteralExpression | undefined {
  const columns = call.getArguments()[1];
  return Node.isObjectLiteralExpression(columns) ? columns : undefined;
}

/** The table calls of one schema file, by variable. */
export function tablesIn(file: SourceFile, path: string): TableDef[] {
  const tables: TableDef[] = [];
  for (const statement of file.getVariableStatements()) {
    for (const declaration of statement.getDeclarations()) {
      const call = declaration.getInitializer();
      if (!Node.isCallExpression(call)) continue;
      const dialect = TABLE_FUNCTIONS[call.getExpression().getText()];
      const nameNode = call.getArguments()[0];
      const columns = columnsObject(call);
      if (!dialect || !Node.isStringLiteral(nameNode) || !columns) continue;
      tables.push({
        file: path,
        variable: declaration.getName(),
        exported: statement.isExported(),
        name: nameNode.getLiteralValue(),
        dialect,
        line: declaration.getStartLineNumber(),
        columns: columns.getProperties().flatMap((property) => {
          if (!Node.isPropertyAssignment(property)) return [];
          return columnOf(property.getName(), property.getInitializerOrThrow()) ?? [];
        }),
      });
    }
  }
  return tables;
}

/** The roles of Auth.js tables, recognised by the columns the adapter reads. */
export type AuthRole = "users" | "accounts" | "sessions" | "verificationTokens" | "authenticators";

const SIGNATURES: Record<Exclude<AuthRole, "users">, string[]> = {
  accounts: ["userId", "provider", "providerAccountId"],
  sessions: ["sessionToken", "userId", "expires"],
  verificationTokens: ["identifier", "token", "expires"],
  authenticators: ["credentialID", "credentialPublicKey", "counter"],
};

/** The auth role a table plays, by its columns (undefined: not an auth table). */
export function authRoleOf(table: TableDef): Exclude<AuthRole, "users"> | undefined {
  const keys = new Set(table.columns.map((column) => column.key));
  return (Object.keys(SIGNATURES) as (keyof typeof SIGNATURES)[]).find((role) =>
    SIGNATURES[role].every((key) => keys.has(key)),
  );
}

/** The app's users table: `users` or `user`, plural first (the common convention). */
export function usersTableOf(tables: TableDef[]): TableDef | undefined {
  return tables.find((t) => t.name === "users") ?? tables.find((t) => t.name === "user");
}
