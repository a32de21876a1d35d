/**
 * Automatic pruning: from normal request handling, at most once per interval per process and
 * adapter, never awaited by the request, failures logged (once until a run succeeds) and never
 * thrown.
 *
 * @module housekeeping/schedule
 */
import type { Adapter } from "../adapters.js";
import { AdapterError } from "../errors.js";
import { pruneExpired } from "../symbols.js";
import type { LoggerInstance } from "../types.js";
import type { HousekeepingOptions, PruneExpired } from "./types.js";

export const HOUSEKEEPING_DEFAULTS = { intervalMs: 300_000, batchSize: 500, maxBatches: 20 };

/** The `housekeeping` option resolved against the configured adapter. */
export interface Housekeeping {
  intervalMs: number;
  batchSize: number;
  maxBatches: number;
  /** The adapter's bulk delete. */
  run: PruneExpired;
  /** Shared by every configuration over the same adapter object. */
  schedule: Schedule;
}

interface Schedule {
  next: number;
  running: boolean;
  failing: boolean;
}

/** Per adapter object: two configurations over one adapter share one schedule. */
const schedules = new WeakMap<object, Schedule>();
/** Adapters already warned about (one warning per adapter per process). */
const warned = new WeakSet<object>();

/**
 * `false` when there is nothing to prune automatically: turned off, no adapter, or an adapter
 * without bulk delete (a third-party `@auth/*` adapter), which is warned about once.
 */
export function resolveHousekeeping(
  option: HousekeepingOptions | false | undefined,
  adapter: Adapter | undefined,
  logger: LoggerInstance,
): Housekeeping | false {
  if (option === false || !adapter) return false;
  const run = (adapter as { [pruneExpired]?: PruneExpired })[pruneExpired];
  if (typeof run !== "function") {
    if (!warned.has(adapter)) {
      warned.add(adapter);
      logger.warn("housekeeping-unsupported");
    }
    return false;
  }
  let schedule = schedules.get(adapter);
  if (!schedule) {
    schedule = { next: 0, running: false, failing: false };
    schedules.set(adapter, schedule);
  }
  return {
    intervalMs: option?.intervalMs ?? HOUSEKEEPING_DEFAULTS.intervalMs,
    batchSize: option?.batchSize ?? HOUSEKEEPING_DEFAULTS.batchSize,
    maxBatches: option?.maxBatches ?? HOUSEKEEPING_DEFAULTS.maxBatches,
    run: run.bind(adapter),
    schedule,
  };
}

/**
 * Starts a pruning run in the background if the interval has passed since the last one started
 * in this process (and none is still going). Returns at once; the request never waits for it.
 */
export function schedulePrune(housekeeping: Housekeeping | false, logger: LoggerInstance): void {
  if (!housekeeping) return;
  const now = Date.now();
  const current = housekeeping.schedule;
  if (current.running || now < current.next) return;
  current.next = now + housekeeping.intervalMs;
  current.running = true;
  // Started on a later turn of the event loop: not even the adapter's synchronous part (the
  // memory adapter's sweep) runs inside the request that triggered it.
  const timer = setTimeout(() => run(housekeeping, current, logger), 0);
  (timer as { unref?: () => void }).unref?.();
}

function run(housekeeping: Housekeeping, current: Schedule, logger: LoggerInstance): void {
  let started: Promise<unknown>;
  try {
    started = Promise.resolve(
      housekeeping.run({ batchSize: housekeeping.batchSize, maxBatches: housekeeping.maxBatches }),
    );
  } catch (error) {
    started = Promise.reject(error);
  }
  started.then(
    (counts) => {
      current.running = false;
      current.failing = false;
      logger.debug("housekeeping_pruned", counts);
    },
    (error: unknown) => {
      current.running = false;
      // A database that is down fails every run: say so once, and again after it recovers.
      if (current.failing) return;
      current.failing = true;
      const message = error instanceof Error ? error.message : String(error);
      logger.error(new AdapterError(`Pruning expired rows failed: ${message}`, { cause: error }));
    },
  );
}
