import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import type { SqlClient } from "../../src/adapters/postgres/client.js";
import { postgresAdapter } from "../../src/adapters/postgres/index.js";
import {
  type Migration,
  migrate,
  migrations,
  runMigrations,
  schemaVersion,
  VERSION_TABLE,
} from "../../src/adapters/postgres/migrate.js";
import { AUTHJS_SCHEMA, isolatedPool } from "./database.js";

// The schema carries its version, so a later change applies only the steps a database still
// needs, once, on PostgreSQL and on embedded PGlite alike.

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

async function postgres(): Promise<SqlClient> {
  const isolated = await isolatedPool();
  opened.push({ close: () => isolated.drop() });
  return isolated.pool;
}

async function pglite(): Promise<SqlClient> {
  const db = new PGlite();
  opened.push({ close: () => db.close() });
  return db as unknown as SqlClient;
}

/** A step the way a later release would add one: a new column and an index. */
const next: Migration = {
  version: 6,
  statements: [
    `ALTER TABLE users ADD COLUMN IF NOT EXISTS locale TEXT`,
    `CREATE INDEX IF NOT EXISTS users_locale_idx ON users (locale)`,
  ],
};

const versions = async (db: SqlClient) =>
  (await db.query(`SELECT version FROM ${VERSION_TABLE} ORDER BY version`)).rows.map((row) =>
    Number(row.version),
  );

describe.each([
  ["PostgreSQL", postgres],
  ["PGlite", pglite],
])("schema versions on %s", (_name, open) => {
  it("a fresh database gets every step and records its version", async () => {
    const db = await open();
    const result = await migrate(db);
    expect(result).toMatchObject({ version: 5, applied: [1, 2, 3, 4, 5] });
    // What `create-auth check --online` expects a migrated database to record.
    expect(schemaVersion).toBe(result.version);
    expect(result.created).toContain("users");
    expect(result.created).toContain("sessions_expires_idx");
    expect(result.created).toContain("password_credentials");
    expect(await versions(db)).toEqual([1, 2, 3, 4, 5]);
    await expect(migrate(db)).resolves.toEqual({ created: [], version: 5, applied: [] });
  });

  it("a database made before versions (Auth.js's, or ours) gets every step, its rows kept", async () => {
    const db = await open();
    // PGlite runs a script with exec (query takes one statement); pg's query takes both.
    const script = db as SqlClient & { exec?: (sql: string) => Promise<unknown> };
    await (script.exec ? script.exec(AUTHJS_SCHEMA) : db.query(AUTHJS_SCHEMA));
    await db.query(`INSERT INTO users (name, email) VALUES ('Old', 'old@example.com')`);
    const result = await migrate(db);
    expect(result).toMatchObject({ version: 5, applied: [1, 2, 3, 4, 5] });
    expect(result.created).not.toContain("users");
    expect(await postgresAdapter(db).getUserByEmail("old@example.com")).toMatchObject({
      name: "Old",
    });
  });

  it("a later step is applied once, to a database at the earlier version only", async () => {
    const db = await open();
    await migrate(db);
    await db.query(`INSERT INTO users (name, email) VALUES ('Ada', 'ada@example.com')`);
    const steps = [...migrations, next];
    await expect(runMigrations(db, steps)).resolves.toMatchObject({ version: 6, applied: [6] });
    await db.query(`UPDATE users SET locale = 'en' WHERE email = 'ada@example.com'`);
    await expect(runMigrations(db, steps)).resolves.toEqual({
      created: [],
      version: 6,
      applied: [],
    });
    expect(await versions(db)).toEqual([1, 2, 3, 4, 5, 6]);
    const { rows } = await db.query(`SELECT locale FROM users WHERE email = 'ada@example.com'`);
    expect(rows[0]).toEqual({ locale: "en" });
  });

  it("several processes applying the same steps at once apply each once", async () => {
    const db = await open();
    const steps = [...migrations, next];
    const results = await Promise.all([1, 2, 3].map(() => runMigrations(db, steps)));
    for (const result of results) expect(result.version).toBe(6);
    expect(await versions(db)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
