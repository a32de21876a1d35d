import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mysql from "mysql2/promise";
import pg from "pg";

/** The machine's servers (reference/machine-recipes.md); overridable for other machines. */
export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const MARIADB_URL = process.env.TEST_MARIADB_URL ?? "mysql://root@127.0.0.1:3306";

/** A database name no other file or run uses. */
const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/** A database created for one test file, dropped by `drop`. */
export interface ThrowawayDatabase {
  /** Connection URL of the new database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database (not a schema: Prisma and drizzle-kit address `public`). Fails
 * naming the server when it is down, so a missing database is never a silent skip.
 */
export async function throwawayPostgres(prefix: string): Promise<ThrowawayDatabase> {
  const name = uniqueName(prefix);
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (cause) {
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_URL} (start it, or set TEST_DATABASE_URL)`,
      { cause },
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      // A closed pool's connections may still be saying goodbye (pg-pool resolves `end()` before
      // its clients have): a FORCE drop then kills them mid-way, and the FATAL it sends them is
      // an uncaught error in the test process. Give them a moment to go first.
      for (let waited = 0; waited < 2_000; waited += 50) {
        const { rows } = await client.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // FORCE: a pool the ORM under test forgot to close must not keep the database alive.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh MariaDB/MySQL database, with the same loud failure when the server is down. */
export async function throwawayMariaDb(prefix: string): Promise<ThrowawayDatabase> {
  const name = uniqueName(prefix);
  let admin: mysql.Connection;
  try {
    admin = await mysql.createConnection(MARIADB_URL);
  } catch (cause) {
    throw new Error(
      `MariaDB/MySQL is not reachable at ${MARIADB_URL} (start it, or set TEST_MARIADB_URL)`,
      { cause },
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(MARIADB_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = await mysql.createConnection(MARIADB_URL);
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.end();
    },
  };
}

/** An SQLite file in a temporary folder, removed with the folder. */
export function throwawaySqlite(prefix: string): ThrowawayDatabase & { path: string } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const path = join(dir, "auth.db");
  return {
    url: `file:${path}`,
    name: path,
    path,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
