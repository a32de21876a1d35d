/**
 * `postgresDatabase({ sessionCache })` on the machine's PostgreSQL: two instances on one database,
 * as two app processes would be (session-cache-rig.ts says how a hit is told from a query).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrate, postgresAdapter, postgresDatabase } from "../../src/adapters/postgres/index.js";
import { DependencyOverloaded } from "../../src/errors.js";
import type { AuthConfig } from "../../src/types.js";
import { captureLogger, outboxEmailProvider, SECRET, setCookie, TestClient } from "../helpers.js";
import { describeAdapterConformance } from "./conformance.js";
import { DATABASE_URL, isolatedPool } from "./database.js";
import { cacheRig, eventually, type Instance } from "./session-cache-rig.js";

let database: Awaited<ReturnType<typeof isolatedPool>>;
let rig: ReturnType<typeof cacheRig>;
const DAY = 24 * 3600 * 1000;
const instance: ReturnType<typeof cacheRig>["instance"] = (...args) => rig.instance(...args);
const userWithSessions = (...tokens: string[]) => rig.userWithSessions(...tokens);
const deleteUnnoticed = (token: string) => rig.deleteUnnoticed(token);
const untilCaching = (node: Instance) => rig.untilCaching(node);

beforeAll(async () => {
  database = await isolatedPool();
  rig = cacheRig(database);
  await migrate(database.pool);
});
afterAll(async () => {
  await rig?.close();
  await database?.drop();
});

let conformanceAdapter: ReturnType<typeof postgresAdapter> | undefined;
describeAdapterConformance(
  "postgresAdapter with sessionCache",
  () => (conformanceAdapter ??= instance().adapter),
  { stringIds: false },
);

describe("sessionCache across two instances", () => {
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    a = instance();
    b = instance();
    await untilCaching(a);
    await untilCaching(b);
  });

  it("is off unless asked for: without it a row removed unnoticed is gone at once", async () => {
    const plain = instance({ sessionCache: false });
    await userWithSessions("uncached");
    expect(await plain.adapter.getSessionAndUser("uncached")).not.toBeNull();
    await deleteUnnoticed("uncached");
    expect(await plain.adapter.getSessionAndUser("uncached")).toBeNull();
  });

  it("a sign-out through A stops B from serving the session", async () => {
    await userWithSessions("signed-out");
    expect(await b.adapter.getSessionAndUser("signed-out")).not.toBeNull();
    await a.adapter.deleteSession("signed-out");
    await eventually(
      async () => (await b.adapter.getSessionAndUser("signed-out")) === null,
      "B stops serving a session deleted through A",
    );
  });

  it("the app's own DELETE and UPDATE are seen by B", async () => {
    const userId = await userWithSessions("own-sql-1", "own-sql-2");
    for (const token of ["own-sql-1", "own-sql-2"]) {
      expect((await b.adapter.getSessionAndUser(token))?.user.name).toBe("Ada");
    }
    await database.pool.query(`UPDATE users SET name = 'Grace' WHERE id = $1`, [userId]);
    await eventually(
      async () => (await b.adapter.getSessionAndUser("own-sql-1"))?.user.name === "Grace",
      "B serves the renamed user",
    );
    await database.pool.query(`DELETE FROM sessions WHERE "userId" = $1`, [userId]);
    await eventually(
      async () => (await b.adapter.getSessionAndUser("own-sql-2")) === null,
      "B stops serving sessions the app deleted",
    );
  });

  it("a user deleted through A takes their sessions off B", async () => {
    const userId = await userWithSessions("deleted-user");
    expect(await b.adapter.getSessionAndUser("deleted-user")).not.toBeNull();
    await a.adapter.deleteUser(String(userId));
    await eventually(
      async () => (await b.adapter.getSessionAndUser("deleted-user")) === null,
      "B stops serving the deleted user's session",
    );
  });

  it("an instance's own writes are seen by its next read, without waiting", async () => {
    const userId = await userWithSessions("own-write");
    await b.adapter.getSessionAndUser("own-write");
    await b.adapter.updateUser({ id: String(userId), name: "Lin" });
    expect((await b.adapter.getSessionAndUser("own-write"))?.user.name).toBe("Lin");
    const expires = new Date(Date.now() + 7 * DAY);
    await b.adapter.updateSession({ sessionToken: "own-write", expires });
    expect((await b.adapter.getSessionAndUser("own-write"))?.session.expires).toEqual(expires);
    await b.adapter.deleteSession("own-write");
    expect(await b.adapter.getSessionAndUser("own-write")).toBeNull();
  });

  it("what a caller changes in a served session does not change the cached one", async () => {
    await userWithSessions("mutated");
    const first = (await b.adapter.getSessionAndUser("mutated"))!;
    first.user.name = "changed by a callback";
    first.session.expires.setTime(0);
    const second = (await b.adapter.getSessionAndUser("mutated"))!;
    expect(second.user.name).toBe("Ada");
    expect(second.session.expires.valueOf()).toBeGreaterThan(Date.now());
  });

  it("pruning expired sessions tells nobody, and a cached live session stays served", async () => {
    const userId = await userWithSessions("live-during-prune");
    await database.pool.query(
      `INSERT INTO sessions ("sessionToken", "userId", expires)
       SELECT 'expired-' || n, $1, now() - interval '1 hour' FROM generate_series(1, 2000) AS n`,
      [userId],
    );
    const expiredIds = (
      await database.pool.query(`SELECT id FROM sessions WHERE "sessionToken" LIKE 'expired-%'`)
    ).rows.map((row) => String(row.id));
    const listener = new pg.Client({ connectionString: DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query("LISTEN create_auth_sessions");
    await b.adapter.getSessionAndUser("live-during-prune");
    const { prune } = await import("../../src/adapters/postgres/index.js");
    const counts = await prune(a.db, { batchSize: 500 });
    expect(counts.sessions).toBeGreaterThanOrEqual(2000);
    // A NOTIFY sent after prune's commits arrives after theirs: when it is heard, theirs were.
    await database.pool.query(`SELECT pg_notify('create_auth_sessions', 'u:0')`);
    await eventually(async () => heard.includes("u:0"), "the marker NOTIFY");
    await listener.end();
    // Other schemas of this database share the channel: only these rows' ids would be prune's.
    const listed = heard.flatMap((payload) =>
      payload.startsWith("s:") ? payload.slice(2).split(",") : [],
    );
    expect(listed.filter((id) => expiredIds.includes(id))).toEqual([]);
    expect(heard).not.toContain("*");
    expect(await b.adapter.getSessionAndUser("live-during-prune")).not.toBeNull();
  });

  it("deleting many live sessions in one statement sends one NOTIFY that empties every cache", async () => {
    const userId = await userWithSessions("many-1");
    await database.pool.query(
      `INSERT INTO sessions ("sessionToken", "userId", expires)
       SELECT 'many-' || n, $1, now() + interval '1 day' FROM generate_series(2, 1200) AS n`,
      [userId],
    );
    const other = await userWithSessions("bystander");
    expect(other).toBeGreaterThan(0);
    expect(await b.adapter.getSessionAndUser("many-1")).not.toBeNull();
    expect(await b.adapter.getSessionAndUser("bystander")).not.toBeNull();
    await deleteUnnoticed("bystander");
    await database.pool.query(`DELETE FROM sessions WHERE "userId" = $1`, [userId]);
    // The flush takes the bystander (removed unnoticed) with it: proof the whole cache went.
    await eventually(
      async () => (await b.adapter.getSessionAndUser("bystander")) === null,
      "B empties its cache",
    );
    expect(await b.adapter.getSessionAndUser("many-1")).toBeNull();
  });

  it("a read that was under way when an invalidation arrived is not kept", async () => {
    // One connection, one waiting query at most: a read B would have to send to the database
    // then fails at once (DependencyOverloaded) while one is waiting, so a read that answers is
    // a cache hit.
    const c = instance({ max: 1, maxWaiting: 1, idleCheck: 0 });
    await untilCaching(c);
    const userId = await userWithSessions("raced", "canary");
    await c.adapter.getSessionAndUser("canary");
    const holder = await database.pool.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(4242)`);
      const blocker = c.db.query(`SELECT pg_advisory_xact_lock(4242)`);
      await eventually(async () => {
        const { rows } = await database.pool.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
        );
        return rows[0]!.n === 1;
      }, "C's only connection waits for the lock");
      const raced = c.adapter.getSessionAndUser("raced"); // waits for that connection
      await expect(Promise.resolve(c.adapter.getSessionAndUser("canary"))).resolves.not.toBeNull(); // a hit
      await database.pool.query(`UPDATE users SET name = 'Renamed' WHERE id = $1`, [userId]);
      // The canary (same user) is no longer a hit: the NOTIFY reached C while "raced" waited.
      await eventually(
        () =>
          Promise.resolve(c.adapter.getSessionAndUser("canary")).then(
            () => false,
            (error) => error instanceof DependencyOverloaded,
          ),
        "C applies the invalidation",
      );
      await holder.query(`SELECT pg_advisory_unlock(4242)`);
      await blocker;
      expect((await raced)?.user.name).toBe("Renamed");
      await deleteUnnoticed("raced");
      expect(await c.adapter.getSessionAndUser("raced")).toBeNull();
    } finally {
      holder.release();
    }
  });
});

describe("sessionCache while its listener is down", () => {
  const role = `ca_cache_${Date.now().toString(36)}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`GRANT USAGE ON SCHEMA ${database.schema} TO ${role}`);
    await admin.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${database.schema} TO ${role}`,
    );
  });
  afterAll(async () => {
    await admin.query(`DROP OWNED BY ${role}`).catch(() => {});
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [
      role,
    ]);
    await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
    await admin.end();
  });

  it("reads go to the database until the listener is back, then the cache serves again", async () => {
    const url = new URL(DATABASE_URL);
    url.username = role;
    // One pooled connection, kept: it stays usable while new logins are refused.
    const b = instance({ max: 1, idleTimeout: 600_000, idleCheck: 0 }, url.toString());
    await untilCaching(b);
    await userWithSessions("before-loss");
    expect(await b.adapter.getSessionAndUser("before-loss")).not.toBeNull();

    // The listener is killed and cannot log in again.
    await admin.query(`ALTER ROLE ${role} NOLOGIN`);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE usename = $1 AND application_name LIKE '%create-auth session cache%'`,
      [role],
    );
    await deleteUnnoticed("before-loss");
    await eventually(
      async () => (await b.adapter.getSessionAndUser("before-loss")) === null,
      "B forgets what it cached once its listener is gone",
    );
    // While it is down, every read is the database's: a row removed unnoticed is gone at once.
    await userWithSessions("while-down");
    expect(await b.adapter.getSessionAndUser("while-down")).not.toBeNull();
    await deleteUnnoticed("while-down");
    expect(await b.adapter.getSessionAndUser("while-down")).toBeNull();
    await userWithSessions("read-while-down");
    expect(await b.adapter.getSessionAndUser("read-while-down")).not.toBeNull();

    await admin.query(`ALTER ROLE ${role} LOGIN`);
    await untilCaching(b);
    // What was read while down was not kept for after.
    await deleteUnnoticed("read-while-down");
    expect(await b.adapter.getSessionAndUser("read-while-down")).toBeNull();
  }, 30_000);
});

describe("database sessions over a cached postgresDatabase", () => {
  const SALT = "authjs.session-token";
  function setup() {
    const { adapter } = instance();
    const { provider, outbox } = outboxEmailProvider();
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      adapter,
      providers: [provider],
    };
    const client = new TestClient(config);
    return {
      adapter,
      config,
      client,
      signIn: () => client.signInWithEmail("ada@example.com", outbox),
    };
  }

  it("extends the row once per updateAge, and the next read shows the new expiry", async () => {
    const { adapter, client, signIn } = setup();
    await signIn();
    const token = client.jar.get(SALT)!;
    const updateSession = vi.spyOn(adapter, "updateSession");
    const fresh = await client.request("/auth/session");
    expect(setCookie(fresh, SALT)).toBeUndefined();
    await client.request("/auth/session");
    expect(updateSession).not.toHaveBeenCalled();

    await adapter.updateSession({ sessionToken: token, expires: new Date(Date.now() + 28 * DAY) });
    updateSession.mockClear();
    const due = await client.request("/auth/session");
    expect(updateSession).toHaveBeenCalledTimes(1);
    expect(setCookie(due, SALT)?.value).toBe(token);
    const renewed = Date.parse(((await due.json()) as { expires: string }).expires);
    expect(renewed - Date.now()).toBeGreaterThan(29 * DAY);
    const again = await client.request("/auth/session");
    expect(setCookie(again, SALT)).toBeUndefined();
    expect(Date.parse(((await again.json()) as { expires: string }).expires)).toBe(renewed);
  });

  it("an expired session is null, its cookie cleared and its row deleted", async () => {
    const { adapter, client, signIn } = setup();
    await signIn();
    const token = client.jar.get(SALT)!;
    await client.request("/auth/session");
    await adapter.updateSession({ sessionToken: token, expires: new Date(Date.now() - 1000) });
    const response = await client.request("/auth/session");
    await expect(response.json()).resolves.toBeNull();
    expect(setCookie(response, SALT)?.attributes["max-age"]).toBe("0");
    const { rows } = await database.pool.query(`SELECT 1 FROM sessions WHERE "sessionToken" = $1`, [
      token,
    ]);
    expect(rows).toEqual([]);
  });

  it("signing out ends the session at once on the same instance, for the old cookie too", async () => {
    const { client, config, signIn } = setup();
    await signIn();
    const token = client.jar.get(SALT)!;
    expect(await client.session()).not.toBeNull();
    await client.signOut();
    const replay = new TestClient(config);
    replay.jar.set(SALT, token);
    await expect(replay.session()).resolves.toBeNull();
  });
});

describe("sessionCache options", () => {
  it("are checked at start-up", () => {
    expect(() => postgresDatabase({ sessionCache: { maxEntries: 0 } })).toThrow(/maxEntries/);
    expect(() => postgresDatabase({ sessionCache: { maxEntries: 1.5 } })).toThrow(/maxEntries/);
    expect(() => postgresDatabase({ sessionCache: { maxAge: -1 } })).toThrow(/maxAge/);
    expect(() => postgresDatabase({ sessionCache: "yes" as unknown as boolean })).toThrow(
      /sessionCache/,
    );
  });
});

describe("sessionCache on a database without the triggers", () => {
  it("stays off (every read goes to the database) and says to migrate", async () => {
    const other = await isolatedPool();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await migrate(other.pool);
      // A database migrated by an older runtime: no invalidation trigger on sessions.
      await other.pool.query(`DROP TRIGGER create_auth_sessions_deleted ON sessions`);
      const db = postgresDatabase({
        connectionString: DATABASE_URL,
        pool: { options: `-c search_path=${other.schema}` },
        sessionCache: true,
      });
      rig.opened.push(db);
      const adapter = postgresAdapter(db);
      const { rows } = await other.pool.query(
        `INSERT INTO users (name, email) VALUES ('Ada', 'untriggered@example.com') RETURNING id`,
      );
      await other.pool.query(
        `INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ('untriggered', $1, now() + interval '1 day')`,
        [rows[0]!.id],
      );
      expect(await adapter.getSessionAndUser("untriggered")).not.toBeNull();
      await eventually(
        async () =>
          logged.mock.calls.some((call) => /run `npx create-auth migrate`/.test(String(call[0]))),
        "the cache says why it is off",
      );
      expect(await adapter.getSessionAndUser("untriggered")).not.toBeNull();
      // Deleted where no trigger tells anyone: still seen at once, nothing came from memory.
      await other.pool.query(`DELETE FROM sessions WHERE "sessionToken" = 'untriggered'`);
      expect(await adapter.getSessionAndUser("untriggered")).toBeNull();
    } finally {
      logged.mockRestore();
      await other.drop();
    }
  });
});
