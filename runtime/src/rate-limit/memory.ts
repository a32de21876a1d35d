/**
 * The in-memory rate-limit store.
 *
 * @module rate-limit/memory
 */
import type { RateLimitContext, RateLimitHit, RateLimitStore } from "./types.js";

export interface MemoryRateLimitStoreOptions {
  /**
   * Most windows kept at once (about 200 bytes each: the default bounds the store near 10 MB).
   * Expired windows are swept first; past the bound a window is evicted as described on
   * {@link memoryRateLimitStore}. Default 50 000.
   */
  maxKeys?: number;
  /** The clock, in milliseconds (tests move it). Default `Date.now`. */
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
  /** The client address whose attempt opened the window (identifier windows only). */
  owner?: string;
}

/**
 * Counts attempts in a `Map` in this process: right for one app instance. Several instances
 * each count on their own, so the limit is per instance: share `postgresRateLimitStore` or
 * `redisRateLimitStore` between them instead. No timer: expired windows are swept as attempts
 * arrive, at most once a second.
 *
 * When full, a window is evicted so that a flood cannot flush anyone else's: identifier windows
 * are charged to the client address that opened them, and the newest window of the address that
 * opened the most goes first. A flooder evicts its own newest windows, never a victim's window
 * it opened before the flood, nor other clients' windows, nor any address's own window (those
 * go only when no identifier window is left, oldest first). Evicting older windows would let one
 * client over its limit reset everyone's counts, its own included.
 */
export function memoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? 50_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) {
    throw new TypeError(`maxKeys must be a positive integer, received ${maxKeys}`);
  }
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  const owners = new Owners();
  let nextSweep = 0;

  const remove = (key: string) => {
    const window = windows.get(key);
    if (!window) return;
    windows.delete(key);
    if (window.owner !== undefined) owners.remove(window.owner, key);
  };
  const sweep = (time: number) => {
    nextSweep = time + 1000;
    for (const [key, window] of windows) if (window.resetAt <= time) remove(key);
  };

  return {
    async increment(key, windowMs, context?: RateLimitContext): Promise<RateLimitHit> {
      const time = now();
      if (time >= nextSweep) sweep(time);
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        remove(key);
        if (windows.size >= maxKeys)
          remove(owners.newestOfLargest() ?? windows.keys().next().value!);
        window = { count: 0, resetAt: time + windowMs, owner: context?.owner };
        windows.set(key, window);
        if (window.owner !== undefined) owners.add(window.owner, key);
      }
      window.count += 1;
      return { count: window.count, resetIn: window.resetAt - time };
    },
    async reset(key: string): Promise<void> {
      remove(key);
    },
  };
}

/** One owner's windows: a set, and a stack of them in opening order (pruned lazily). */
interface Owned {
  keys: Set<string>;
  order: string[];
}

/**
 * The windows each owner opened, with the owners grouped by how many they hold, so the largest
 * owner and its newest window are found in constant (amortised) time however many there are.
 */
class Owners {
  private readonly owned = new Map<string, Owned>();
  private readonly bySize = new Map<number, Set<string>>();
  private largest = 0;

  add(owner: string, key: string): void {
    let owned = this.owned.get(owner);
    if (!owned) {
      owned = { keys: new Set(), order: [] };
      this.owned.set(owner, owned);
    }
    this.move(owner, owned.keys.size, owned.keys.size + 1);
    owned.keys.add(key);
    owned.order.push(key);
    this.largest = Math.max(this.largest, owned.keys.size);
  }

  remove(owner: string, key: string): void {
    const owned = this.owned.get(owner);
    if (!owned?.keys.delete(key)) return;
    this.move(owner, owned.keys.size + 1, owned.keys.size);
    if (owned.keys.size === 0) this.owned.delete(owner);
    // Removed windows stay in `order` until popped; keep it from growing past twice the set.
    else if (owned.order.length > 2 * owned.keys.size + 16) {
      owned.order = owned.order.filter((k) => owned.keys.has(k));
    }
  }

  /** The newest window of the owner with the most windows, if any owner has one. */
  newestOfLargest(): string | undefined {
    while (this.largest > 0 && !this.bySize.get(this.largest)?.size) this.largest--;
    if (this.largest === 0) return undefined;
    const owner = this.bySize.get(this.largest)!.values().next().value!;
    const owned = this.owned.get(owner)!;
    let key = owned.order.pop();
    while (key !== undefined && !owned.keys.has(key)) key = owned.order.pop();
    return key;
  }

  private move(owner: string, from: number, to: number): void {
    this.bySize.get(from)?.delete(owner);
    if (to === 0) return;
    let owners = this.bySize.get(to);
    if (!owners) {
      owners = new Set();
      this.bySize.set(to, owners);
    }
    owners.add(owner);
  }
}
