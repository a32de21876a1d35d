import type { SqlClient } from "./client.js";
import {
  expiryIndexes,
  indexes,
  invalidationTriggers,
  listenerLease,
  passwordTables,
  tables,
} from "./schema.js";

export interface MigrationResult {
  /** Tables and indexes that did not exist before. */
  created: string[];
  /** The schema version the database is at now. */
  version: number;
  /** The versions this call applied, oldest first (empty when the database was up to date). */
  applied: number[];
}

/** One step of the schema: its version and the statements that take a database there. */
export interface Migration {
  version: number;
  statements: string[];
}

/**
 * Which schema versions a database has (one row per applied step), so that a later change of
 * the schema applies only the steps a database still needs. Ours; Auth.js has no such table.
 */
export const VERSION_TABLE = "auth_schema_migrations";

const versionTable = `CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (
  version INTEGER NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (version)
)`;

/**
 * The schema's steps, oldest first. Version 1 is the schema as `@auth/pg-adapter` and this
 * runtime created it before versions were recorded, written so that it also applies (as a
 * no-op for what exists) to such a database. A later change is a new step: never edit one that
 * has shipped.
 */
export const migrations: Migration[] = [
  { version: 1, statements: [...tables, ...indexes].map((entry) => entry.sql) },
  // Pruning deletes by expiry: without these indexes each batch would scan the whole table.
  { version: 2, statements: expiryIndexes.map((entry) => entry.sql) },
  // The password provider's hashes.
  { version: 3, statements: passwordTables.map((entry) => entry.sql) },
  // NOTIFY on changes of sessions and users, for `postgresDatabase({ sessionCache })`.
  { version: 4, statements: invalidationTriggers },
  // Those NOTIFYs only while a cache listens: a NOTIFY serialises commits even with nobody to hear.
  { version: 5, statements: listenerLease },
];

/**
 * The schema version {@link migrate} brings a database to (the newest step), which it records in
 * `auth_schema_migrations`: `create-auth check --online` compares a database's with it.
 */
export const schemaVersion: number = Math.max(...migrations.map((step) => step.version));

/** Any constant key: every create-auth migration, in any process, takes the same lock. */
const LOCK = "hashtext('create-auth:migrate')";

/**
 * Brings the schema (in the connection's `search_path`) up to the current version. Idempotent:
 * safe on every start, on a database created by `@auth/pg-adapter`, and from several processes
 * at once — the steps run as one statement (so on one connection of a pool) holding an advisory
 * lock, and each records its version, so a step is applied once.
 */
export function migrate(db: SqlClient): Promise<MigrationResult> {
  return runMigrations(db, migrations);
}

/** {@link migrate} with the steps given (tests prove later steps with it). */
export async function runMigrations(
  db: SqlClient,
  steps: readonly Migration[],
): Promise<MigrationResult> {
  const names = [...tables, ...indexes, ...expiryIndexes, ...passwordTables].map(
    (entry) => entry.name,
  );
  const latest = Math.max(...steps.map((step) => step.version));
  const before = await currentVersion(db);
  const { rows } = await db.query(
    `SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NULL`,
    [names],
  );
  const missing = new Set(rows.map((row) => String(row.name)));
  if (before >= latest && missing.size === 0) return { created: [], version: before, applied: [] };

  // Every step above what was found is written into the block; each one checks the recorded
  // version again under the lock, so a process that lost the race applies nothing twice.
  const pending = steps.filter((step) => step.version > before);
  const body = pending
    .map(
      (step) =>
        `IF NOT EXISTS (SELECT 1 FROM ${VERSION_TABLE} WHERE version = ${step.version}) THEN\n` +
        `${step.statements.map((sql) => `${sql};`).join("\n")}\n` +
        `INSERT INTO ${VERSION_TABLE} (version) VALUES (${step.version});\nEND IF;`,
    )
    .join("\n");
  try {
    await db.query(
      `DO $migrate$ BEGIN PERFORM pg_advisory_xact_lock(${LOCK});\n${versionTable};\n${body}\nEND $migrate$`,
    );
  } catch (cause) {
    throw new Error(`Creating the auth tables failed: ${(cause as Error).message}`, { cause });
  }
  const after = await currentVersion(db);
  return {
    created: names.filter((name) => missing.has(name)),
    version: after,
    applied: pending.map((step) => step.version).filter((version) => version <= after),
  };
}

/** The highest version recorded; 0 for a database without the table (created before it). */
async function currentVersion(db: SqlClient): Promise<number> {
  const { rows } = await db.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [VERSION_TABLE]);
  if (!rows[0]?.present) return 0;
  const result = await db.query(
    `SELECT coalesce(max(version), 0) AS version FROM ${VERSION_TABLE}`,
  );
  return Number(result.rows[0]?.version ?? 0);
}
