import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/libsql";
import { migrate as sqliteMigrate } from "drizzle-orm/libsql/migrator";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { migrate as mysqlMigrate } from "drizzle-orm/mysql2/migrator";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { migrate as pgMigrate } from "drizzle-orm/node-postgres/migrator";
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Adapter } from "../../../src/adapters.js";
import { describeAdapterConformance } from "../conformance.js";
import { type AdapterRecords, describeFullSignInFlows, postgresRecords } from "../full-flows.js";
import {
  type ThrowawayDatabase,
  throwawayMariaDb,
  throwawayPostgres,
  throwawaySqlite,
} from "./databases.js";
import * as mysqlSchema from "./drizzle-schema/mysql.js";
import * as pgSchema from "./drizzle-schema/pg.js";
import * as sqliteSchema from "./drizzle-schema/sqlite.js";
import { describeMagicLinkFlow, type FlowTarget } from "./flow.js";

const run = promisify(execFile);
// The package exports only its API; the CLI sits next to it.
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve("drizzle-kit")), "bin.cjs");
const schemaDir = join(import.meta.dirname, "drizzle-schema");

/**
 * `@auth/drizzle-adapter` with the app's own tables (the documented ones, passed to the adapter
 * as an app does), migrated the way Drizzle users do: `drizzle-kit generate` writes the SQL,
 * drizzle-orm's `migrate()` applies it.
 */
async function migrateWith(
  dialect: string,
  schemaFile: string,
  migrate: (config: { migrationsFolder: string }) => unknown,
) {
  const out = mkdtempSync(join(tmpdir(), "create-auth-drizzle-"));
  const args = [`--dialect=${dialect}`, `--schema=${join(schemaDir, schemaFile)}`, `--out=${out}`];
  try {
    await run(process.execPath, [drizzleKit, "generate", ...args]);
    await migrate({ migrationsFolder: out });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const output = stdout === undefined ? "" : `:\n${stdout}\n${stderr}`;
    throw new Error(`drizzle-kit generate + migrate failed${output}`, { cause: error });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

interface Setup {
  database: ThrowawayDatabase;
  target: FlowTarget;
  /** The stored records, read with SQL (PostgreSQL only: the full sign-in flows run there). */
  records?: AdapterRecords;
  close(): Promise<void>;
}

const tablesOf = (schema: typeof pgSchema | typeof mysqlSchema | typeof sqliteSchema) => ({
  usersTable: schema.users,
  accountsTable: schema.accounts,
  sessionsTable: schema.sessions,
  verificationTokensTable: schema.verificationTokens,
  authenticatorsTable: schema.authenticators,
});

async function postgres(): Promise<Setup> {
  const database = await throwawayPostgres("ca_drizzle");
  const pool = new pg.Pool({ connectionString: database.url });
  const db = pgDrizzle(pool, { schema: pgSchema });
  await migrateWith("postgresql", "pg.ts", (config) => pgMigrate(db, config));
  const { users, sessions } = pgSchema;
  return {
    database,
    target: {
      adapter: DrizzleAdapter(db, tablesOf(pgSchema) as never) as Adapter,
      userRow: async (email) =>
        (await db.select().from(users).where(eq(users.email, email)))[0] as never,
      deleteSessionRows: async (userId) => {
        await db.delete(sessions).where(eq(sessions.userId, userId));
      },
    },
    records: postgresRecords((text, values) => pool.query(text, values), {
      users: "user",
      accounts: "account",
      sessions: "session",
      verificationTokens: "verificationToken",
    }),
    close: () => pool.end(),
  };
}

async function mariadb(): Promise<Setup> {
  const database = await throwawayMariaDb("ca_drizzle");
  const pool = mysql.createPool({ uri: database.url, connectionLimit: 4 });
  const db = mysqlDrizzle(pool, { schema: mysqlSchema, mode: "default" });
  await migrateWith("mysql", "mysql.ts", (config) => mysqlMigrate(db, config));
  const { users, sessions } = mysqlSchema;
  return {
    database,
    target: {
      adapter: DrizzleAdapter(db, tablesOf(mysqlSchema) as never) as Adapter,
      userRow: async (email) =>
        (await db.select().from(users).where(eq(users.email, email)))[0] as never,
      deleteSessionRows: async (userId) => {
        await db.delete(sessions).where(eq(sessions.userId, userId));
      },
    },
    close: () => pool.end(),
  };
}

async function sqlite(): Promise<Setup> {
  const database = throwawaySqlite("create-auth-drizzle");
  // @libsql/client ships prebuilt binaries on npm: no native build (better-sqlite3 compiles).
  const client = createClient({ url: database.url });
  const db = sqliteDrizzle(client, { schema: sqliteSchema });
  await migrateWith("sqlite", "sqlite.ts", (config) => sqliteMigrate(db, config));
  const { users, sessions } = sqliteSchema;
  return {
    database,
    target: {
      adapter: DrizzleAdapter(db, tablesOf(sqliteSchema) as never) as Adapter,
      userRow: async (email) =>
        (await db.select().from(users).where(eq(users.email, email)))[0] as never,
      deleteSessionRows: async (userId) => {
        await db.delete(sessions).where(eq(sessions.userId, userId));
      },
    },
    close: async () => client.close(),
  };
}

for (const [name, open, options] of [
  // PostgreSQL refuses a NUL byte in a text parameter; the adapter passes the error on.
  ["PostgreSQL (pg)", postgres, { unprintableTokens: false }],
  // No RETURNING on MySQL: the adapter reads the token, then deletes it, so concurrent uses of
  // one link all get it (docs/decisions.md, "Auth.js ORM adapters").
  ["MariaDB (mysql2)", mariadb, { atomicVerificationTokens: false }],
  ["SQLite (libsql)", sqlite, {}],
] as const) {
  describe(`@auth/drizzle-adapter on ${name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await open();
    }, 60_000);
    afterAll(async () => {
      await setup?.close();
      await setup?.database.drop();
    });

    it("drizzle-kit generate and migrate created the tables", async () => {
      await setup.target.userRow("nobody@example.com");
    });

    describeAdapterConformance(`@auth/drizzle-adapter on ${name}`, () => setup.target.adapter, {
      ...options,
      // updateUser of an unknown id throws the adapter's own "No user found." / "User not found."
      outOfRangeIds: false,
      // create-auth's extension; Auth.js's adapters do not have it and the runtime does without.
      listAccounts: false,
    });
    describeMagicLinkFlow(`@auth/drizzle-adapter on ${name}`, () => setup.target);
    if (open === postgres) {
      describeFullSignInFlows(`@auth/drizzle-adapter on ${name}`, () => ({
        adapter: setup.target.adapter,
        records: setup.records!,
      }));
    }
  });
}
