import type { ModuleKind } from "../../syntax/module-kind.js";
import { quoted, reindent, type SourceStyle, statement } from "../../syntax/source-style.js";
import type { Dialect } from "../types.js";
import type { AuthRole, ColumnDef } from "./tables.js";

/**
 * The auth tables in Drizzle's own language, one dialect core each. Columns and keys follow what
 * `@auth/drizzle-adapter` reads (its `lib/{pg,mysql,sqlite}.ts` and the adapter's documentation,
 * checked for 1.0.0 and 1.11.3): the column keys are the adapter's property names, so they must
 * not be renamed; the SQL names follow the app's users table (plural when it is `users`).
 */
export type TableRole = Exclude<AuthRole, "users">;

export const TABLE_VARIABLES: Record<TableRole, string> = {
  accounts: "accounts",
  sessions: "sessions",
  verificationTokens: "verificationTokens",
  authenticators: "authenticators",
};

/** SQL table names: the adapter's singular defaults, or plural beside a `users` table. */
export function tableNames(plural: boolean): Record<TableRole, string> {
  return plural
    ? {
        accounts: "accounts",
        sessions: "sessions",
        verificationTokens: "verification_tokens",
        authenticators: "authenticators",
      }
    : {
        accounts: "account",
        sessions: "session",
        verificationTokens: "verificationToken",
        authenticators: "authenticator",
      };
}

const CORE: Record<Dialect, { module: string; table: string }> = {
  postgresql: { module: "drizzle-orm/pg-core", table: "pgTable" },
  mysql: { module: "drizzle-orm/mysql-core", table: "mysqlTable" },
  sqlite: { module: "drizzle-orm/sqlite-core", table: "sqliteTable" },
};

/** Column builders per dialect: a string column, an integer, a date, a boolean. */
function kinds(dialect: Dialect) {
  switch (dialect) {
    case "postgresql":
      return {
        str: (name: string) => `text("${name}")`,
        int: (name: string) => `integer("${name}")`,
        date: (name: string) => `timestamp("${name}", { mode: "date" })`,
        bool: (name: string) => `boolean("${name}")`,
        long: (name: string) => `text("${name}")`,
      };
    case "mysql":
      return {
        str: (name: string) => `varchar("${name}", { length: 255 })`,
        int: (name: string) => `int("${name}")`,
        date: (name: string) => `timestamp("${name}", { mode: "date", fsp: 3 })`,
        bool: (name: string) => `boolean("${name}")`,
        long: (name: string) => `varchar("${name}", { length: 2048 })`,
      };
    case "sqlite":
      return {
        str: (name: string) => `text("${name}")`,
        int: (name: string) => `integer("${name}")`,
        date: (name: string) => `integer("${name}", { mode: "timestamp_ms" })`,
        bool: (name: string) => `integer("${name}", { mode: "boolean" })`,
        long: (name: string) => `text("${name}")`,
      };
  }
}

/** The builder and options of a column that references the users id (same SQL type). */
export function foreignKeyColumn(dialect: Dialect, id: ColumnDef | undefined): string {
  if (!id) return kinds(dialect).str("userId");
  const options = id.options ? `, ${id.options}` : "";
  if (dialect === "postgresql" && id.builder === "serial") return `integer("userId")`;
  if (dialect === "postgresql" && id.builder === "bigserial")
    return `bigint("userId", { mode: "number" })`;
  if (dialect === "postgresql" && id.builder === "smallserial") return `smallint("userId")`;
  if (dialect === "mysql" && id.builder === "serial")
    return `bigint("userId", { mode: "number", unsigned: true })`;
  return `${id.builder}("userId"${options})`;
}

/** Whether the users id is a string column (the adapter's declared type) or a number. */
export function idIsString(id: ColumnDef | undefined): boolean {
  return !id || ["text", "varchar", "uuid", "char"].includes(id.builder);
}

export interface AuthTablesInput {
  dialect: Dialect;
  /** The users table to reference; undefined makes the file define one. */
  users: { variable: string; from: string; id: ColumnDef | undefined } | undefined;
  roles: TableRole[];
  names: Record<TableRole, string>;
  kind: ModuleKind;
  /** TypeScript files get the adapter's `$type` narrowing of `accounts.type`. */
  typescript: boolean;
  /** drizzle-orm ≥ 0.36 returns extra keys as an array; older releases take an object. */
  keysAsArray: boolean;
  style: SourceStyle;
}

/** The text of the new schema file with the auth tables. */
export function authTablesFile(input: AuthTablesInput): string {
  const { dialect, users, roles, names, style } = input;
  const k = kinds(dialect);
  const q = (text: string) => text.replace(/"/g, style.quote);
  const userRef = users?.variable ?? "users";
  const fk = `${foreignKeyColumn(dialect, users?.id)}.notNull().references(() => ${userRef}.id, { onDelete: "cascade" })`;
  const blocks: string[] = [];
  const table = (variable: string, name: string, columns: string[], key?: string) => {
    const body = columns.map((column) => `  ${column},`).join("\n");
    const extra = !key
      ? ""
      : input.keysAsArray
        ? `, (table) => [${key}]`
        : `, (table) => ({ pk: ${key} })`;
    const call = `${CORE[dialect].table}("${name}", {\n${body}\n}${extra})`;
    const exported = input.kind === "esm" ? `export const ${variable}` : `const ${variable}`;
    blocks.push(`${exported} = ${call}`);
  };
  if (!users)
    table("users", "user", [
      `id: ${k.str("id")}.primaryKey().$defaultFn(() => crypto.randomUUID())`,
      `name: ${k.str("name")}`,
      `email: ${k.str("email")}.unique()`,
      `emailVerified: ${k.date("emailVerified")}`,
      `image: ${k.str("image")}`,
    ]);
  const columns: Record<TableRole, { columns: string[]; key?: string }> = {
    accounts: {
      columns: [
        `userId: ${fk}`,
        `type: ${k.str("type")}.$type<"oauth" | "oidc" | "email" | "webauthn">().notNull()`,
        `provider: ${k.str("provider")}.notNull()`,
        `providerAccountId: ${k.str("providerAccountId")}.notNull()`,
        `refresh_token: ${k.long("refresh_token")}`,
        `access_token: ${k.long("access_token")}`,
        `expires_at: ${k.int("expires_at")}`,
        `token_type: ${k.str("token_type")}`,
        `scope: ${k.str("scope")}`,
        `id_token: ${k.long("id_token")}`,
        `session_state: ${k.str("session_state")}`,
      ],
      key: "primaryKey({ columns: [table.provider, table.providerAccountId] })",
    },
    sessions: {
      columns: [
        `sessionToken: ${k.str("sessionToken")}.primaryKey()`,
        `userId: ${fk}`,
        `expires: ${k.date("expires")}.notNull()`,
      ],
    },
    verificationTokens: {
      columns: [
        `identifier: ${k.str("identifier")}.notNull()`,
        `token: ${k.str("token")}.notNull()`,
        `expires: ${k.date("expires")}.notNull()`,
      ],
      key: "primaryKey({ columns: [table.identifier, table.token] })",
    },
    authenticators: {
      columns: [
        `credentialID: ${k.str("credentialID")}.notNull().unique()`,
        `userId: ${fk}`,
        `providerAccountId: ${k.str("providerAccountId")}.notNull()`,
        `credentialPublicKey: ${k.long("credentialPublicKey")}.notNull()`,
        `counter: ${k.int("counter")}.notNull()`,
        `credentialDeviceType: ${k.str("credentialDeviceType")}.notNull()`,
        `credentialBackedUp: ${k.bool("credentialBackedUp")}.notNull()`,
        `transports: ${k.str("transports")}`,
      ],
      key: "primaryKey({ columns: [table.userId, table.credentialID] })",
    },
  };
  for (const role of roles) {
    const { columns: list, key } = columns[role];
    table(TABLE_VARIABLES[role], names[role], list, key);
  }
  let code = blocks.map((block) => statement(q(block), style)).join("\n\n");
  if (input.kind === "cjs") {
    const exported = [...(users ? [] : ["users"]), ...roles.map((r) => TABLE_VARIABLES[r])];
    code += `\n\n${statement(`module.exports = { ${exported.join(", ")} }`, style)}`;
  }
  // Type parameters are TypeScript: a JavaScript schema keeps the plain column.
  if (!input.typescript) code = code.replace(/\.\$type<[^>]*>\(\)/g, "");
  const builders = [
    ...new Set(
      [
        ...code.matchAll(
          /\b(text|varchar|integer|int|bigint|smallint|uuid|char|timestamp|boolean|primaryKey)\(/g,
        ),
      ].map((m) => m[1]!),
    ),
  ].sort();
  const imports = [
    importLine([CORE[dialect].table, ...builders].sort(), CORE[dialect].module, input),
    users ? importLine([users.variable], users.from, input) : undefined,
  ].filter(Boolean);
  return `${reindent(`${imports.join("\n")}\n\n${code}`, style)}\n`;
}

function importLine(names: string[], from: string, input: AuthTablesInput): string {
  const { style } = input;
  const spec = quoted(from, style);
  if (input.kind === "esm") return statement(`import { ${names.join(", ")} } from ${spec}`, style);
  return statement(`${style.declaration} { ${names.join(", ")} } = require(${spec})`, style);
}
