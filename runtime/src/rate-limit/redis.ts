/**
 * A rate-limit store in Redis, shared by every instance of the app.
 *
 * @module rate-limit/redis
 */
import { assertTimeout, withDeadline } from "../core/deadline.js";
import { DependencyTimeout, DependencyUnavailable } from "../errors.js";
import type { RateLimitHit, RateLimitStore } from "./types.js";

/**
 * The parts of an `ioredis` client (or `Cluster`) the store uses. Structural, so `ioredis` is
 * not imported here: it stays an optional peer, and the client is the app's own (with its
 * connection options, TLS and retry policy).
 */
export interface RedisLike {
  eval(script: string, numberOfKeys: number, ...args: (string | number)[]): Promise<unknown>;
  del(...keys: string[]): Promise<unknown>;
}

export interface RedisRateLimitStoreOptions {
  /** Prepended to every key, to share one Redis between apps. Default `"auth:rate-limit:"`. */
  prefix?: string;
  /**
   * Longest one command may take, in milliseconds; past it the command fails
   * (`DependencyTimeout`) and the sign-in is answered as `rateLimit.failClosed` says. Applied to
   * your own client too (a deadline around each call). Default 1 000.
   */
  timeout?: number;
  /** For a client the store creates from a URL: longest wait to connect, in ms. Default 2 000. */
  connectTimeout?: number;
}

/** The defaults of {@link RedisRateLimitStoreOptions}, in milliseconds. */
export const REDIS_DEFAULTS = { timeout: 1_000, connectTimeout: 2_000 } as const;
/** How long a client is told to wait (`Retry-After`) after Redis failed to answer. */
const REDIS_RETRY_AFTER = 5;

/**
 * INCR opens the window on the first attempt (PEXPIRE) and reports what is left of it (PTTL),
 * in one atomic script: no attempt can be counted without an expiry, whichever way a client or
 * the connection fails. A key found without an expiry (written by something else) gets one.
 */
const INCREMENT = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

interface OwnedClient extends RedisLike {
  connect(): Promise<void>;
  disconnect(reconnect?: boolean): void;
  on(event: "error", listener: (error: Error) => void): unknown;
}
type RedisConstructor = new (url: string, options: object) => OwnedClient;

/** A Redis store; `close` disconnects the client the store created (yours stays open). */
export interface RedisRateLimitStore extends RateLimitStore {
  close(): Promise<void>;
}

/**
 * An `ioredis` client for `url` that never waits without bound: commands time out, fail at once
 * while disconnected (no offline queue) and are retried at most once, and TCP keep-alive
 * notices a vanished server. It reconnects in the background.
 */
function connectedClient(url: string, timeout: number, connectTimeout: number) {
  let connecting: Promise<OwnedClient> | undefined;
  const open = () => {
    connecting ??= (async () => {
      let mod: { Redis?: RedisConstructor; default?: RedisConstructor };
      try {
        mod = (await import("ioredis")) as unknown as typeof mod;
      } catch (cause) {
        throw new Error(
          'A Redis rate-limit store needs the "ioredis" package: npm install ioredis',
          {
            cause,
          },
        );
      }
      const Redis = (mod.Redis ?? mod.default)!;
      const client = new Redis(url, {
        lazyConnect: true,
        commandTimeout: timeout,
        connectTimeout,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        keepAlive: 10_000,
      });
      // Reported by the commands that fail; unhandled, an "error" event would end the process.
      client.on("error", () => {});
      try {
        await client.connect();
      } catch (error) {
        client.disconnect();
        throw error;
      }
      return client;
    })();
    // A failed first connection is tried again on the next attempt.
    connecting.catch(() => {
      connecting = undefined;
    });
    return connecting;
  };
  const close = async () => {
    const current = connecting;
    connecting = undefined;
    if (current) (await current.catch(() => undefined))?.disconnect();
  };
  /**
   * Drops the connection and opens a new one: after a command timed out the connection may be
   * silent for good (half-open), and ioredis would keep sending on it.
   */
  const recycle = () => {
    connecting?.then((client) => client.disconnect(true)).catch(() => {});
  };
  return { open, close, recycle };
}

function redisFailure(error: unknown): DependencyUnavailable {
  if (error instanceof DependencyUnavailable) return error;
  const message = error instanceof Error ? error.message : String(error);
  const options = { cause: error, retryAfter: REDIS_RETRY_AFTER, dependency: "redis" as const };
  return /timed? ?out/i.test(message)
    ? new DependencyTimeout(`Redis did not answer in time (${message})`, options)
    : new DependencyUnavailable(`Redis failed (${message})`, options);
}

/**
 * Counts attempts in Redis, so several app instances share one limit. Pass a Redis URL (the
 * store then creates an `ioredis` client with every time bound set), or a connected `ioredis`
 * client of your own (each call then gets a deadline of `timeout`). A Redis that fails or
 * stalls costs a sign-in at most `timeout` (or `connectTimeout` on the first connection), and
 * the sign-in is refused or let through as `rateLimit.failClosed` says (docs/operations.md).
 *
 * @example
 * ```ts
 * import { redisRateLimitStore } from "@create-auth/runtime/rate-limit/redis";
 * rateLimit: { store: redisRateLimitStore(process.env.REDIS_URL ?? "redis://localhost:6379") }
 * ```
 */
export function redisRateLimitStore(
  redis: RedisLike | string,
  options: RedisRateLimitStoreOptions = {},
): RedisRateLimitStore {
  const timeout = assertTimeout("timeout", options.timeout ?? REDIS_DEFAULTS.timeout);
  const connectTimeout = assertTimeout(
    "connectTimeout",
    options.connectTimeout ?? REDIS_DEFAULTS.connectTimeout,
  );
  let client: () => Promise<RedisLike>;
  let close = async () => {};
  let recycle = () => {};
  if (typeof redis === "string") {
    const owned = connectedClient(redis, timeout, connectTimeout);
    client = owned.open;
    close = owned.close;
    recycle = owned.recycle;
  } else if (typeof redis?.eval !== "function" || typeof redis.del !== "function") {
    throw new TypeError(
      "redisRateLimitStore needs a Redis URL or an ioredis client (eval and del)",
    );
  } else client = async () => redis;
  const prefix = options.prefix ?? "auth:rate-limit:";

  /** One command, bounded: the connection by `connectTimeout`, the command by `timeout`. */
  const run = async <T>(command: (redis: RedisLike) => Promise<T>): Promise<T> => {
    const timedOut = (what: string, ms: number) => () =>
      new DependencyTimeout(`Redis did not ${what} within ${ms} ms`, {
        retryAfter: REDIS_RETRY_AFTER,
        dependency: "redis",
      });
    try {
      const connected = await withDeadline(
        client(),
        connectTimeout,
        timedOut("connect", connectTimeout),
      );
      return await withDeadline(command(connected), timeout, timedOut("answer", timeout));
    } catch (error) {
      const failure = redisFailure(error);
      if (failure instanceof DependencyTimeout) recycle();
      throw failure;
    }
  };

  return {
    async increment(key: string, windowMs: number): Promise<RateLimitHit> {
      const reply = await run((r) => r.eval(INCREMENT, 1, `${prefix}${key}`, Math.ceil(windowMs)));
      if (!Array.isArray(reply) || reply.length !== 2) {
        throw new TypeError("Redis answered the rate-limit script with an unexpected value");
      }
      return { count: Number(reply[0]), resetIn: Number(reply[1]) };
    },
    async reset(key: string): Promise<void> {
      await run((r) => r.del(`${prefix}${key}`));
    },
    close,
  };
}
