/**
 * The opt-in in-process cache of `getSessionAndUser` rows (`postgresDatabase({ sessionCache })`).
 * It is only trusted while the invalidation listener (cache-listener.ts) is connected and has
 * answered recently; every invalidation, local or from a NOTIFY, bumps a generation so that a read
 * already in flight cannot put back what was just invalidated.
 */

/** Where a `ServerDatabase` carries its cache for `postgresAdapter` (registered: two copies agree). */
export const sessionCacheKey: unique symbol = Symbol.for("@create-auth/runtime/pg-session-cache");

/** The NOTIFY channel the schema's triggers (versions 4 and 5) send on. */
export const INVALIDATION_CHANNEL = "create_auth_sessions";

/** `sessionCache: true` means these. */
export const SESSION_CACHE_DEFAULTS = { maxEntries: 10_000, maxAge: 60 } as const;

export interface SessionCacheOptions {
  /** Most sessions held; the least recently used goes first. Default 10 000. */
  maxEntries?: number;
  /** Seconds one entry may serve before it is read again. Default 60. */
  maxAge?: number;
}

type Row = Record<string, unknown>;

interface Entry {
  row: Row;
  sessionId: string;
  userId: string;
  /** `Date.now()` past which the entry no longer serves. */
  until: number;
}

/** A read's claim, taken before its query: its result may be kept only if nothing changed since. */
export type ReadTicket = number;

/** Copies a cached row for one caller: callbacks may change what they are given. */
function copyRow(row: Row): Row {
  const copy: Row = {};
  for (const [key, value] of Object.entries(row)) {
    copy[key] =
      value instanceof Date
        ? new Date(value.valueOf())
        : typeof value === "object" && value !== null
          ? structuredClone(value)
          : value;
  }
  return copy;
}

/** Checks `sessionCache` as `postgresDatabase` receives it; undefined when it is off. */
export function sessionCacheSettings(
  option: boolean | SessionCacheOptions | undefined,
): Required<SessionCacheOptions> | undefined {
  if (option === undefined || option === false) return undefined;
  if (option !== true && (typeof option !== "object" || option === null)) {
    throw new TypeError(`sessionCache must be true, false or an object, received ${option}`);
  }
  const { maxEntries, maxAge } = { ...SESSION_CACHE_DEFAULTS, ...(option === true ? {} : option) };
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new TypeError(
      `sessionCache.maxEntries must be a positive integer, received ${maxEntries}`,
    );
  }
  if (typeof maxAge !== "number" || !(maxAge > 0) || !Number.isFinite(maxAge)) {
    throw new TypeError(
      `sessionCache.maxAge must be a positive number of seconds, received ${maxAge}`,
    );
  }
  return { maxEntries, maxAge };
}

export class SessionCache {
  /** Insertion order is recency: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly bySession = new Map<string, string>();
  private readonly byUser = new Map<string, Set<string>>();
  private generation = 0;
  /** `Date.now()` until which the listener vouches for the entries; 0 while not listening. */
  private trustedUntil = 0;

  constructor(private readonly settings: Required<SessionCacheOptions>) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached row of `token` (a copy), or undefined: not cached, too old, or not listening. */
  get(token: string): Row | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const now = Date.now();
    if (now >= this.trustedUntil) {
      // The listener has not answered in time: it may have missed invalidations.
      this.flush();
      return undefined;
    }
    if (now >= entry.until) {
      this.remove(token, entry);
      return undefined;
    }
    this.entries.delete(token);
    this.entries.set(token, entry);
    return copyRow(entry.row);
  }

  /** Taken before a read's query; see {@link put}. */
  ticket(): ReadTicket {
    return this.generation;
  }

  /**
   * Keeps a row read for `token`, unless anything was invalidated (or the listener lost) since
   * `ticket` was taken: that read may have seen the row as it was before.
   */
  put(ticket: ReadTicket, token: string, row: Row): void {
    const now = Date.now();
    if (ticket !== this.generation || now >= this.trustedUntil) return;
    const old = this.entries.get(token);
    if (old) this.remove(token, old);
    const entry: Entry = {
      row: copyRow(row),
      sessionId: String(row.sessionId),
      userId: String(row.userId),
      until: now + this.settings.maxAge * 1000,
    };
    this.entries.set(token, entry);
    this.bySession.set(entry.sessionId, token);
    const tokens = this.byUser.get(entry.userId) ?? new Set<string>();
    this.byUser.set(entry.userId, tokens.add(token));
    if (this.entries.size > this.settings.maxEntries) {
      const [oldest, oldestEntry] = this.entries.entries().next().value!;
      this.remove(oldest, oldestEntry);
    }
  }

  /** The listener is connected and answered at `Date.now()`: trust entries for `leaseMs` more. */
  confirm(leaseMs: number): void {
    this.trustedUntil = Date.now() + leaseMs;
  }

  /** The listener is not (or no longer) listening: nothing cached may serve or be kept. */
  distrust(): void {
    this.trustedUntil = 0;
    this.flush();
  }

  evictToken(token: string): void {
    this.generation++;
    const entry = this.entries.get(token);
    if (entry) this.remove(token, entry);
  }

  evictUser(userId: unknown): void {
    this.generation++;
    for (const token of this.byUser.get(String(userId)) ?? []) {
      this.remove(token, this.entries.get(token)!);
    }
  }

  flush(): void {
    this.generation++;
    this.entries.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  /**
   * Applies one NOTIFY payload of the schema's triggers: `s:<session ids>`, `u:<user ids>`
   * (comma-separated) or `*`. Anything else empties the cache: when unsure, forget.
   */
  apply(payload: string | undefined): void {
    const match = /^([su]):(\d+(?:,\d+)*)$/.exec(payload ?? "");
    if (!match) {
      this.flush();
      return;
    }
    this.generation++;
    for (const id of match[2]!.split(",")) {
      if (match[1] === "u") {
        this.evictUser(id);
        continue;
      }
      const token = this.bySession.get(id);
      if (token !== undefined) this.remove(token, this.entries.get(token)!);
    }
  }

  private remove(token: string, entry: Entry): void {
    this.entries.delete(token);
    if (this.bySession.get(entry.sessionId) === token) this.bySession.delete(entry.sessionId);
    const tokens = this.byUser.get(entry.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(entry.userId);
  }
}
