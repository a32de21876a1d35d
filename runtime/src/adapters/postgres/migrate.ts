import type { SqlClient } from "./client.js";
import { indexes, tables } from "./schema.js";

export interface MigrationResult {
  /** Tables and indexes that did not exist before. */
  created: string[];
}

async function exists(db: SqlClient, name: string): Promise<boolean> {
  const { rows } = await db.query("SELECT to_regclass($1) IS NOT NULL AS present", [name]);
  return rows[0]?.present === true;
}

/**
 * Creates the schema (in the connection's `search_path`) if it is missing. Idempotent: safe on
 * every start, on a database created by `@auth/pg-adapter`, and twice in a row.
 */
export async function migrate(db: SqlClient): Promise<MigrationResult> {
  const created: string[] = [];
  for (const entry of [...tables, ...indexes]) {
    if (await exists(db, entry.name)) continue;
    try {
      await db.query(entry.sql);
    } catch (cause) {
      throw new Error(`Creating "${entry.name}" failed: ${(cause as Error).message}`, { cause });
    }
    created.push(entry.name);
  }
  return { created };
}
