import type { RateLimitHit, RateLimitStore } from "../../rate-limit/types.js";
import type { SqlClient } from "./client.js";
import { pruneStatement } from "./prune.js";

/**
 * One atomic statement per attempt: insert the key, or add one to it, restarting the window when
 * it has ended. Row locking makes concurrent attempts on one key count one after the other. The
 * database's clock decides the window, so app servers with skewed clocks agree.
 */
const INCREMENT = `INSERT INTO rate_limits (key, count, reset_at)
  VALUES ($1, 1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
    reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
  RETURNING count, CEIL(EXTRACT(EPOCH FROM (reset_at - now())) * 1000)::float8 AS reset_in`;

/** How often (at most) one store deletes the rows of ended windows. */
const SWEEP_EVERY_MS = 60_000;
/** Most rows one sweep deletes: a backlog goes over several sweeps, never in one long delete. */
const SWEEP_BATCH = 1000;
const SWEEP = pruneStatement("rate_limits", "reset_at < now()");

/**
 * Counts sign-in attempts in the `rate_limits` table of the adapter's database (created by
 * `migrate`), so every app instance on that database shares one limit. Rows of ended windows
 * are deleted in the background, at most once a minute per store and 1 000 rows at a time (the
 * runtime's housekeeping and `prune` delete them too).
 *
 * @example
 * ```ts
 * const db = postgresDatabase();
 * export const authConfig = { adapter: postgresAdapter(db), rateLimit: { store: postgresRateLimitStore(db) }, … };
 * ```
 */
export function postgresRateLimitStore(db: SqlClient): RateLimitStore {
  let nextSweep = 0;
  const sweep = () => {
    const time = Date.now();
    if (time < nextSweep) return;
    nextSweep = time + SWEEP_EVERY_MS;
    // Housekeeping only: a failure here changes no count, and the next sweep retries.
    db.query(SWEEP, [SWEEP_BATCH]).catch(() => {});
  };
  return {
    async increment(key: string, windowMs: number): Promise<RateLimitHit> {
      const { rows } = await db.query(INCREMENT, [key, Math.ceil(windowMs)]);
      sweep();
      const row = rows[0];
      if (!row) throw new Error("The rate-limit upsert returned no row");
      return { count: Number(row.count), resetIn: Number(row.reset_in) };
    },
    async reset(key: string): Promise<void> {
      await db.query("DELETE FROM rate_limits WHERE key = $1", [key]);
    },
  };
}
