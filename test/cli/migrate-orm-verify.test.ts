import { readdirSync, renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type ThrowawayDatabase,
  throwawayPostgres,
} from "../../runtime/test/adapters/authjs-orm/databases.js";
import { migrateCommand } from "../../src/commands/migrate.js";
import { removeProjects, writeProject } from "../orm/kysely-projects.js";
import { runCommand, runInit } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

// `create-auth migrate` runs the ORM's own tool, which can exit 0 having applied nothing (a
// migration folder the tool does not read, a script that migrates something else). The command
// then checks, read-only, that the auth tables are there, and fails when they are not.

const databases: ThrowawayDatabase[] = [];
afterAll(async () => {
  removeProjects();
  for (const database of databases) await database.drop();
});

/** A Kysely app on PostgreSQL whose Migrator script is `migrate`, with the repo's drivers. */
async function kyselyApp(): Promise<{ root: string; url: string }> {
  const database = await throwawayPostgres("ca_migrate_verify");
  databases.push(database);
  const root = writeProject({
    "package.json": {
      name: "verify-app",
      type: "module",
      scripts: { "db:migrate": "tsx src/migrate.ts" },
      dependencies: { express: "^5.1.0", kysely: "^0.28.19", pg: "^8.16.0" },
    },
    "src/database.ts": `import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";

export interface Database {
  note: { id: number; body: string };
}

export const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL }) }),
});
`,
    "src/migrate.ts": `import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, Migrator } from "kysely";
import { db } from "./database.js";

const migrator = new Migrator({
  db,
  provider: new FileMigrationProvider({ fs, path, migrationFolder: path.join(import.meta.dirname, "migrations") }),
});
const { error } = await migrator.migrateToLatest();
await db.destroy();
if (error) throw error;
`,
    "src/migrations/001_notes.ts": `import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("note").addColumn("id", "serial", (c) => c.primaryKey()).addColumn("body", "text").execute();
}
`,
    "src/app.ts": `import express from "express";\nimport { db } from "./database.js";\n\nconst app = express();\napp.get("/notes", async (_req, res) => { res.json(await db.selectFrom("note").selectAll().execute()); });\napp.listen(3000);\n`,
    ".env": `DATABASE_URL=${database.url}\n`,
  });
  const init = await runInit({ cwd: root, yes: true, providers: "email" });
  expect(init.exitCode, init.stderr).toBe(0);
  symlinkSync(new URL("../../node_modules", import.meta.url).pathname, join(root, "node_modules"));
  return { root, url: database.url };
}

/** `create-auth migrate`, with DATABASE_URL in the environment as the app's scripts expect it. */
async function migrate(root: string, url: string) {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    return await runCommand((io) => migrateCommand({ cwd: root, json: true }, io), { json: true });
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

describe("migrate through the ORM, then the tables checked", () => {
  it("fails, naming the missing tables, when the ORM's step exits 0 and creates nothing", async () => {
    const { root, url } = await kyselyApp();
    // The auth migration moved out of the folder the app's Migrator reads: the script succeeds.
    const folder = join(root, "src/migrations");
    const auth = readdirSync(folder).find((name) => name.includes("auth"));
    expect(auth).toBeDefined();
    renameSync(join(folder, auth!), join(root, auth!));
    const run = await migrate(root, url);
    expect(run.exitCode, JSON.stringify(run.json)).toBe(1);
    const error = (run.json as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("migrate_incomplete");
    expect(error.message).toMatch(/lacks the tables .*User/);
  }, 120_000);

  it("reports the tables it found once the ORM's step created them", async () => {
    const { root, url } = await kyselyApp();
    const run = await migrate(root, url);
    expect(run.exitCode, JSON.stringify(run.json) + run.stdout).toBe(0);
    expect(run.json).toMatchObject({
      command: "migrate",
      database: "kysely",
      applied: true,
      tables: { status: "ok" },
    });
    expect((run.json as { tables: { detail: string } }).tables.detail).toMatch(/^\d+ tables OK$/);
    expect(schemaErrors("migrate", run.json)).toEqual([]);
  }, 120_000);
});
