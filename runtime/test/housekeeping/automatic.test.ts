import PostgresAdapter from "@auth/pg-adapter";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import { migrate, postgresAdapter } from "../../src/adapters/postgres/index.js";
import type { Adapter } from "../../src/adapters.js";
import { resolveConfig } from "../../src/core/config.js";
import { sessionFromCookieHeader } from "../../src/core/get-session.js";
import type { PruneExpired } from "../../src/housekeeping/types.js";
import { pruneExpired } from "../../src/symbols.js";
import type { AuthConfig } from "../../src/types.js";
import { isolatedPool } from "../adapters/database.js";
import { captureLogger, TestClient, testConfig } from "../helpers.js";

// Pruning starts from normal requests, in the background, at most once per interval per
// process; `housekeeping: false` turns it off; an adapter that cannot prune is warned about once.

afterEach(() => {
  vi.restoreAllMocks();
});

const HOUR = 60 * 60 * 1000;

/** A memory adapter whose bulk delete is counted, with one expired and one live session. */
async function countedAdapter() {
  const adapter = memoryAdapter();
  const user = await adapter.createUser({ id: "u1", email: "a@example.com", emailVerified: null });
  await adapter.createSession({
    sessionToken: "dead",
    userId: user.id,
    expires: new Date(Date.now() - HOUR),
  });
  await adapter.createSession({
    sessionToken: "live",
    userId: user.id,
    expires: new Date(Date.now() + HOUR),
  });
  const real = adapter[pruneExpired];
  const calls: Parameters<PruneExpired>[0][] = [];
  adapter[pruneExpired] = (options) => {
    calls.push(options);
    return real(options);
  };
  return { adapter, calls };
}

function client(adapter: Adapter, extra: Partial<AuthConfig> = {}) {
  const log = captureLogger();
  const config = testConfig({ adapter, logger: log.logger, ...extra });
  return { client: new TestClient(config), log, config };
}

describe("automatic housekeeping", () => {
  it("prunes on the first request, not again within the interval, again after it", async () => {
    const { adapter, calls } = await countedAdapter();
    const { client: browser } = client(adapter, {
      housekeeping: { intervalMs: 60_000, batchSize: 7, maxBatches: 3 },
    });
    const start = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    expect((await browser.request("/auth/session")).status).toBe(200);
    await vi.waitFor(async () => expect(await adapter.getSessionAndUser("dead")).toBeNull());
    expect(await adapter.getSessionAndUser("live")).not.toBeNull();
    expect(calls).toEqual([{ batchSize: 7, maxBatches: 3 }]);

    clock.mockReturnValue(start + 59_999);
    await browser.request("/auth/session");
    await browser.request("/auth/csrf");
    expect(calls).toHaveLength(1);

    clock.mockReturnValue(start + 60_000);
    await browser.request("/auth/session");
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });

  it("is off with housekeeping: false", async () => {
    const { adapter, calls } = await countedAdapter();
    const { client: browser } = client(adapter, { housekeeping: false });
    await browser.request("/auth/session");
    await browser.request("/auth/csrf");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(0);
    expect(await adapter.getSessionAndUser("dead")).not.toBeNull();
  });

  it("also starts from a framework's session read (getSession)", async () => {
    const { adapter, calls } = await countedAdapter();
    const resolved = resolveConfig(testConfig({ adapter }));
    await sessionFromCookieHeader(resolved, () => "http", "");
    // Not within the read itself: on a later turn of the event loop.
    expect(calls).toHaveLength(0);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
  });

  it("never holds the request, and a failing run is logged once, never thrown", async () => {
    const adapter = memoryAdapter();
    let release: (() => void) | undefined;
    adapter[pruneExpired] = () =>
      new Promise((_, reject) => {
        release = () => reject(new Error("connection refused"));
      });
    const { client: browser, log } = client(adapter, { housekeeping: { intervalMs: 1 } });
    // The run above never settles until released: the request answers anyway.
    expect((await browser.request("/auth/session")).status).toBe(200);
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(log.errors).toEqual([]);
    release!();
    await vi.waitFor(() => expect(log.errors).toHaveLength(1));
    expect(log.errors[0]!.message).toContain("Pruning expired rows failed: connection refused");

    adapter[pruneExpired] = async () => {
      throw new Error("connection refused");
    };
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await browser.request("/auth/session")).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log.errors).toHaveLength(1);
  });

  it("rejects a housekeeping option of the wrong type (fail closed, naming it)", async () => {
    const { client: browser, log } = client(memoryAdapter(), {
      housekeeping: { batchSize: "500" as unknown as number },
    });
    expect((await browser.request("/auth/session")).status).toBe(500);
    expect(log.errors[0]!.message).toContain("housekeeping.batchSize must be a positive integer");
  });
});

describe("housekeeping with PostgreSQL", () => {
  const databases: { drop(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((db) => db.drop()));
  });

  it("the built-in adapter's expired rows go after a request", async () => {
    const database = await isolatedPool();
    databases.push(database);
    await migrate(database.pool);
    const adapter = postgresAdapter(database.pool);
    const user = await adapter.createUser({ id: "", email: "p@example.com", emailVerified: null });
    const past = new Date(Date.now() - HOUR);
    await adapter.createSession({ sessionToken: "dead", userId: user.id, expires: past });
    await adapter.createSession({
      sessionToken: "live",
      userId: user.id,
      expires: new Date(Date.now() + HOUR),
    });
    await adapter.createVerificationToken({
      identifier: "p@example.com",
      token: "t",
      expires: past,
    });
    const { client: browser } = client(adapter);
    await browser.request("/auth/session");
    await vi.waitFor(async () => {
      const { rows } = await database.pool.query(
        `SELECT (SELECT count(*) FROM sessions)::int AS s, (SELECT count(*) FROM verification_token)::int AS v`,
      );
      expect(rows[0]).toEqual({ s: 1, v: 0 });
    });
  });

  it("a third-party adapter without bulk delete gets one warning and no crash", async () => {
    const database = await isolatedPool();
    databases.push(database);
    await migrate(database.pool);
    const adapter = PostgresAdapter(database.pool);
    const first = client(adapter);
    const second = client(adapter);
    for (const { client: browser } of [first, second]) {
      expect((await browser.request("/auth/session")).status).toBe(200);
      expect((await browser.request("/auth/csrf")).status).toBe(200);
    }
    expect(first.log.warnings.filter((w) => w === "housekeeping-unsupported")).toHaveLength(1);
    expect(second.log.warnings).not.toContain("housekeeping-unsupported");
    expect([...first.log.errors, ...second.log.errors]).toEqual([]);

    const quiet = client(PostgresAdapter(database.pool), { housekeeping: false });
    await quiet.client.request("/auth/session");
    expect(quiet.log.warnings).not.toContain("housekeeping-unsupported");
  });
});
