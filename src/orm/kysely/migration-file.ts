import type { Dialect } from "../types.js";
import { type AuthTable, addColumnCall, authTables, type IdStyle } from "./columns.js";
import type { MigrationNaming } from "./info.js";

/** The digits of a UTC time, `YYYYMMDDHHmmssSSS`, to fill a date-shaped prefix with. */
function utcDigits(now: Date): string {
  return now.toISOString().replace(/\D/g, "");
}

/**
 * The new migration's file name in the app's convention, so Kysely's Migrator (which runs
 * migrations in name order) runs it after the existing ones.
 */
export function migrationFileName(
  naming: MigrationNaming,
  last: string | undefined,
  now: Date,
  extension: string,
): string {
  const name = (prefix: string) => `${prefix}${naming.separator}auth${extension}`;
  switch (naming.kind) {
    case "epoch-ms":
      return name(String(now.getTime()));
    case "epoch-s":
      return name(String(Math.floor(now.getTime() / 1000)));
    case "datetime":
      return name(utcDigits(now).slice(0, 14));
    case "sequence":
      return name(String(naming.next).padStart(naming.width, "0"));
    case "iso": {
      // Same layout as the newest name (`2024-01-01T12-00-00`), its digit slots refilled.
      const layout = /^(\d[\d\-T:.]*?)[_-][A-Za-z]/.exec(last ?? "")?.[1] ?? "";
      const digits = utcDigits(now);
      let index = 0;
      return name(layout.replace(/\d/g, () => digits[index++] ?? "0"));
    }
  }
}

/** How the migration module is written: TypeScript, ES module JavaScript, or CommonJS. */
export type MigrationFlavour = "ts" | "esm" | "cjs";

function createTable(table: AuthTable): string[] {
  return [
    "  await db.schema",
    `    .createTable("${table.name}")`,
    ...table.columns.map((column) => `    ${addColumnCall(column)}`),
    ...(table.constraints ?? []).map((constraint) => `    .${constraint}`),
    "    .execute();",
  ];
}

function index(table: string, column: string): string[] {
  return [
    `  await db.schema.createIndex("${table}_${column}_index").on("${table}").column("${column}").execute();`,
  ];
}

/** What goes into the migration: the tables to create, and the columns an existing `User` lacks. */
export interface MigrationContent {
  dialect: Dialect;
  ids: IdStyle;
  /** Columns to add to the app's `User` table; undefined when the migration creates it. */
  extendUser?: string[];
}

/** The statements of `up` and `down`: `down` drops exactly what `up` created. */
function statements(content: MigrationContent): { up: string[]; down: string[] } {
  const tables = authTables(content.dialect, content.ids);
  const [user, ...others] = tables as [AuthTable, ...AuthTable[]];
  const up: string[] = [];
  const down: string[] = [];
  if (content.extendUser) {
    // One column per statement: SQLite adds a single column per ALTER TABLE.
    for (const name of content.extendUser) {
      const column = user.columns.find((c) => c.name === name)!;
      // Rows already there have no email: the column is added nullable, kept unique by an index.
      const added = { ...column, modifiers: undefined };
      up.push(`  await db.schema.alterTable("User")${addColumnCall(added)}.execute();`);
    }
    if (content.extendUser.includes("email"))
      up.push(
        `  await db.schema.createIndex("User_email_key").on("User").column("email").unique().execute();`,
      );
  } else {
    up.push(...createTable(user), "");
  }
  for (const table of others) up.push(...createTable(table), "");
  up.push(...index("Account", "userId"), ...index("Session", "userId"));
  for (const table of [...others].reverse())
    down.push(`  await db.schema.dropTable("${table.name}").execute();`);
  if (content.extendUser) {
    if (content.extendUser.includes("email"))
      down.push(
        `  await db.schema.dropIndex("User_email_key")${content.dialect === "mysql" ? `.on("User")` : ""}.execute();`,
      );
    for (const name of [...content.extendUser].reverse())
      down.push(`  await db.schema.alterTable("User").dropColumn("${name}").execute();`);
  } else down.push(`  await db.schema.dropTable("User").execute();`);
  return { up, down };
}

const HEADER = [
  "/**",
  " * The tables Auth.js keeps users, OAuth accounts, database sessions and sign-in tokens in,",
  " * named as @auth/kysely-adapter queries them. Written by create-auth.",
  " */",
];

/** The migration module: `up` creates (or extends) the auth tables, `down` removes only those. */
export function migrationSource(content: MigrationContent, flavour: MigrationFlavour): string {
  const { up, down } = statements(content);
  const usesSql = [...up].some((line) => line.includes("sql`"));
  const body = (name: string, lines: string[]) => {
    if (flavour === "ts")
      return [`export async function ${name}(db: Kysely<any>): Promise<void> {`, ...lines, "}"];
    if (flavour === "esm") return [`export async function ${name}(db) {`, ...lines, "}"];
    return [`exports.${name} = async function ${name}(db) {`, ...lines, "};"];
  };
  const imports =
    flavour === "ts"
      ? [
          usesSql
            ? `import { type Kysely, sql } from "kysely";`
            : `import type { Kysely } from "kysely";`,
        ]
      : !usesSql
        ? []
        : flavour === "esm"
          ? [`import { sql } from "kysely";`]
          : [`const { sql } = require("kysely");`];
  const trimmed = (lines: string[]) => (lines.at(-1) === "" ? lines.slice(0, -1) : lines);
  return [
    ...imports,
    ...(imports.length ? [""] : []),
    ...HEADER,
    ...body("up", trimmed(up)),
    "",
    ...body("down", down),
    "",
  ].join("\n");
}
