/**
 * `postgresDatabase` under network faults, through a TCP fault proxy in front of the machine's
 * real PostgreSQL: every query settles within its bounds (it rejects with a typed error rather
 * than hang), a full wait queue refuses at once, and the pool recovers by itself once the
 * network works again, with no restart. Small time-outs keep the file fast; no timing is
 * asserted beyond "it settles".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  migrate,
  type PostgresDatabaseOptions,
  postgresAdapter,
  postgresDatabase,
  type ServerDatabase,
} from "../../src/adapters/postgres/index.js";
import {
  DependencyOverloaded,
  DependencyTimeout,
  DependencyUnavailable,
} from "../../src/errors.js";
import { express5, startApp } from "../express/app.js";
import { captureLogger, HttpTestClient, outboxEmailProvider, SECRET } from "../helpers.js";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.js";
import { DATABASE_URL, isolatedPool } from "./database.js";

let database: Awaited<ReturnType<typeof isolatedPool>>;
let proxy: FaultProxy;
const opened: ServerDatabase[] = [];
beforeAll(async () => {
  database = await isolatedPool();
  await migrate(database.pool);
  proxy = await startFaultProxy({ port: Number(new URL(DATABASE_URL).port || 5432) });
});
afterEach(async () => {
  await proxy.set("pass");
});
afterAll(async () => {
  // A pool whose connections stalled cannot end cleanly; the proxy's close resets them.
  await proxy?.close();
  await Promise.all(opened.map((db) => Promise.race([db.close().catch(() => {}), sleep(500)])));
  await database?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database through the proxy, on this file's schema, with short bounds. */
function throughProxy(options: PostgresDatabaseOptions = {}): ServerDatabase {
  const url = new URL(DATABASE_URL);
  url.port = String(proxy.port);
  const db = postgresDatabase({
    connectionString: url.href,
    connectTimeout: 500,
    queryTimeout: 500,
    pool: { options: `-c search_path=${database.schema}` },
    ...options,
  });
  opened.push(db);
  return db;
}

async function signedInUser(db: ServerDatabase) {
  const adapter = postgresAdapter(db);
  const user = await adapter.createUser({
    id: crypto.randomUUID(),
    email: `u-${Date.now()}@example.com`,
    emailVerified: null,
  });
  const sessionToken = `token-${Math.random().toString(36).slice(2)}`;
  await adapter.createSession({
    sessionToken,
    userId: user.id,
    expires: new Date(Date.now() + 60_000),
  });
  return { adapter, user, sessionToken };
}

describe("postgresDatabase under faults", () => {
  it("a silent connection (stall) makes the session read reject with DependencyTimeout; once the network is back the next read succeeds", async () => {
    const db = throughProxy();
    const { adapter, user, sessionToken } = await signedInUser(db);

    await proxy.set("stall");
    const stalled = adapter.getSessionAndUser(sessionToken);
    await expect(stalled).rejects.toBeInstanceOf(DependencyTimeout);
    await expect(stalled).rejects.toMatchObject({ retryAfter: 5, dependency: "database" });
    // New connections stall too: opening one is bounded by connectTimeout.
    await expect(adapter.getUser(user.id)).rejects.toBeInstanceOf(DependencyTimeout);

    // Back: the pool that held the silent connections was retired, so the very next read works
    // (no restart, no waiting for an idle time-out).
    await proxy.set("pass");
    const found = await adapter.getSessionAndUser(sessionToken);
    expect(found?.user.id).toBe(user.id);
    expect(found?.session.sessionToken).toBe(sessionToken);
  }, 30_000);

  it("idle connections that went silent are not handed to the next query after recovery", async () => {
    const db = throughProxy({ max: 4 });
    const { adapter, sessionToken } = await signedInUser(db);
    // Four idle connections in the pool, all about to go silent.
    await Promise.all(Array.from({ length: 4 }, () => db.query("SELECT pg_sleep(0.05)")));
    await proxy.set("stall");
    await expect(adapter.getSessionAndUser(sessionToken)).rejects.toBeInstanceOf(DependencyTimeout);
    await proxy.set("pass");
    // Every read succeeds at once: none lands on one of the three silent idle connections.
    const reads = await Promise.all(
      Array.from({ length: 8 }, () => adapter.getSessionAndUser(sessionToken)),
    );
    for (const read of reads) expect(read?.session.sessionToken).toBe(sessionToken);
  }, 30_000);

  it("connections that went silent while the app was idle are checked and replaced before the next query uses one", async () => {
    // A long query bound: without the idle check the next read would wait all of it and fail.
    const db = throughProxy({ max: 2, queryTimeout: 20_000, idleCheck: 200 });
    const { adapter, sessionToken } = await signedInUser(db);
    await Promise.all(Array.from({ length: 2 }, () => db.query("SELECT pg_sleep(0.05)")));
    // The network drops the idle connections silently, then works again for new ones: no
    // request ran meanwhile, so nothing has noticed.
    await proxy.set("stall");
    await sleep(300);
    await proxy.set("pass");
    const read = await adapter.getSessionAndUser(sessionToken);
    expect(read?.session.sessionToken).toBe(sessionToken);
  }, 15_000);

  it("a refused database rejects with DependencyUnavailable, and works again once it listens", async () => {
    const db = throughProxy();
    const { adapter, sessionToken } = await signedInUser(db);
    await proxy.set("refuse");
    const refused = adapter.getSessionAndUser(sessionToken);
    await expect(refused).rejects.toBeInstanceOf(DependencyUnavailable);
    await proxy.set("pass");
    expect((await adapter.getSessionAndUser(sessionToken))?.session.sessionToken).toBe(
      sessionToken,
    );
  }, 30_000);

  it("reset connections reject with DependencyUnavailable, and the next query reconnects", async () => {
    const db = throughProxy();
    await db.query("SELECT 1");
    const slow = db.query("SELECT pg_sleep(0.3)");
    await sleep(100);
    await proxy.set("reset");
    await expect(slow).rejects.toBeInstanceOf(DependencyUnavailable);
    await proxy.set("pass");
    expect((await db.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  }, 30_000);

  it("a statement that runs too long is cancelled by the server (DependencyTimeout) and the connection stays usable", async () => {
    const db = throughProxy({ max: 1 });
    await expect(db.query("SELECT pg_sleep(2)")).rejects.toBeInstanceOf(DependencyTimeout);
    expect((await db.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  }, 30_000);

  it("past maxWaiting queued queries, the next one fails at once with DependencyOverloaded", async () => {
    const db = throughProxy({ max: 1, maxWaiting: 2, connectTimeout: 2_000, queryTimeout: 2_000 });
    await db.query("SELECT 1");
    await proxy.set("stall");
    // One holds the only connection, two wait for it: the queue is full.
    const held = [db.query("SELECT 1"), db.query("SELECT 2"), db.query("SELECT 3")];
    for (const query of held) query.catch(() => {});
    const overloaded = db.query("SELECT 4");
    await expect(overloaded).rejects.toBeInstanceOf(DependencyOverloaded);
    await expect(overloaded).rejects.toMatchObject({ retryAfter: 5, dependency: "database" });
    // The held ones settle too (time-outs), none hangs.
    const settled = await Promise.allSettled(held);
    expect(settled.every((result) => result.status === "rejected")).toBe(true);
    for (const result of settled) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(DependencyUnavailable);
    }
  }, 30_000);

  it("SQL errors are reported unchanged, not as an outage", async () => {
    const db = throughProxy();
    const error = await db.query("SELECT * FROM no_such_table").catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(DependencyUnavailable);
    expect((error as { code?: string }).code).toBe("42P01");
  });

  it("rejects nonsensical options at once", () => {
    expect(() => postgresDatabase({ queryTimeout: 0 })).toThrow(/queryTimeout/);
    expect(() => postgresDatabase({ max: 1.5 })).toThrow(/max/);
    expect(() => postgresDatabase({ maxWaiting: -1 })).toThrow(/maxWaiting/);
  });
});

describe("an Express app on database sessions, through a half-open period", () => {
  it("while the database is silent no request claims the session or hangs; once it is back, the session reads again within seconds, without a restart", async () => {
    const db = throughProxy();
    const { adapter, user, sessionToken } = await signedInUser(db);
    const app = await startApp(
      express5,
      {
        secret: SECRET,
        trustHost: true,
        logger: captureLogger().logger,
        adapter,
        session: { strategy: "database" },
        providers: [outboxEmailProvider().provider],
      },
      { mount: "/auth" },
    );
    try {
      const client = new HttpTestClient(app.origin);
      client.jar.set("authjs.session-token", sessionToken);
      const email = (await client.session()) as { user?: { email?: string } } | null;
      expect(email?.user?.email).toBe(user.email);

      await proxy.set("stall");
      // Settles (the store's bounds), and without the user in it.
      const during = await client.request("/auth/session");
      expect(await during.text()).not.toContain(user.email!);

      await proxy.set("pass");
      await expect
        .poll(
          async () =>
            ((await client.session()) as { user?: { email?: string } } | null)?.user?.email,
          { timeout: 5_000, interval: 100 },
        )
        .toBe(user.email);
    } finally {
      await app.close();
    }
  }, 30_000);
});

describe("postgresAdapter with an app's own pg.Pool", () => {
  it("warns once when the pool has no time bounds, and leaves its settings alone", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      postgresAdapter(database.pool);
      postgresAdapter(database.pool);
      const warnings = warn.mock.calls.map((call) => String(call[0]));
      expect(warnings.filter((text) => text.includes("[auth][postgres]"))).toHaveLength(1);
      expect(warnings[0]).toContain("connectionTimeoutMillis");
      expect(database.pool.options.query_timeout).toBeUndefined();
    } finally {
      warn.mockRestore();
    }
  });
});
