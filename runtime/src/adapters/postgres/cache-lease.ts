/**
 * The lease a session cache's listener holds so that the schema's triggers (version 5) notify at
 * all: without one they stay quiet, and an install with no cache pays no NOTIFY. Two things make
 * a cache that relies on it miss nothing:
 *
 * - **A barrier at registration.** A writer whose trigger read the lease before this listener took
 *   it may not notify, and may commit long after. Its trigger ran after its own row change, so it
 *   held a transaction id then: it is in a snapshot taken after the lease was taken, or had ended.
 *   The cache is trusted only once every transaction of that snapshot has ended, as a fresh
 *   snapshot sees it (later reads then see their changes).
 * - **Continuity.** Each renewal holds the lease until `held_until` (server clock). A renewal that
 *   comes too late (its `checked_at` not before the previous one's `held_until`), or that finds
 *   the lease shorter than that (`held_before`: someone set the sequence by hand), may follow a
 *   lapse during which a writer stayed quiet: the listener then starts again (cache emptied, new
 *   barrier).
 */
import { LEASE_SEQUENCE } from "./schema.js";

/** One statement on the listener's connection, bounded in time (cache-listener.ts). */
export type Ask = (text: string, values?: unknown[]) => Promise<unknown>;

type Rows = { rows?: Record<string, unknown>[] } | undefined;
const firstRow = (result: unknown) => (result as Rows)?.rows?.[0] ?? {};

/** Whether the database has the triggers and the lease (schema version 5). */
const SCHEMA_PRESENT = `SELECT EXISTS (SELECT 1 FROM pg_trigger
  WHERE tgname = 'create_auth_sessions_deleted' AND tgrelid = to_regclass('sessions'))
  AND to_regclass('${LEASE_SEQUENCE}') IS NOT NULL
  AND to_regprocedure('create_auth_cache_renew()') IS NOT NULL AS present`;
const MISSING_SCHEMA =
  "the database has no invalidation triggers or listener lease (schema version 5): run `npx create-auth migrate`";
const RENEW = "SELECT held_before, held_until, checked_at FROM create_auth_cache_renew()";
const SNAPSHOT = "SELECT pg_current_snapshot()::text AS snapshot";
/** True once no transaction running in `$1` is running in this statement's snapshot. */
const ENDED = `SELECT NOT EXISTS (SELECT 1 FROM pg_snapshot_xip($1::pg_snapshot) AS running (xid)
  WHERE NOT pg_visible_in_snapshot(running.xid, pg_current_snapshot())) AS ended`;

/** Past this, a registration still waiting for old transactions says so (once). */
const SLOW_BARRIER_MS = 10_000;

/** The lease of one listening connection, from its registration to its loss. */
export class ListenerLease {
  /** `held_until` of the last renewal (server epoch ms); undefined before the first. */
  private heldUntil: number | undefined;
  /** `Date.now()` when the last renewal was sent. */
  private sentAt = 0;

  constructor(private readonly ask: Ask) {}

  /** Fails when the database was not migrated to schema version 5. */
  async assertSchema(): Promise<void> {
    if (firstRow(await this.ask(SCHEMA_PRESENT)).present !== true) throw new Error(MISSING_SCHEMA);
  }

  /**
   * Renews the lease; fails when it may have lapsed since the previous renewal. Returns when the
   * renewal was sent: what its answer vouches for is counted from there.
   */
  async renew(): Promise<number> {
    const sent = Date.now();
    const row = firstRow(await this.ask(RENEW));
    const [before, heldUntil, checkedAt] = [row.held_before, row.held_until, row.checked_at].map(
      Number,
    ) as [number, number, number];
    if (this.heldUntil !== undefined && !(checkedAt < this.heldUntil && before >= this.heldUntil)) {
      throw new Error("the listener's lease may have lapsed (renewed late, or shortened by hand)");
    }
    this.heldUntil = heldUntil;
    this.sentAt = sent;
    return sent;
  }

  /**
   * Takes the lease, then waits (renewing it every `renewMs`) until every transaction that may
   * have read the lease before it was taken has ended. `pause` waits between checks and rejects
   * when the connection is lost or the listener stops (then this returns false).
   */
  async register(renewMs: number, pause: (ms: number) => Promise<boolean>): Promise<boolean> {
    await this.renew();
    const snapshot = firstRow(await this.ask(SNAPSHOT)).snapshot;
    const started = Date.now();
    let wait = 5;
    let told = false;
    while (firstRow(await this.ask(ENDED, [snapshot])).ended !== true) {
      if (!told && Date.now() - started > SLOW_BARRIER_MS) {
        told = true;
        console.error(
          "[auth][postgres] session cache still off: waiting for transactions older than its listener to end (a long or prepared transaction holds it)",
        );
      }
      if (!(await pause(wait))) return false;
      wait = Math.min(wait * 2, renewMs);
      if (Date.now() - this.sentAt >= renewMs) await this.renew();
    }
    return true;
  }
}
