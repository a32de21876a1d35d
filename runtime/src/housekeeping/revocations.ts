/**
 * Sign-outs the store could not complete. When deleting a database session fails (the database
 * is down), the token is remembered here: this process refuses it at once, and deletes its row
 * from later requests (as pruning runs) until the database answers. Bounded, in memory, per
 * adapter object: another process knows nothing of it (docs/operations.md).
 *
 * @module housekeeping/revocations
 */
import type { Adapter } from "../adapters.js";
import type { ResolvedConfig } from "../core/config.js";
import { sha256Base64url } from "../core/crypto.js";
import { deleteSessionRow } from "../core/database-session.js";
import { emitEvent } from "../core/events.js";
import { AdapterError } from "../errors.js";

/** Most sign-outs remembered per adapter; past it the oldest is forgotten (and logged). */
export const MAX_PENDING_REVOCATIONS = 10_000;
/** First wait before retrying after a failed attempt, doubled per failure up to the maximum. */
export const REVOCATION_RETRY_MS = { first: 500, max: 10_000 };

interface Pending {
  token: string;
  /** After this the row has expired anyway (the session's longest lifetime). */
  until: number;
}

/** The sign-outs still to complete over one adapter object. */
export interface PendingRevocations {
  /** By SHA-256 of the token, oldest first (a `Map` keeps insertion order). */
  entries: Map<string, Pending>;
  running: boolean;
  next: number;
  delay: number;
}

const byAdapter = new WeakMap<object, PendingRevocations>();

/** The pending sign-outs of `adapter` (the object the app configured, shared by its configs). */
export function pendingRevocationsFor(adapter: Adapter): PendingRevocations {
  let pending = byAdapter.get(adapter);
  if (!pending) {
    pending = { entries: new Map(), running: false, next: 0, delay: REVOCATION_RETRY_MS.first };
    byAdapter.set(adapter, pending);
  }
  return pending;
}

/** The key a token is remembered under: the list holds digests for lookups, tokens only to retry. */
const digest = (token: string) => sha256Base64url(token);

/**
 * Remembers `token` of a sign-out whose delete failed as signed out but not yet deleted, for at
 * most the session's longest lifetime (its row has expired by then). The next attempt waits for
 * the retry delay.
 */
export function recordRevocation(config: ResolvedConfig, token: string): void {
  const pending = config.revocations;
  if (!pending) return;
  const key = digest(token);
  pending.entries.delete(key);
  pending.entries.set(key, { token, until: Date.now() + config.session.maxAge * 1000 });
  if (pending.entries.size > MAX_PENDING_REVOCATIONS) {
    const oldest = pending.entries.keys().next().value as string;
    pending.entries.delete(oldest);
    config.logger.error(
      new AdapterError(
        `More than ${MAX_PENDING_REVOCATIONS} sign-outs are waiting for the database: the oldest is no longer retried and stays valid until it expires`,
      ),
    );
  }
  pending.next = Math.max(pending.next, Date.now() + pending.delay);
}

/** Whether `token` was signed out in this process and its row may still exist. */
export function isRevocationPending(config: ResolvedConfig, token: string): boolean {
  const pending = config.revocations;
  // The hot path: no digest at all while nothing is pending.
  if (!pending || pending.entries.size === 0) return false;
  const key = digest(token);
  const entry = pending.entries.get(key);
  if (!entry) return false;
  if (entry.until > Date.now()) return true;
  pending.entries.delete(key);
  return false;
}

/**
 * Starts, in the background, deleting the rows of pending sign-outs (oldest first) if any are
 * waiting and the retry delay has passed. The request never waits for it. The first failure
 * stops the run and doubles the delay; a run that empties the list resets it. Each deleted row
 * fires the `signOut` event the failed sign-out could not.
 */
export function retryRevocations(config: ResolvedConfig): void {
  const pending = config.revocations;
  if (!pending || pending.entries.size === 0 || pending.running) return;
  if (Date.now() < pending.next) return;
  pending.running = true;
  const timer = setTimeout(() => {
    void drain(config, pending);
  }, 0);
  (timer as { unref?: () => void }).unref?.();
}

async function drain(config: ResolvedConfig, pending: PendingRevocations): Promise<void> {
  try {
    for (const [key, entry] of [...pending.entries]) {
      if (entry.until > Date.now()) {
        const session = await deleteSessionRow(config.adapter!, entry.token);
        await emitEvent(config, "signOut", { session: session ?? null });
      }
      pending.entries.delete(key);
    }
    pending.delay = REVOCATION_RETRY_MS.first;
    pending.next = 0;
  } catch (error) {
    // Said once per outage: every retry fails the same way until the database is back.
    if (pending.delay === REVOCATION_RETRY_MS.first) {
      const message = error instanceof Error ? error.message : String(error);
      config.logger.error(
        new AdapterError(
          `${pending.entries.size} sign-out(s) could not delete their session yet; retrying: ${message}`,
          { cause: error },
        ),
      );
    }
    pending.next = Date.now() + pending.delay;
    pending.delay = Math.min(pending.delay * 2, REVOCATION_RETRY_MS.max);
  } finally {
    pending.running = false;
  }
}
