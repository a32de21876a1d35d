import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { SqlClient } from "../../src/adapters/postgres/client.js";
import { migrate, postgresAdapter, prune } from "../../src/adapters/postgres/index.js";
import { pruneStatement } from "../../src/adapters/postgres/prune.js";
import { pruneExpired } from "../../src/symbols.js";
import { DATABASE_URL, isolatedPool } from "../adapters/database.js";

// Expired rows of every kind go, live ones stay, a batch never exceeds its size, and pruners
// running at once share the rows out: on a real PostgreSQL server and on embedded PGlite.

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

async function postgres(): Promise<SqlClient> {
  const isolated = await isolatedPool();
  opened.push({ close: () => isolated.drop() });
  await migrate(isolated.pool);
  return isolated.pool;
}

async function pglite(): Promise<SqlClient> {
  const db = new PGlite();
  opened.push({ close: () => db.close() });
  await migrate(db as unknown as SqlClient);
  return db as unknown as SqlClient;
}

const count = async (db: SqlClient, table: string) =>
  Number((await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

/** `dead` expired and `live` current rows of every kind (one user owns the sessions). */
async function seed(db: SqlClient, dead: number, live: number) {
  const { rows } = await db.query(
    `INSERT INTO users (email) VALUES ('u@example.com') RETURNING id`,
  );
  const user = rows[0]!.id;
  for (const [n, expires] of [
    [dead, "now() - interval '1 hour'"],
    [live, "now() + interval '1 hour'"],
  ] as const) {
    const tag = expires.includes("-") ? "dead" : "live";
    await db.query(
      `INSERT INTO sessions ("sessionToken", "userId", expires)
       SELECT '${tag}-' || i, $1, ${expires} FROM generate_series(1, ${n}) AS i`,
      [user],
    );
    await db.query(
      `INSERT INTO verification_token (identifier, token, expires)
       SELECT 'u@example.com', '${tag}-' || i, ${expires} FROM generate_series(1, ${n}) AS i`,
    );
    await db.query(
      `INSERT INTO rate_limits (key, count, reset_at)
       SELECT '${tag}-' || i, 1, ${expires} FROM generate_series(1, ${n}) AS i`,
    );
  }
}

describe.each([
  ["PostgreSQL", postgres],
  ["PGlite", pglite],
])("prune on %s", (_name, open) => {
  it("deletes expired sessions, verification tokens and rate-limit rows, keeps live ones", async () => {
    const db = await open();
    await seed(db, 25, 7);
    await expect(prune(db, { dryRun: true })).resolves.toEqual({
      sessions: 25,
      verificationTokens: 25,
      rateLimits: 25,
    });
    expect(await count(db, "sessions")).toBe(32);
    await expect(prune(db, { batchSize: 10 })).resolves.toEqual({
      sessions: 25,
      verificationTokens: 25,
      rateLimits: 25,
    });
    for (const table of ["sessions", "verification_token", "rate_limits"]) {
      expect(await count(db, table)).toBe(7);
    }
    const left = await db.query(`SELECT count(*)::int AS n FROM sessions WHERE expires < now()`);
    expect(left.rows[0]!.n).toBe(0);
    await expect(prune(db)).resolves.toEqual({ sessions: 0, verificationTokens: 0, rateLimits: 0 });
  });

  it("a dry run counts exactly up to exactCountUpTo, and past it reports the planner's estimate", async () => {
    const db = await open();
    await seed(db, 25, 7);
    await db.query("ANALYZE");
    await expect(prune(db, { dryRun: true, exactCountUpTo: 26 })).resolves.toEqual({
      sessions: 25,
      verificationTokens: 25,
      rateLimits: 25,
    });
    const capped = await prune(db, { dryRun: true, exactCountUpTo: 10 });
    expect(capped.estimated).toEqual(["sessions", "verificationTokens", "rateLimits"]);
    for (const kind of ["sessions", "verificationTokens", "rateLimits"] as const) {
      expect(capped[kind]).toBeGreaterThanOrEqual(10);
    }
    // Nothing was deleted by counting.
    expect(await count(db, "sessions")).toBe(32);
    await expect(prune(db, { dryRun: true, exactCountUpTo: 0 })).rejects.toThrow(TypeError);
  });

  it("a batch deletes at most batchSize rows, and maxBatches bounds a run", async () => {
    const db = await open();
    await seed(db, 30, 1);
    const one = await db.query(pruneStatement("sessions", "expires < now()"), [4]);
    expect(one.rows[0]!.count).toBe(4);
    await expect(prune(db, { batchSize: 5, maxBatches: 2 })).resolves.toEqual({
      sessions: 10,
      verificationTokens: 10,
      rateLimits: 10,
    });
    expect(await count(db, "sessions")).toBe(31 - 14);
  });

  it("three pruners at once delete every expired row once, without an error", async () => {
    const db = await open();
    await seed(db, 600, 5);
    const runs = await Promise.all([1, 2, 3].map(() => prune(db, { batchSize: 50 })));
    const total = (key: "sessions" | "verificationTokens" | "rateLimits") =>
      runs.reduce((sum, run) => sum + run[key], 0);
    expect(total("sessions")).toBe(600);
    expect(total("verificationTokens")).toBe(600);
    expect(total("rateLimits")).toBe(600);
    expect(await count(db, "sessions")).toBe(5);
  });

  it("the adapter carries the same bulk delete under the pruneExpired symbol", async () => {
    const db = await open();
    await seed(db, 3, 2);
    const adapter = postgresAdapter(db);
    await expect(adapter[pruneExpired]()).resolves.toEqual({
      sessions: 3,
      verificationTokens: 3,
      rateLimits: 3,
    });
  });
});

describe("three app instances pruning one PostgreSQL database", () => {
  it("each with its own pool: every expired row deleted once, no error, live rows kept", async () => {
    const isolated = await isolatedPool();
    opened.push({ close: () => isolated.drop() });
    await migrate(isolated.pool);
    await seed(isolated.pool, 3000, 50);
    const pools = [1, 2, 3].map(
      () =>
        new pg.Pool({
          connectionString: DATABASE_URL,
          options: `-c search_path=${isolated.schema}`,
          max: 2,
        }),
    );
    try {
      // Connected first, so the pruners start together.
      await Promise.all(
        pools.map((pool) => Promise.all([pool.query("SELECT 1"), pool.query("SELECT 1")])),
      );
      const runs = await Promise.all(
        pools.map((pool) =>
          Promise.all([prune(pool, { batchSize: 100 }), prune(pool, { batchSize: 100 })]),
        ),
      );
      const all = runs.flat();
      for (const key of ["sessions", "verificationTokens", "rateLimits"] as const) {
        expect(all.reduce((sum, run) => sum + run[key], 0)).toBe(3000);
      }
      // The work was shared: more than one pruner deleted sessions.
      expect(all.filter((run) => run.sessions > 0).length).toBeGreaterThan(1);
      for (const table of ["sessions", "verification_token", "rate_limits"]) {
        expect(await count(isolated.pool, table)).toBe(50);
      }
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  }, 60_000);
});

describe("prune on a database Auth.js created (no rate_limits table)", () => {
  it("skips the missing table", async () => {
    const db = new PGlite();
    opened.push({ close: () => db.close() });
    await db.exec(`CREATE TABLE sessions (id SERIAL, "userId" INTEGER NOT NULL,
      expires TIMESTAMPTZ NOT NULL, "sessionToken" VARCHAR(255) NOT NULL, PRIMARY KEY (id));
      CREATE TABLE verification_token (identifier TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL,
      token TEXT NOT NULL, PRIMARY KEY (identifier, token));
      INSERT INTO sessions ("userId", expires, "sessionToken") VALUES (1, now() - interval '1 day', 'old');`);
    await expect(prune(db as unknown as SqlClient)).resolves.toEqual({
      sessions: 1,
      verificationTokens: 0,
      rateLimits: 0,
    });
  });
});

describe("the expiry indexes (schema version 2)", () => {
  it("pruning finds expired rows through an index on PostgreSQL", async () => {
    const isolated = await isolatedPool();
    opened.push({ close: () => isolated.drop() });
    await migrate(isolated.pool);
    await seed(isolated.pool, 2000, 20_000);
    const client = await isolated.pool.connect();
    try {
      await client.query("ANALYZE");
      await client.query("SET enable_seqscan = off");
      for (const [table, expired, index] of [
        ["sessions", "expires < now()", "sessions_expires_idx"],
        ["verification_token", "expires < now()", "verification_token_expires_idx"],
        ["rate_limits", "reset_at < now()", "rate_limits_reset_at_idx"],
      ] as const) {
        const { rows } = await client.query(
          `EXPLAIN ${pruneStatement(table, expired).replace("$1", "500")}`,
        );
        const plan = rows.map((row) => String(row["QUERY PLAN"])).join("\n");
        expect(plan, plan).toContain(index);
        expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}`));
      }
    } finally {
      client.release();
    }
  }, 60_000);
});

describe("memoryAdapter's bulk delete", () => {
  it("deletes expired sessions and tokens only, counts them in a dry run, and stops at the bound", async () => {
    const adapter = memoryAdapter();
    const user = await adapter.createUser({ id: "u", email: "m@example.com", emailVerified: null });
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    for (let i = 0; i < 5; i++) {
      await adapter.createSession({ sessionToken: `dead${i}`, userId: user.id, expires: past });
      await adapter.createVerificationToken({ identifier: "m", token: `t${i}`, expires: past });
    }
    await adapter.createSession({ sessionToken: "live", userId: user.id, expires: future });
    await expect(adapter[pruneExpired]({ dryRun: true })).resolves.toEqual({
      sessions: 5,
      verificationTokens: 5,
      rateLimits: 0,
    });
    await expect(adapter[pruneExpired]({ batchSize: 2, maxBatches: 1 })).resolves.toEqual({
      sessions: 2,
      verificationTokens: 2,
      rateLimits: 0,
    });
    await expect(adapter[pruneExpired]()).resolves.toEqual({
      sessions: 3,
      verificationTokens: 3,
      rateLimits: 0,
    });
    expect(await adapter.getSessionAndUser("live")).not.toBeNull();
  });
});
