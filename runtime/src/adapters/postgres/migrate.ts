import type { SqlClient } from "./client.js";
import { indexes, tables } from "./schema.js";

export interface MigrationResult {
  /** Tables and indexes that did not exist before. */
  created: string[];
}

/** Any constant key: every create-auth migration, in any process, takes the same lock. */
const LOCK = "hashtext('create-auth:migrate')";

/**
 * Creates the schema (in the connection's `search_path`) if it is missing. Idempotent: safe on
 * every start, on a database created by `@auth/pg-adapter`, and from several processes at once —
 * it is one statement (so it runs on one connection of a pool) holding an advisory lock, and
 * either creates everything missing or nothing.
 */
export async function migrate(db: SqlClient): Promise<MigrationResult> {
  const entries = [...tables, ...indexes];
  const { rows } = await db.query(
    `SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NULL`,
    [entries.map((entry) => entry.name)],
  );
  const missing = new Set(rows.map((row) => String(row.name)));
  if (missing.size === 0) return { created: [] };
  const statements = entries.map((entry) => `${entry.sql};`).join("\n");
  try {
    await db.query(
      `DO $migrate$ BEGIN PERFORM pg_advisory_xact_lock(${LOCK});\n${statements}\nEND $migrate$`,
    );
  } catch (cause) {
    throw new Error(`Creating the auth tables failed: ${(cause as Error).message}`, { cause });
  }
  return { created: entries.map((entry) => entry.name).filter((name) => missing.has(name)) };
}
