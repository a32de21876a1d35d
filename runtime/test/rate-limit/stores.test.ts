/**
 * The rate-limit stores on the real things: a Map, PGlite, the machine's PostgreSQL and its
 * Redis (127.0.0.1:6379). Each store must count atomically, expire windows and forget on reset;
 * the shared ones must give several app instances one limit.
 */
import { PGlite } from "@electric-sql/pglite";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  migrate,
  postgresRateLimitStore,
  type SqlClient,
} from "../../src/adapters/postgres/index.js";
import Credentials from "../../src/providers/credentials.js";
import { memoryRateLimitStore } from "../../src/rate-limit/index.js";
import { redisRateLimitStore } from "../../src/rate-limit/redis.js";
import type { RateLimitStore } from "../../src/rate-limit/types.js";
import type { AuthConfig } from "../../src/types.js";
import { AUTHJS_SCHEMA, isolatedPool } from "../adapters/database.js";
import { express5, startApp } from "../express/app.js";
import { captureLogger, HttpTestClient, SECRET, setCookie } from "../helpers.js";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every store must do, on fresh keys. */
function describeStore(name: string, store: () => RateLimitStore) {
  describe(`${name}: the store contract`, () => {
    it("counts 1, 2, 3 in one window and reports what is left of it", async () => {
      const key = `k-${unique()}`;
      const hits = [];
      for (let i = 0; i < 3; i++) hits.push(await store().increment(key, 60_000));
      expect(hits.map((hit) => hit.count)).toEqual([1, 2, 3]);
      for (const hit of hits) {
        expect(hit.resetIn).toBeGreaterThan(50_000);
        expect(hit.resetIn).toBeLessThanOrEqual(60_000);
      }
      // The window is fixed: later attempts do not push its end back.
      expect(hits[2]!.resetIn).toBeLessThanOrEqual(hits[0]!.resetIn);
    });

    it("keys are independent", async () => {
      const [a, b] = [`a-${unique()}`, `b-${unique()}`];
      await store().increment(a, 60_000);
      await store().increment(a, 60_000);
      expect((await store().increment(b, 60_000)).count).toBe(1);
    });

    it("is atomic: 25 concurrent attempts get the counts 1 to 25, none lost or shared", async () => {
      const key = `c-${unique()}`;
      const hits = await Promise.all(
        Array.from({ length: 25 }, () => store().increment(key, 60_000)),
      );
      expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 25 }, (_, i) => i + 1),
      );
    });

    it("starts again at 1 once the window has ended", async () => {
      const key = `w-${unique()}`;
      await store().increment(key, 300);
      expect((await store().increment(key, 300)).count).toBe(2);
      await sleep(450);
      expect((await store().increment(key, 300)).count).toBe(1);
    });

    it("reset forgets a key", async () => {
      const key = `r-${unique()}`;
      await store().increment(key, 60_000);
      await store().increment(key, 60_000);
      await store().reset(key);
      expect((await store().increment(key, 60_000)).count).toBe(1);
      await store().reset(`never-${unique()}`);
    });
  });
}

const memoryStore = memoryRateLimitStore();
describeStore("memoryRateLimitStore", () => memoryStore);

describe("memoryRateLimitStore bounds", () => {
  it("without owners (addresses' own windows), keeps at most maxKeys, dropping the oldest", async () => {
    const store = memoryRateLimitStore({ maxKeys: 3 });
    for (const key of ["a", "b", "c"]) await store.increment(key, 60_000);
    await store.increment("a", 60_000);
    await store.increment("d", 60_000); // full: "a" (the oldest window) goes
    expect((await store.increment("a", 60_000)).count).toBe(1);
    expect((await store.increment("d", 60_000)).count).toBe(2);
  });

  it("when full, evicts the newest window of the owner with the most, never an address's own", async () => {
    const store = memoryRateLimitStore({ maxKeys: 6 });
    const hit = (key: string, owner?: string) =>
      store.increment(key, 60_000, owner ? { owner } : undefined);
    await hit("address-a");
    await hit("victim", "a");
    await hit("address-f");
    for (const key of ["f1", "f2", "f3"]) await hit(key, "f");
    // Full. Every new window of f's evicts f's newest one; a's, the victim's and the
    // addresses' windows stay.
    for (let i = 4; i < 50; i++) await hit(`f${i}`, "f");
    expect((await hit("victim", "a")).count).toBe(2);
    expect((await hit("address-a")).count).toBe(2);
    expect((await hit("address-f")).count).toBe(2);
    expect((await hit("f1", "f")).count).toBe(2);
    expect((await hit("f2", "f")).count).toBe(2);
  });

  it("rejects a nonsensical bound", () => {
    expect(() => memoryRateLimitStore({ maxKeys: 0 })).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------- PostgreSQL and PGlite

let pglite: PGlite;
let server: Awaited<ReturnType<typeof isolatedPool>>;
beforeAll(async () => {
  pglite = new PGlite();
  await migrate(pglite as unknown as SqlClient);
  server = await isolatedPool();
  await migrate(server.pool);
}, 60_000);
afterAll(async () => {
  await pglite?.close();
  await server?.drop();
});

describeStore("postgresRateLimitStore on PGlite", () =>
  postgresRateLimitStore(pglite as unknown as SqlClient),
);
describeStore("postgresRateLimitStore on PostgreSQL", () => postgresRateLimitStore(server.pool));

describe("the rate_limits table", () => {
  it("migrate creates it, idempotently, also in a database Auth.js's adapter made", async () => {
    const fresh = await isolatedPool();
    try {
      await fresh.pool.query(AUTHJS_SCHEMA);
      const first = await migrate(fresh.pool);
      expect(first.created).toContain("rate_limits");
      expect((await migrate(fresh.pool)).created).toEqual([]);
      const store = postgresRateLimitStore(fresh.pool);
      expect((await store.increment("k", 60_000)).count).toBe(1);
    } finally {
      await fresh.drop();
    }
  });

  it("holds no address or identifier in the clear", async () => {
    const app = await startApp(express5, credentialsConfig(postgresRateLimitStore(server.pool)), {
      mount: "/auth",
    });
    try {
      const client = new HttpTestClient(app.origin);
      await attempt(client, "secret-user@example.com");
      const { rows } = await server.pool.query("SELECT key FROM rate_limits");
      const keys = rows.map((row) => String(row.key)).join(" ");
      expect(keys).not.toContain("secret-user");
      expect(keys).not.toContain("127.0.0.1");
      expect(keys).not.toContain("guess");
    } finally {
      await app.close();
    }
  });
});

// ---------------------------------------------------------------- Redis

const redisClients: Redis[] = [];
const prefix = `ca-test:${unique()}:`;
afterAll(async () => {
  if (redisClients[0]) {
    const keys = await redisClients[0].keys(`${prefix}*`);
    if (keys.length) await redisClients[0].del(...keys);
  }
  for (const client of redisClients) client.disconnect();
});
function redis() {
  const client = new Redis(REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
  redisClients.push(client);
  return client;
}
let sharedRedis: RateLimitStore;
beforeAll(() => {
  sharedRedis = redisRateLimitStore(redis(), { prefix });
});
describeStore("redisRateLimitStore", () => sharedRedis);

describe("redisRateLimitStore keys", () => {
  it("live under the prefix and carry an expiry", async () => {
    const client = redis();
    const store = redisRateLimitStore(client, { prefix });
    await store.increment("ttl", 60_000);
    const ttl = await client.pttl(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("refuses something that is not a Redis client", () => {
    expect(() => redisRateLimitStore({} as never)).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------- several app instances

/** A credentials app; only `ada` / `lovelace` signs in. */
function credentialsConfig(store: RateLimitStore, max = 3): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: ({ username, password }) =>
          username === "ada" && password === "lovelace" ? { id: "1" } : null,
      }),
    ],
    rateLimit: { max, window: 60, store },
  };
}

async function attempt(client: HttpTestClient, username: string, password = "guess") {
  const csrfToken = await client.csrfToken();
  return client.request("/auth/callback/credentials", {
    form: { username, password, csrfToken },
  });
}

function expectRefused(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toContain("error=CredentialsSignin");
}

describe.each([
  ["Redis", () => redisRateLimitStore(redis(), { prefix })],
  ["PostgreSQL", () => postgresRateLimitStore(server.pool)],
  ["PGlite", () => postgresRateLimitStore(pglite as unknown as SqlClient)],
])("two app instances sharing one %s store", (_name, makeStore) => {
  it("share one limit: attempts on either count, the next on either is refused", async () => {
    // Two configurations and two stores (clients), as two processes would have.
    const one = await startApp(express5, credentialsConfig(makeStore()), { mount: "/auth" });
    const two = await startApp(express5, credentialsConfig(makeStore()), { mount: "/auth" });
    try {
      const [a, b] = [new HttpTestClient(one.origin), new HttpTestClient(two.origin)];
      const user = `user-${unique()}`;
      for (const client of [a, b, a]) expectRefused(await attempt(client, user));
      for (const client of [b, a]) {
        const limited = await attempt(client, user);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // A successful sign-in on one instance resets the identifier's count for both.
      expectRefused(await attempt(a, "ada"));
      expectRefused(await attempt(b, "ada"));
      expect(setCookie(await attempt(a, "ada", "lovelace"), "authjs.session-token")).toBeTruthy();
      for (const client of [b, a, b]) expectRefused(await attempt(client, "ada"));
      expect((await attempt(a, "ada")).status).toBe(429);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe("a Redis that is down", () => {
  it("refuses sign-ins (fail closed) instead of letting guesses through unlimited", async () => {
    const down = new Redis({
      host: "127.0.0.1",
      port: 1, // nothing listens here
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    redisClients.push(down);
    const log = captureLogger();
    const config = {
      ...credentialsConfig(redisRateLimitStore(down, { prefix })),
      logger: log.logger,
    };
    const app = await startApp(express5, config, { mount: "/auth" });
    try {
      const response = await attempt(new HttpTestClient(app.origin), "ada", "lovelace");
      expect(response.status).toBe(503);
      expect(setCookie(response, "authjs.session-token")).toBeUndefined();
      expect(log.errors.some((error) => error.message.includes("rate-limit store failed"))).toBe(
        true,
      );
    } finally {
      await app.close();
    }
  });
});
