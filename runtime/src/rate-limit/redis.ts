/**
 * A rate-limit store in Redis, shared by every instance of the app.
 *
 * @module rate-limit/redis
 */
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
}

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

/**
 * Counts attempts in Redis, so several app instances share one limit. Pass a connected
 * `ioredis` client; a failing Redis makes sign-ins fail (see `docs/security.md`, "Rate
 * limiting").
 *
 * @example
 * ```ts
 * import Redis from "ioredis";
 * import { redisRateLimitStore } from "@create-auth/runtime/rate-limit/redis";
 * rateLimit: { store: redisRateLimitStore(new Redis(process.env.REDIS_URL ?? "redis://localhost:6379")) }
 * ```
 */
export function redisRateLimitStore(
  redis: RedisLike,
  options: RedisRateLimitStoreOptions = {},
): RateLimitStore {
  if (typeof redis?.eval !== "function" || typeof redis.del !== "function") {
    throw new TypeError("redisRateLimitStore needs an ioredis client (eval and del)");
  }
  const prefix = options.prefix ?? "auth:rate-limit:";
  return {
    async increment(key: string, windowMs: number): Promise<RateLimitHit> {
      const reply = await redis.eval(INCREMENT, 1, `${prefix}${key}`, Math.ceil(windowMs));
      if (!Array.isArray(reply) || reply.length !== 2) {
        throw new TypeError("Redis answered the rate-limit script with an unexpected value");
      }
      return { count: Number(reply[0]), resetIn: Number(reply[1]) };
    },
    async reset(key: string): Promise<void> {
      await redis.del(`${prefix}${key}`);
    },
  };
}
