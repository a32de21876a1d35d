/**
 * The in-memory rate-limit store.
 *
 * @module rate-limit/memory
 */
import type { RateLimitHit, RateLimitStore } from "./types.js";

export interface MemoryRateLimitStoreOptions {
  /**
   * Most keys kept at once. Expired windows are swept first; past the bound the oldest window is
   * dropped, so memory stays bounded under a flood of addresses or identifiers. Default 50 000.
   */
  maxKeys?: number;
  /** The clock, in milliseconds (tests move it). Default `Date.now`. */
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counts attempts in a `Map` in this process: right for one app instance. Several instances
 * each count on their own, so the limit is per instance: share `postgresRateLimitStore` or
 * `redisRateLimitStore` between them instead. No timer: expired windows are swept as attempts
 * arrive, at most once a second.
 */
export function memoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? 50_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) {
    throw new TypeError(`maxKeys must be a positive integer, received ${maxKeys}`);
  }
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  let nextSweep = 0;

  const sweep = (time: number) => {
    nextSweep = time + 1000;
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  };

  return {
    async increment(key: string, windowMs: number): Promise<RateLimitHit> {
      const time = now();
      if (time >= nextSweep) sweep(time);
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        windows.delete(key);
        // Still full after the sweep: drop the oldest window (insertion order), never refuse.
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetIn: window.resetAt - time };
    },
    async reset(key: string): Promise<void> {
      windows.delete(key);
    },
  };
}
