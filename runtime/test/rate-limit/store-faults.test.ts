/**
 * The rate limiter when its store fails: the machine's real Redis and PostgreSQL behind a TCP
 * fault proxy, and a real Express app. A stalled or refused store settles within its time-out
 * (a typed error, never a hang); `rateLimit.failClosed` (default true) refuses the sign-in with
 * 503, `Retry-After` and a "temporarily unavailable" page or JSON, false lets it through and
 * warns once per window. Once the store answers again, counting resumes by itself.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  migrate,
  postgresDatabase,
  postgresRateLimitStore,
  type ServerDatabase,
} from "../../src/adapters/postgres/index.js";
import { DependencyTimeout, DependencyUnavailable } from "../../src/errors.js";
import Credentials from "../../src/providers/credentials.js";
import { type RedisRateLimitStore, redisRateLimitStore } from "../../src/rate-limit/redis.js";
import type { RateLimitStore } from "../../src/rate-limit/types.js";
import type { AuthConfig } from "../../src/types.js";
import { DATABASE_URL, isolatedPool } from "../adapters/database.js";
import { express5, startApp } from "../express/app.js";
import { captureLogger, HttpTestClient, SECRET, setCookie } from "../helpers.js";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.js";

const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
const prefix = `ca-fault:${Date.now().toString(36)}:`;
const unique = () => Math.random().toString(36).slice(2, 10);

let redisProxy: FaultProxy;
let pgProxy: FaultProxy;
let database: Awaited<ReturnType<typeof isolatedPool>>;
const stores: RedisRateLimitStore[] = [];
const databases: ServerDatabase[] = [];
const userClients: Redis[] = [];

beforeAll(async () => {
  redisProxy = await startFaultProxy({ port: Number(REDIS_URL.port || 6379) });
  pgProxy = await startFaultProxy({ port: Number(new URL(DATABASE_URL).port || 5432) });
  database = await isolatedPool();
  await migrate(database.pool);
});
afterEach(async () => {
  await redisProxy.set("pass");
  await pgProxy.set("pass");
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  for (const client of userClients) client.disconnect();
  await redisProxy?.close();
  await pgProxy?.close();
  await Promise.all(databases.map((db) => Promise.race([db.close().catch(() => {}), sleep(500)])));
  await database?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A store on a Redis URL through the proxy, with short bounds. */
function redisStore(): RedisRateLimitStore {
  const store = redisRateLimitStore(`redis://127.0.0.1:${redisProxy.port}`, {
    prefix,
    timeout: 300,
    connectTimeout: 300,
  });
  stores.push(store);
  return store;
}

function postgresStore(): RateLimitStore {
  const url = new URL(DATABASE_URL);
  url.port = String(pgProxy.port);
  const db = postgresDatabase({
    connectionString: url.href,
    connectTimeout: 300,
    queryTimeout: 300,
    pool: { options: `-c search_path=${database.schema}` },
  });
  databases.push(db);
  return postgresRateLimitStore(db);
}

/** A credentials app; only `ada` / `lovelace` signs in. */
function credentialsConfig(store: RateLimitStore, failClosed?: boolean) {
  const log = captureLogger();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: log.logger,
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" } },
        authorize: ({ username, password }) =>
          username === "ada" && password === "lovelace" ? { id: "1" } : null,
      }),
    ],
    rateLimit: { max: 3, window: 60, store, ...(failClosed === undefined ? {} : { failClosed }) },
  };
  return { config, log };
}

async function signIn(client: HttpTestClient, headers: Record<string, string> = {}) {
  const csrfToken = await client.csrfToken();
  return client.request("/auth/callback/credentials", {
    form: { username: "ada", password: "lovelace", csrfToken },
    headers,
  });
}

describe("redisRateLimitStore bounds", () => {
  it("a stalled Redis fails the call with DependencyTimeout; once it answers, counting resumes", async () => {
    const store = redisStore();
    const key = `k-${unique()}`;
    expect((await store.increment(key, 60_000)).count).toBe(1);
    await redisProxy.set("stall");
    const stalled = store.increment(key, 60_000);
    await expect(stalled).rejects.toBeInstanceOf(DependencyTimeout);
    await expect(stalled).rejects.toMatchObject({ dependency: "redis", retryAfter: 5 });
    await redisProxy.set("pass");
    // The silent connection was dropped: the store reconnects on its own, within moments.
    await expect
      .poll(() => store.increment(key, 60_000).then((hit) => hit.count), {
        timeout: 5_000,
        interval: 200,
      })
      .toBeGreaterThanOrEqual(2);
  }, 20_000);

  it("a refused Redis fails the call with DependencyUnavailable, without queueing it", async () => {
    const store = redisStore();
    await store.increment(`k-${unique()}`, 60_000);
    await redisProxy.set("refuse");
    await expect(store.increment(`k-${unique()}`, 60_000)).rejects.toBeInstanceOf(
      DependencyUnavailable,
    );
  }, 20_000);

  it("an app's own client gets a deadline on each call", async () => {
    const client = new Redis(`redis://127.0.0.1:${redisProxy.port}`, { maxRetriesPerRequest: 1 });
    client.on("error", () => {});
    userClients.push(client);
    const store = redisRateLimitStore(client, { prefix, timeout: 300 });
    await store.increment(`k-${unique()}`, 60_000);
    await redisProxy.set("stall");
    await expect(store.increment(`k-${unique()}`, 60_000)).rejects.toBeInstanceOf(
      DependencyTimeout,
    );
  }, 20_000);

  it("rejects nonsensical time-outs and non-clients", () => {
    expect(() => redisRateLimitStore("redis://127.0.0.1", { timeout: 0 })).toThrow(/timeout/);
    expect(() => redisRateLimitStore({} as never)).toThrow(TypeError);
  });
});

describe.each([
  ["Redis", redisStore, () => redisProxy],
  ["PostgreSQL", postgresStore, () => pgProxy],
])("sign-in while the %s rate-limit store is down", (_name, makeStore, proxy) => {
  it.each([
    "stall",
    "refuse",
  ] as const)("%s, failClosed (default): 503, Retry-After, a clear page, no session; back: signs in", async (mode) => {
    const { config, log } = credentialsConfig(makeStore());
    const app = await startApp(express5, config, { mount: "/auth" });
    try {
      const client = new HttpTestClient(app.origin);
      await proxy().set(mode);
      const refused = await signIn(client);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("cache-control")).toContain("no-store");
      expect(await refused.text()).toContain("Sign-in is temporarily unavailable");
      expect(setCookie(refused, "authjs.session-token")).toBeUndefined();
      expect(log.errors.some((error) => error.name === "RateLimitUnavailable")).toBe(true);

      const json = await signIn(client, { "x-auth-return-redirect": "1" });
      expect(json.status).toBe(503);
      expect(((await json.json()) as { url: string }).url).toMatch(
        /\/auth\/signin\?error=RateLimitUnavailable$/,
      );

      await proxy().set("pass");
      await expect
        .poll(async () => (await signIn(client)).status, { timeout: 5_000, interval: 200 })
        .toBe(302);
      expect(setCookie(await signIn(client), "authjs.session-token")?.value).toBeTruthy();
    } finally {
      await app.close();
    }
  }, 30_000);

  it("failClosed false: the sign-in goes through uncounted, and the warning is logged once per window", async () => {
    const { config, log } = credentialsConfig(makeStore(), false);
    const app = await startApp(express5, config, { mount: "/auth" });
    try {
      const client = new HttpTestClient(app.origin);
      await proxy().set("stall");
      for (let i = 0; i < 2; i++) {
        const response = await signIn(client);
        expect(response.status).toBe(302);
        expect(setCookie(response, "authjs.session-token")?.value).toBeTruthy();
      }
      expect(log.warnings.filter((code) => code === "rate-limit-store-failed-open")).toHaveLength(
        1,
      );
    } finally {
      await app.close();
    }
  }, 30_000);
});
