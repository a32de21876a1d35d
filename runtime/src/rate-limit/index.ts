/**
 * Rate limiting of credentials and email sign-in (the `rateLimit` option): the store interface
 * and the in-memory store. The Redis store is `@create-auth/runtime/rate-limit/redis`, the
 * PostgreSQL one `postgresRateLimitStore` in `@create-auth/runtime/adapters/postgres`.
 *
 * @module rate-limit
 */
export { type MemoryRateLimitStoreOptions, memoryRateLimitStore } from "./memory.js";
export type {
  RateLimitContext,
  RateLimitHit,
  RateLimitOptions,
  RateLimitStore,
} from "./types.js";
