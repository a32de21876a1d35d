/**
 * The `rateLimit` option and the store interface behind it.
 *
 * @module rate-limit/types
 */

/** One counted attempt: the count of its key in the current window, and when that window ends. */
export interface RateLimitHit {
  /** Attempts counted for the key in the current window, this one included. */
  count: number;
  /** Milliseconds until the current window ends and the count starts again at zero. */
  resetIn: number;
}

/**
 * Where attempts are counted. A fixed window per key: the first attempt opens a window of
 * `windowMs`, later ones add to it, and the key is forgotten when it ends. `increment` must be
 * atomic (concurrent attempts each get their own count), so the check cannot be raced: the
 * runtime counts first and decides on the answer, never reads then writes.
 *
 * Keys are short ASCII strings (HMACs of the address or identifier); no raw input reaches a
 * store. Built in: `memoryRateLimitStore()` (one process), `postgresRateLimitStore(db)` and
 * `redisRateLimitStore(redis)` (shared by every instance of the app).
 */
export interface RateLimitStore {
  /**
   * Counts one attempt for `key`, opening a window of `windowMs` milliseconds if none is open.
   * `context` says who is counted (stores may ignore it; the memory store uses it to choose
   * what to evict when full).
   */
  increment(key: string, windowMs: number, context?: RateLimitContext): Promise<RateLimitHit>;
  /** Forgets `key`'s count (after a successful sign-in, for the identifier). */
  reset(key: string): Promise<void>;
}

/** What the runtime tells a store about an attempt it counts. */
export interface RateLimitContext {
  /**
   * For an identifier's key: the (hashed) client address of the attempt, when known. Absent for
   * the address's own key.
   */
  owner?: string;
}

/** The `rateLimit` option of the configuration. */
export interface RateLimitOptions {
  /** Length of a window in seconds. Default 300 (5 minutes). */
  window?: number;
  /** Attempts allowed per identifier (an email address, a username) per window. Default 10. */
  max?: number;
  /**
   * Attempts allowed per client address per window, across identifiers. Default ten times
   * `max` (100), so that people behind one NAT or office address are not locked out together.
   */
  maxPerAddress?: number;
  /** Where attempts are counted. Default: one in-memory store per process. */
  store?: RateLimitStore;
  /**
   * The client address to count by, from the request (URL and headers) and the address the
   * framework adapter saw (Express's `req.ip`, SolidStart's `event.clientAddress`; undefined for
   * a bare `Auth(request)`). Default: that address. Return undefined to count by identifier only.
   */
  clientAddress?: (request: Request, address: string | undefined) => string | undefined | null;
  /**
   * How an identifier is compared, given its value and the form field it came from: two values
   * that normalize alike count as one. Make it match the app's own lookup, so that one account
   * cannot be guessed at under several spellings: with a case- and accent-insensitive collation,
   * `(value) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()`. Default: NFKC,
   * trimmed, lower-cased.
   */
  normalizeIdentifier?: (value: string, field: string) => string;
  /**
   * What a sign-in gets when the store fails or does not answer within its time-out: true
   * refuses it with 503 and `Retry-After` ("temporarily unavailable"), so an outage cannot be
   * used for unlimited guessing; false lets it through uncounted and logs the warning
   * `rate-limit-store-failed-open`, at most once per window. Default true.
   */
  failClosed?: boolean;
}
