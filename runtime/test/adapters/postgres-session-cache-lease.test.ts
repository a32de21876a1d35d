/**
 * Schema version 5 on the machine's PostgreSQL: the triggers notify only while a session cache
 * holds the lease, and no cache is ever served a row a quiet writer changed. Each test has a
 * schema of its own, so "no cache listens" holds where a test needs it.
 */
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { migrate, migrations, runMigrations } from "../../src/adapters/postgres/migrate.js";
import { DATABASE_URL, isolatedPool } from "./database.js";
import { cacheRig, eventually } from "./session-cache-rig.js";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh schema with a rig on it, migrated to `version` (the newest by default). */
async function setup(version?: number) {
  const database = await isolatedPool();
  cleanups.push(() => database.drop());
  const rig = cacheRig(database);
  cleanups.push(() => rig.close());
  if (version) await runMigrations(database.pool, migrations.slice(0, version));
  else await migrate(database.pool);
  const leaseHeld = async () => {
    const { rows } = await database.pool.query(
      `SELECT pg_sequence_last_value('create_auth_cache_lease') >
         (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS held`,
    );
    return rows[0]!.held === true;
  };
  return { database, rig, leaseHeld };
}

/** `steps` on one connection of `pool`, rolled back at the end if they left a transaction open. */
async function onOneConnection(pool: pg.Pool, steps: (writer: pg.PoolClient) => Promise<void>) {
  const writer = await pool.connect();
  try {
    await steps(writer);
  } finally {
    await writer.query("ROLLBACK").catch(() => {});
    writer.release();
  }
}

const nameOf = async (read: unknown) =>
  ((await read) as { user: { name: string } } | null)?.user.name;

describe("the invalidation triggers notify only while a cache listens", () => {
  it("a database at schema version 4, upgraded: quiet with no cache, heard once one listens", async () => {
    const { database, rig } = await setup(4);
    // Ids no other schema's rows have: every schema of the database shares the channel.
    const base = 1_000_000_000 + Math.floor(Math.random() * 100_000_000);
    await database.pool.query(`ALTER SEQUENCE users_id_seq RESTART WITH ${base}`);
    await database.pool.query(`ALTER SEQUENCE sessions_id_seq RESTART WITH ${base}`);
    const userId = await rig.userWithSessions("upgraded");
    const listener = new pg.Client({ connectionString: DATABASE_URL });
    await listener.connect();
    cleanups.push(() => listener.end());
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query("LISTEN create_auth_sessions");
    let markers = 0;
    /** Every NOTIFY of statements committed before this call has arrived when it returns. */
    const settled = async () => {
      const marker = `u:${base + 500_000_000 + ++markers}`;
      await database.pool.query(`SELECT pg_notify('create_auth_sessions', $1)`, [marker]);
      await eventually(async () => heard.includes(marker), "the marker NOTIFY");
    };
    const mine = () => heard.filter((payload) => payload.includes(String(base)));
    const rename = (name: string) =>
      database.pool.query(`UPDATE users SET name = $2 WHERE id = $1`, [userId, name]);

    // Version 4 notifies every change, listened to or not.
    await rename("Version 4");
    await settled();
    expect(mine()).toEqual([`u:${base}`]);

    await expect(migrate(database.pool)).resolves.toMatchObject({ version: 5, applied: [5] });
    heard.length = 0;
    await rename("Nobody listens");
    await database.pool.query(`UPDATE sessions SET expires = expires + interval '1 hour'`);
    await database.pool.query(`DELETE FROM sessions WHERE "sessionToken" = 'upgraded'`);
    await settled();
    expect(mine()).toEqual([]);

    const node = rig.instance();
    await rig.untilCaching(node);
    await rename("A cache listens");
    await settled();
    expect(mine()).toEqual([`u:${base}`]);
  }, 30_000);

  it("a writer that found no lease and commits after a cache started is never served stale", async () => {
    const { database, rig, leaseHeld } = await setup();
    const userId = await rig.userWithSessions("raced-lease");
    // The writer's trigger runs now, while no cache listens: it sends nothing, ever.
    await onOneConnection(database.pool, async (writer) => {
      await writer.query("BEGIN");
      await writer.query(`UPDATE users SET name = 'Late' WHERE id = $1`, [userId]);

      const node = rig.instance();
      expect(await nameOf(node.adapter.getSessionAndUser("raced-lease"))).toBe("Ada");
      await eventually(leaseHeld, "the cache's listener takes the lease");
      // Past a heartbeat: a cache that trusted itself from its lease on would keep this read.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await nameOf(node.adapter.getSessionAndUser("raced-lease"))).toBe("Ada");
      // While the writer is open the cache stays off: a row removed unnoticed is gone at once.
      await rig.userWithSessions("while-writer-open");
      expect(await node.adapter.getSessionAndUser("while-writer-open")).not.toBeNull();
      await rig.deleteUnnoticed("while-writer-open");
      expect(await node.adapter.getSessionAndUser("while-writer-open")).toBeNull();

      await writer.query("COMMIT");
      // At once, not eventually: nothing will tell the cache about this change.
      expect(await nameOf(node.adapter.getSessionAndUser("raced-lease"))).toBe("Late");
      await rig.untilCaching(node);
      expect(await nameOf(node.adapter.getSessionAndUser("raced-lease"))).toBe("Late");
    });
  }, 30_000);

  it("a REPEATABLE READ writer whose snapshot is older than the lease still notifies", async () => {
    const { database, rig } = await setup();
    const userId = await rig.userWithSessions("repeatable");
    await onOneConnection(database.pool, async (writer) => {
      await writer.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
      await writer.query("SELECT count(*) FROM users"); // its snapshot, taken before any lease
      const node = rig.instance();
      await rig.untilCaching(node);
      expect(await nameOf(node.adapter.getSessionAndUser("repeatable"))).toBe("Ada"); // cached
      await writer.query(`UPDATE users SET name = 'Repeatable' WHERE id = $1`, [userId]);
      await writer.query("COMMIT");
      await eventually(
        async () => (await nameOf(node.adapter.getSessionAndUser("repeatable"))) === "Repeatable",
        "the cache hears the REPEATABLE READ writer",
      );
    });
  }, 30_000);

  it("a lease shortened by hand empties the cache, which then starts over", async () => {
    const { database, rig } = await setup();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const node = rig.instance();
      await rig.untilCaching(node);
      await rig.userWithSessions("held");
      expect(await node.adapter.getSessionAndUser("held")).not.toBeNull();
      await rig.deleteUnnoticed("held");
      expect(await node.adapter.getSessionAndUser("held")).not.toBeNull(); // from memory
      // Writers stop notifying until the next renewal, which notices and starts over.
      await database.pool.query(`SELECT setval('create_auth_cache_lease', 1)`);
      await eventually(
        async () => (await node.adapter.getSessionAndUser("held")) === null,
        "the cache is emptied",
      );
      expect(logged.mock.calls.some((call) => /lease may have lapsed/.test(String(call[0])))).toBe(
        true,
      );
      await rig.untilCaching(node, 10_000);
    } finally {
      logged.mockRestore();
    }
  }, 30_000);
});
