import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { commit } from "../support/install.js";

const made: string[] = [];

/** A project in a temp folder from a file map (package.json given as an object). */
export function writeProject(files: Record<string, string | object>, into?: string): string {
  const root = into ?? mkdtempSync(join(tmpdir(), "kysely-app-"));
  if (!into) made.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(
      join(root, path),
      typeof content === "string" ? content : `${JSON.stringify(content, null, 2)}\n`,
    );
  }
  return root;
}

export function removeProjects(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const tsconfig = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  },
  include: ["src", "migrations"],
};

/** PostgreSQL, a hand-written `DB` interface, kysely-ctl with `Date.now()` migrations. */
export function postgresCtlApp(): Record<string, string | object> {
  return {
    "package.json": {
      name: "pg-app",
      type: "module",
      dependencies: { kysely: "^0.28.19", pg: "^8.16.0" },
      devDependencies: { "kysely-ctl": "^0.20.0", typescript: "~5.9.3" },
    },
    "tsconfig.json": tsconfig,
    "src/db/types.ts": `import type { Generated } from "kysely";

export interface PetTable {
  id: Generated<string>;
  name: string;
}

export interface DB {
  pet: PetTable;
}
`,
    "src/db/index.ts": `import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "./types.js";

export const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL }) }),
});
`,
    "kysely.config.ts": `import { defineConfig } from "kysely-ctl";
import { db } from "./src/db/index.js";

export default defineConfig({
  kysely: db,
  migrations: { migrationFolder: "migrations" },
});
`,
    "migrations/1700000000000_pets.ts": `import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pet")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql\`gen_random_uuid()\`))
    .addColumn("name", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pet").execute();
}
`,
  };
}

/** MySQL, the app's own Migrator with FileMigrationProvider, numbered migrations, a script. */
export function mysqlMigratorApp(): Record<string, string | object> {
  return {
    "package.json": {
      name: "mysql-app",
      type: "module",
      scripts: { "db:migrate": "tsx src/migrate.ts" },
      dependencies: { kysely: "^0.28.19", mysql2: "^3.14.0" },
    },
    "tsconfig.json": { ...tsconfig, include: ["src"] },
    "src/database.ts": `import { Kysely, MysqlDialect } from "kysely";
import { createPool } from "mysql2";

export interface Database {
  note: { id: number; body: string };
}

const dialect = new MysqlDialect({ pool: createPool({ uri: process.env.DATABASE_URL }) });

export const db = new Kysely<Database>({ dialect });
`,
    "src/migrate.ts": `import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, Migrator } from "kysely";
import { db } from "./database.js";

const migrator = new Migrator({
  db,
  provider: new FileMigrationProvider({
    fs,
    path,
    migrationFolder: path.join(import.meta.dirname, "migrations"),
  }),
});
const { error } = await migrator.migrateToLatest();
await db.destroy();
if (error) throw error;
`,
    "src/migrations/001_notes.ts": `import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("note").addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()).addColumn("body", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("note").execute();
}
`,
    "src/migrations/002_tags.ts": `import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("tag").addColumn("id", "integer", (c) => c.primaryKey()).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tag").execute();
}
`,
  };
}

/** SQLite through libsql, kysely-codegen's DB from node_modules, no migrations yet. */
export function libsqlCodegenApp(): Record<string, string | object> {
  return {
    "package.json": {
      name: "libsql-app",
      type: "module",
      scripts: { codegen: "kysely-codegen --dialect libsql" },
      dependencies: { kysely: "^0.28.19", "@libsql/kysely-libsql": "^0.4.1" },
      devDependencies: { "kysely-codegen": "^0.20.0" },
    },
    "tsconfig.json": tsconfig,
    "src/db.ts": `import { LibsqlDialect } from "@libsql/kysely-libsql";
import { Kysely } from "kysely";
import type { DB } from "kysely-codegen";

const db = new Kysely<DB>({ dialect: new LibsqlDialect({ url: "file:app.db" }) });

export default db;
`,
  };
}

/** A CommonJS JavaScript app (`module.exports = { db }`), SQLite, no DB type, no migrations. */
export function commonJsApp(): Record<string, string | object> {
  return {
    "package.json": {
      name: "cjs-app",
      dependencies: { kysely: "^0.28.19", "better-sqlite3": "^12.0.0" },
    },
    "lib/db.js": `const { Kysely, SqliteDialect } = require("kysely");
const Database = require("better-sqlite3");

const db = new Kysely({ dialect: new SqliteDialect({ database: new Database("app.db") }) });

module.exports = { db };
`,
  };
}

/** SQLite through libsql with its own `User` table (text ids, no emailVerified or image). */
export function sqliteUserApp(): Record<string, string | object> {
  return {
    "package.json": {
      name: "sqlite-app",
      type: "module",
      dependencies: { kysely: "^0.28.19", "@libsql/kysely-libsql": "^0.4.1" },
    },
    "tsconfig.json": tsconfig,
    "src/db.ts": `import { LibsqlDialect } from "@libsql/kysely-libsql";
import { Kysely } from "kysely";

export interface UserRow {
  id: string;
  name: string | null;
  email: string;
}

export interface NoteRow {
  id: number;
  userId: string;
  body: string;
}

export interface DB {
  User: UserRow;
  note: NoteRow;
}

export const db = new Kysely<DB>({ dialect: new LibsqlDialect({ url: process.env.DATABASE_URL ?? "file:app.db" }) });
`,
    "migrations/2024-01-01T10-00-00_users.ts": `import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("User")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text")
    .addColumn("email", "text", (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable("note")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("userId", "text", (col) => col.notNull().references("User.id"))
    .addColumn("body", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("note").execute();
  await db.schema.dropTable("User").execute();
}
`,
  };
}

/** {@link postgresCtlApp} as an Express 5 app whose `src/app.ts` is `app`, committed to git. */
export function expressPostgresCtlApp(app: string): string {
  const files = postgresCtlApp();
  const pkg = files["package.json"] as { dependencies: Record<string, string> };
  pkg.dependencies.express = "^5.1.0";
  const root = writeProject({ ...files, "src/app.ts": app });
  commit(root, { init: true });
  return root;
}
