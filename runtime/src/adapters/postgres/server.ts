import { assertTimeout } from "../../core/deadline.js";
import { logText } from "../../core/log-text.js";
import { DependencyOverloaded } from "../../errors.js";
import {
  type InvalidationListener,
  type ListenerClient,
  startInvalidationListener,
} from "./cache-listener.js";
import type { SqlClient } from "./client.js";
import { DATABASE_RETRY_AFTER, databaseFailure, isConnectionFailure } from "./failure.js";
import {
  SessionCache,
  type SessionCacheOptions,
  sessionCacheKey,
  sessionCacheSettings,
} from "./session-cache.js";

interface PoolLike extends SqlClient {
  /** `pg` takes a query config too; `query_timeout` there bounds that one query. */
  query(
    config: { text: string; query_timeout: number } | string,
    params?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
  on(event: "error", listener: (error: Error) => void): void;
  /** Queries waiting for a pooled client (`pg` ≥ 8). */
  readonly waitingCount?: number;
}

export interface ServerDatabase extends SqlClient {
  /** Closes the pool (and the session cache's listener). Queries after this open a new one. */
  close(): Promise<void>;
  /** The session cache `postgresAdapter` reads through, when `sessionCache` is on. */
  readonly [sessionCacheKey]?: SessionCache;
}

interface PgModule {
  Pool: new (options: object) => PoolLike;
  Client: new (options: object) => ListenerClient;
}

async function loadPg(): Promise<PgModule> {
  try {
    const pg = (await import("pg")) as unknown as Partial<PgModule> & { default?: PgModule };
    return pg.Pool ? (pg as PgModule) : pg.default!;
  } catch (cause) {
    throw new Error('A PostgreSQL server needs the "pg" package: npm install pg', { cause });
  }
}

/**
 * Options of {@link postgresDatabase}. Every time is in milliseconds. The defaults bound what a
 * hung or unreachable database costs one request to a few seconds, and let the pool replace
 * dead connections on its own (see docs/operations.md, "Timeouts and failures").
 */
export interface PostgresDatabaseOptions {
  /** Default: `DATABASE_URL`, read on the first query. */
  connectionString?: string;
  /** Most connections the pool opens. Default 10. */
  max?: number;
  /**
   * Longest wait for a connection: to open one, or for a busy pool to free one
   * (`connectionTimeoutMillis`). Default 3 000.
   */
  connectTimeout?: number;
  /**
   * Longest a statement may run: the server cancels it (`statement_timeout`), and the client
   * gives up one second later if the server has said nothing (`query_timeout`, for a connection
   * that went silent); that connection is then destroyed, never reused. Default 5 000.
   */
  queryTimeout?: number;
  /** An idle connection is closed after this long (`idleTimeoutMillis`). Default 10 000. */
  idleTimeout?: number;
  /**
   * TCP keep-alive starts probing an idle connection after this long
   * (`keepAliveInitialDelayMillis`), so a peer that vanished is noticed. Default 10 000.
   */
  keepAliveDelay?: number;
  /**
   * Most queries that may wait for a connection when all `max` are busy; past it a query fails
   * at once with `DependencyOverloaded`, so a stalled database cannot pile up requests without
   * bound. Default ten times `max`.
   */
  maxWaiting?: number;
  /**
   * When no query has completed for this long, the next one first checks the pool with
   * `SELECT 1` (bounded by one second): connections that went silent while the app was idle
   * (a network path that dropped them without a reset) are then replaced at once instead of
   * costing that query its whole `queryTimeout`. `0` turns the check off. Default 500.
   */
  idleCheck?: number;
  /**
   * Keep database sessions read by `getSessionAndUser` in memory, invalidated across instances by
   * the schema's triggers through LISTEN/NOTIFY (docs/operations.md, "Session cache"). Off by
   * default: a change made elsewhere is then seen within the time a NOTIFY takes, not at once,
   * and it needs a session-mode connection (no PgBouncer in transaction mode). `true` is
   * `{ maxEntries: 10_000, maxAge: 60 }`.
   */
  sessionCache?: boolean | SessionCacheOptions;
  /**
   * Further `pg.Pool` options (`ssl`, `application_name`, …), applied over the ones above (set
   * `statement_timeout` or `query_timeout` here only to override the bounds on purpose).
   */
  pool?: Record<string, unknown>;
}

/** The defaults of {@link PostgresDatabaseOptions}, in milliseconds. */
export const POSTGRES_DEFAULTS = {
  max: 10,
  connectTimeout: 3_000,
  queryTimeout: 5_000,
  idleTimeout: 10_000,
  keepAliveDelay: 10_000,
  idleCheck: 500,
} as const;
/** The bound of the idle check's `SELECT 1`. */
const IDLE_CHECK_TIMEOUT = 1_000;
/** How much longer than `statement_timeout` the client waits before it gives the connection up. */
const SILENCE_MARGIN = 1_000;

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`${name} must be a positive integer, received ${value}`);
  }
  return value;
}

/** The `pg.Pool` options for `options`, defaults applied and checked. */
export function poolOptions(
  url: string,
  options: PostgresDatabaseOptions,
): Record<string, unknown> {
  const max = positiveInteger("max", options.max ?? POSTGRES_DEFAULTS.max);
  const timeout = (name: keyof typeof POSTGRES_DEFAULTS) =>
    assertTimeout(name, options[name] ?? POSTGRES_DEFAULTS[name]);
  const queryTimeout = timeout("queryTimeout");
  return {
    connectionString: url,
    max,
    connectionTimeoutMillis: timeout("connectTimeout"),
    statement_timeout: queryTimeout,
    query_timeout: queryTimeout + SILENCE_MARGIN,
    idleTimeoutMillis: timeout("idleTimeout"),
    keepAlive: true,
    keepAliveInitialDelayMillis: timeout("keepAliveDelay"),
    ...options.pool,
  };
}

/**
 * A PostgreSQL server through a `pg` pool, opened on the first query so configuration code can
 * create it synchronously and before the environment is loaded. Every query is bounded in time
 * (connect, wait for a connection, run) and fails with a `DependencyTimeout`,
 * `DependencyUnavailable` or `DependencyOverloaded` (from `@create-auth/runtime/errors`, with
 * `retryAfter`) rather than hang; a connection whose query timed out is destroyed, so the pool
 * recovers by itself once the server answers again.
 *
 * @param options a connection string, or {@link PostgresDatabaseOptions}.
 * @example
 * ```ts
 * adapter: postgresAdapter(postgresDatabase({ queryTimeout: 2_000, max: 20 }))
 * ```
 */
export function postgresDatabase(options: string | PostgresDatabaseOptions = {}): ServerDatabase {
  const settings = typeof options === "string" ? { connectionString: options } : options;
  const maxWaiting = positiveInteger(
    "maxWaiting",
    settings.maxWaiting ?? 10 * (settings.max ?? POSTGRES_DEFAULTS.max),
  );
  // Checked now, so a wrong option fails at start-up rather than on the first request.
  poolOptions("", settings);
  const cacheSettings = sessionCacheSettings(settings.sessionCache);
  const cache = cacheSettings && new SessionCache(cacheSettings);
  let listener: InvalidationListener | undefined;
  let opening: Promise<PoolLike> | undefined;
  const open = () => {
    opening ??= (async () => {
      const url = settings.connectionString ?? globalThis.process?.env?.DATABASE_URL;
      if (!url) throw new Error("No database connection string: set DATABASE_URL");
      const { Pool, Client } = await loadPg();
      // The cache's own connection: same settings and bounds as the pool's, its own name.
      if (cache && !listener) {
        const name = String(settings.pool?.application_name ?? "");
        const options = {
          ...poolOptions(url, settings),
          application_name: `${name ? `${name} ` : ""}(create-auth session cache)`,
        };
        listener = startInvalidationListener(cache, async () => new Client(options));
      }
      const pool = new Pool(poolOptions(url, settings));
      // An idle connection dropped by the server emits "error"; unhandled, it ends the process.
      // The pool replaces the connection; the next query reports any lasting failure.
      pool.on("error", (error) =>
        console.error(`[auth][postgres] idle connection lost: ${logText(error.message)}`),
      );
      return pool;
    })();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };
  /**
   * Retires the pool after a failure of the connection itself (a time-out, a lost or refused
   * connection): its idle connections may be silent too, and one handed to the next query
   * would cost it the whole time-out. The next query opens a fresh pool; queries still running
   * on the old one finish there, and it closes when they have.
   */
  const retire = (pool: Promise<PoolLike>) => {
    if (opening !== pool) return;
    opening = undefined;
    pool.then((old) => old.end()).catch(() => {});
  };
  const idleCheck =
    settings.idleCheck === 0
      ? 0
      : assertTimeout("idleCheck", settings.idleCheck ?? POSTGRES_DEFAULTS.idleCheck);
  /** When a query last completed on the current pool (or the pool was opened). */
  let lastAnswer = 0;
  let checking: Promise<void> | undefined;
  /**
   * The pool to run a query on. After `idleCheck` without an answer, one `SELECT 1` (shared by
   * the queries arriving meanwhile) checks the idle connections first; when it fails on the
   * connection, the pool is retired and a fresh one opened.
   */
  const usable = async (): Promise<{ current: Promise<PoolLike> }> => {
    const current = open();
    const pool = await current;
    if (lastAnswer === 0) lastAnswer = Date.now();
    if (idleCheck === 0 || Date.now() - lastAnswer < idleCheck) return { current };
    checking ??= pool
      .query({ text: "SELECT 1", query_timeout: IDLE_CHECK_TIMEOUT })
      .then(
        () => {
          lastAnswer = Date.now();
        },
        (error: unknown) => {
          if (isConnectionFailure(databaseFailure(error))) {
            retire(current);
            lastAnswer = 0;
          }
        },
      )
      .finally(() => {
        checking = undefined;
      });
    await checking;
    return { current: open() };
  };
  return {
    ...(cache ? { [sessionCacheKey]: cache } : {}),
    async query(text, params) {
      const { current } = await usable();
      const pool = await current;
      if ((pool.waitingCount ?? 0) >= maxWaiting) {
        throw new DependencyOverloaded(
          `${maxWaiting} queries already wait for a database connection`,
          { retryAfter: DATABASE_RETRY_AFTER, dependency: "database" },
        );
      }
      try {
        // `pool.query` releases its connection with the error on failure, which destroys it.
        const result = await pool.query(text, params);
        if (opening === current) lastAnswer = Date.now();
        return result;
      } catch (error) {
        const failure = databaseFailure(error);
        if (isConnectionFailure(failure)) retire(current);
        throw failure;
      }
    },
    async close() {
      const current = opening;
      const stopping = listener?.stop();
      opening = undefined;
      listener = undefined;
      if (current) await (await current).end();
      await stopping;
    },
  };
}
