/**
 * What pruning deletes and reports, shared by the adapters that can prune and the runtime that
 * schedules it.
 *
 * @module housekeeping/types
 */

/** How one pruning run goes. */
export interface PruneOptions {
  /** Most rows of one kind deleted by one statement. Default 1 000. */
  batchSize?: number;
  /**
   * Most batches per kind in this run; a run stops earlier when a batch comes back short.
   * Default: no limit (all that has expired goes).
   */
  maxBatches?: number;
  /** Count what would be deleted, delete nothing. Default false. */
  dryRun?: boolean;
  /**
   * A dry run on PostgreSQL counts each kind exactly up to this many rows; past it, the count is
   * the query planner's estimate (at least this number) and the kind is listed in `estimated`,
   * so a dry run on a backlog of millions answers in the time of this many rows. Default 100 000.
   */
  exactCountUpTo?: number;
}

/** The kinds of expiring rows pruning counts. */
export type PruneKind = "sessions" | "verificationTokens" | "rateLimits";

/** Rows deleted (or, for a dry run, that would be) per kind. */
export interface PruneCounts {
  /** Database sessions past their `expires`. */
  sessions: number;
  /** Email sign-in (magic link) tokens past their `expires`. */
  verificationTokens: number;
  /** Rate-limit windows that have ended (`postgresRateLimitStore`'s table). */
  rateLimits: number;
  /** A dry run only, when any: the kinds whose count is an estimate (see `exactCountUpTo`). */
  estimated?: PruneKind[];
}

/**
 * An adapter that can delete its expired rows in bulk carries this method under the
 * `pruneExpired` symbol; the built-in PostgreSQL and memory adapters do. The runtime calls it
 * from normal request handling (see the `housekeeping` option).
 */
export type PruneExpired = (options?: PruneOptions) => Promise<PruneCounts>;

/** The `housekeeping` option of the configuration. */
export interface HousekeepingOptions {
  /** Least time between two automatic runs in this process, in milliseconds. Default 300 000. */
  intervalMs?: number;
  /** Rows per delete statement. Default 500. */
  batchSize?: number;
  /** Most batches per kind in one automatic run. Default 20. */
  maxBatches?: number;
}
