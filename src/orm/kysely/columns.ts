import type { Dialect } from "../types.js";

/** One column auth needs: its SQL type per dialect and its TypeScript type in the `DB` interface. */
export interface AuthColumn {
  name: string;
  /** A type name for `addColumn`, or `sql\`…\`` source for what Kysely's types do not list. */
  sql: string;
  ts: string;
  /** The builder calls after the type (`(col) => col.notNull()`), without the arrow. */
  modifiers?: string;
}

export interface AuthTable {
  name: "User" | "Account" | "Session" | "VerificationToken";
  columns: AuthColumn[];
  /** Statements after `createTable(…)`'s columns (constraints), as builder calls. */
  constraints?: string[];
}

/** What the id columns are: `uuid` where the app's ids are, else text the adapter's UUIDs fit. */
export interface IdStyle {
  /** SQL type of `User.id` and the columns referencing it. */
  userId: string;
  /** SQL type of the other tables' own ids. */
  ownId: string;
  /** A database-side default for ids the adapter does not supply (Account, Session). */
  idDefault: string;
}

/** The id types for a dialect; `existing` is the SQL type of an existing `User.id`. */
export function idStyle(dialect: Dialect, uuid: boolean, existing?: string): IdStyle {
  if (dialect === "postgresql") {
    const own = uuid ? "uuid" : "text";
    return {
      userId: existing ?? own,
      ownId: own,
      idDefault: uuid ? "sql`gen_random_uuid()`" : "sql`gen_random_uuid()::text`",
    };
  }
  if (dialect === "mysql")
    return { userId: existing ?? "varchar(36)", ownId: "varchar(36)", idDefault: "sql`(uuid())`" };
  return {
    userId: existing ?? "text",
    ownId: "text",
    idDefault: "sql`(lower(hex(randomblob(16))))`",
  };
}

/** A quoted SQL type for a builder argument: names Kysely's types list stay strings. */
function sqlArg(type: string): string {
  return /^(text|uuid|integer|bigint|timestamptz|varchar\(\d+\)|datetime\(3\)|datetime)$/.test(type)
    ? `"${type}"`
    : `sql\`${type}\``;
}

/**
 * The four tables @auth/kysely-adapter 1.x reads and writes, under the fixed names it queries
 * (`User`, `Account`, `Session`, `VerificationToken`), with the camelCase and snake_case column
 * names of Auth.js's `AdapterUser`/`AdapterAccount`/… . SQLite keeps dates as ISO text because
 * the adapter converts them to strings there; MySQL needs bounded `varchar`s for keys.
 */
export function authTables(dialect: Dialect, ids: IdStyle): AuthTable[] {
  const key = dialect === "mysql" ? "varchar(255)" : "text";
  const long = "text";
  const date =
    dialect === "postgresql" ? "timestamptz" : dialect === "mysql" ? "datetime(3)" : "text";
  const dateTs = dialect === "sqlite" ? "string" : "Date";
  const idTs = "Generated<string>";
  const ownId = {
    name: "id",
    sql: ids.ownId,
    ts: idTs,
    modifiers: `primaryKey().defaultTo(${ids.idDefault})`,
  };
  const userRef = () => ({
    name: "userId",
    sql: ids.userId,
    ts: "string",
    modifiers: `notNull().references("User.id").onDelete("cascade")`,
  });
  return [
    {
      name: "User",
      columns: [
        {
          name: "id",
          sql: ids.userId,
          ts: idTs,
          modifiers: `primaryKey().defaultTo(${ids.idDefault})`,
        },
        { name: "name", sql: key, ts: "string | null" },
        { name: "email", sql: key, ts: "string", modifiers: "notNull().unique()" },
        { name: "emailVerified", sql: date, ts: `${dateTs} | null` },
        { name: "image", sql: long, ts: "string | null" },
      ],
    },
    {
      name: "Account",
      columns: [
        ownId,
        userRef(),
        { name: "type", sql: key, ts: "string", modifiers: "notNull()" },
        { name: "provider", sql: key, ts: "string", modifiers: "notNull()" },
        { name: "providerAccountId", sql: key, ts: "string", modifiers: "notNull()" },
        { name: "refresh_token", sql: long, ts: "string | null" },
        { name: "access_token", sql: long, ts: "string | null" },
        { name: "expires_at", sql: "integer", ts: "number | null" },
        { name: "token_type", sql: key, ts: "string | null" },
        { name: "scope", sql: long, ts: "string | null" },
        { name: "id_token", sql: long, ts: "string | null" },
        { name: "session_state", sql: long, ts: "string | null" },
      ],
      constraints: [
        `addUniqueConstraint("Account_provider_providerAccountId_key", ["provider", "providerAccountId"])`,
      ],
    },
    {
      name: "Session",
      columns: [
        ownId,
        userRef(),
        { name: "sessionToken", sql: key, ts: "string", modifiers: "notNull().unique()" },
        { name: "expires", sql: date, ts: dateTs, modifiers: "notNull()" },
      ],
    },
    {
      name: "VerificationToken",
      columns: [
        { name: "identifier", sql: key, ts: "string", modifiers: "notNull()" },
        { name: "token", sql: key, ts: "string", modifiers: "notNull()" },
        { name: "expires", sql: date, ts: dateTs, modifiers: "notNull()" },
      ],
      constraints: [`addPrimaryKeyConstraint("VerificationToken_pkey", ["identifier", "token"])`],
    },
  ];
}

/** `.addColumn("name", "text", (col) => col.notNull())` for one column. */
export function addColumnCall(column: AuthColumn): string {
  const builder = column.modifiers ? `, (col) => col.${column.modifiers}` : "";
  return `.addColumn("${column.name}", ${sqlArg(column.sql)}${builder})`;
}
