import type { PruneCounts, PruneKind, PruneOptions } from "../../housekeeping/types.js";
import type { SqlClient } from "./client.js";

/** Each kind of expiring row: its table, and the condition that makes a row dead. */
const kinds: { key: PruneKind; table: string; expired: string }[] = [
  { key: "sessions", table: "sessions", expired: "expires < now()" },
  { key: "verificationTokens", table: "verification_token", expired: "expires < now()" },
  { key: "rateLimits", table: "rate_limits", expired: "reset_at < now()" },
];

/**
 * One batch as one statement: lock up to `$1` expired rows, skipping rows another transaction
 * holds (a concurrent pruner's batch, or a session being extended), and delete them by their
 * physical address. N instances pruning at once share the work out and never wait on each other;
 * a row is deleted by one of them. The `expires` index finds the rows (schema version 2).
 */
export const pruneStatement = (table: string, expired: string) =>
  `WITH gone AS (DELETE FROM ${table} WHERE ctid = ANY (ARRAY(
     SELECT ctid FROM ${table} WHERE ${expired} LIMIT $1 FOR UPDATE SKIP LOCKED)) RETURNING 1)
   SELECT count(*)::int AS count FROM gone`;

/** A dry run's exact counts stop here (see `PruneOptions.exactCountUpTo`). */
export const EXACT_COUNT_UP_TO = 100_000;

/**
 * The expired rows of `table`: counted exactly up to `limit` (a scan that stops there), past it
 * the planner's estimate of the same query, never below `limit`. An exact count of a backlog of
 * millions reads every one of its rows (a second or more per million); the estimate reads the
 * table's statistics, which autovacuum keeps current.
 */
async function countExpired(db: SqlClient, table: string, expired: string, limit: number) {
  const exact = await db.query(
    `SELECT count(*)::int AS count FROM (SELECT 1 FROM ${table} WHERE ${expired} LIMIT $1) AS capped`,
    [limit],
  );
  const count = Number(exact.rows[0]?.count ?? 0);
  if (count < limit) return { count, estimated: false };
  const plan = await db.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${expired}`);
  const document = plan.rows[0]?.["QUERY PLAN"];
  const parsed = typeof document === "string" ? JSON.parse(document) : document;
  const rows = Math.round(Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0));
  return { count: Math.max(limit, rows), estimated: true };
}

/**
 * Deletes the expired rows of the PostgreSQL (or PGlite) database `db`: sessions, email
 * verification tokens and ended rate-limit windows, `batchSize` rows per statement. For apps and
 * cron jobs that prune on their own schedule (`create-auth prune` calls it); the runtime also
 * calls it from normal requests unless `housekeeping: false`. Safe to run from many processes at
 * once. A table that does not exist (a database Auth.js created, before `migrate`) is skipped.
 * A dry run counts instead, exactly up to `exactCountUpTo` rows per kind and estimated past it.
 *
 * @example
 * ```ts
 * const counts = await prune(postgresDatabase(), { batchSize: 5000 });
 * // { sessions: 120433, verificationTokens: 871, rateLimits: 12 }
 * ```
 */
export async function prune(db: SqlClient, options: PruneOptions = {}): Promise<PruneCounts> {
  const batchSize = options.batchSize ?? 1000;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new TypeError(`batchSize must be a positive integer, received ${batchSize}`);
  }
  if (!(maxBatches >= 1)) {
    throw new TypeError(`maxBatches must be at least 1, received ${maxBatches}`);
  }
  const exactUpTo = options.exactCountUpTo ?? EXACT_COUNT_UP_TO;
  if (!Number.isInteger(exactUpTo) || exactUpTo < 1) {
    throw new TypeError(`exactCountUpTo must be a positive integer, received ${exactUpTo}`);
  }
  const counts: PruneCounts = { sessions: 0, verificationTokens: 0, rateLimits: 0 };
  const { rows } = await db.query(
    `SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(name) IS NOT NULL`,
    [kinds.map((kind) => kind.table)],
  );
  const present = new Set(rows.map((row) => String(row.name)));
  for (const { key, table, expired } of kinds) {
    if (!present.has(table)) continue;
    if (options.dryRun) {
      const counted = await countExpired(db, table, expired, exactUpTo);
      counts[key] = counted.count;
      if (counted.estimated) counts.estimated = [...(counts.estimated ?? []), key];
      continue;
    }
    const sql = pruneStatement(table, expired);
    for (let batch = 0; batch < maxBatches; batch++) {
      const result = await db.query(sql, [batchSize]);
      const deleted = Number(result.rows[0]?.count ?? 0);
      counts[key] += deleted;
      if (deleted < batchSize) break;
    }
  }
  return counts;
}
