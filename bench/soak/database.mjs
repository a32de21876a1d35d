/**
 * A PostgreSQL database of a bench run's own (created, migrated, dropped at the end), and the
 * row counts of every auth table, read from the bench process so sampling costs the app nothing.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** `pg` comes from the repository's install (the runtime's optional peer). */
const pg = require("pg");

/** The server's maintenance database: TEST_DATABASE_URL, else the machine's `test` database. */
export const SERVER_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The auth tables and, for those whose rows expire, the column that says when. */
export const TABLES = /** @type {const} */ ([
  ["users", null],
  ["accounts", null],
  ["authenticators", null],
  ["sessions", "expires"],
  ["verification_token", "expires"],
  ["rate_limits", "reset_at"],
]);

/**
 * Creates the database `name` on the server, migrates it with the runtime's `migrate`, and
 * returns its URL and a `drop()` (which ends every connection to it first).
 *
 * @param {string} name
 */
export async function createDatabase(name) {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const { migrate } = await import("@create-auth/runtime/adapters/postgres");
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  await migrate(client);
  return {
    url: url.href,
    client,
    async drop() {
      await client.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Per table: all rows; and for expiring tables the expired ones and how many seconds the oldest
 * of them has been expired.
 *
 * @param {import("pg").Client} client
 * @returns {Promise<Record<string, { rows: number, expired?: number, oldestExpiredS?: number }>>}
 */
export async function countRows(client) {
  /** @type {Record<string, { rows: number, expired?: number, oldestExpiredS?: number }>} */
  const counts = {};
  for (const [table, column] of TABLES) {
    const sql = column
      ? `SELECT count(*)::int AS rows, count(*) FILTER (WHERE ${column} < now())::int AS expired,
           COALESCE(EXTRACT(EPOCH FROM now() - min(${column}) FILTER (WHERE ${column} < now())), 0)::float AS oldest
         FROM ${table}`
      : `SELECT count(*)::int AS rows FROM ${table}`;
    const { rows } = await client.query(sql);
    counts[table] = column
      ? { rows: rows[0].rows, expired: rows[0].expired, oldestExpiredS: rows[0].oldest }
      : { rows: rows[0].rows };
  }
  return counts;
}
