/**
 * App instances with `postgresDatabase({ sessionCache })` on one test schema of the machine's
 * PostgreSQL, as app processes would be, and the probes the cache tests share. Whether an instance
 * serves a session from memory is proven by removing the row behind the triggers' back
 * (`session_replication_role = replica` fires no trigger): a cache still answers with it, the
 * database no longer does.
 */
import type pg from "pg";
import {
  type PostgresDatabaseOptions,
  postgresAdapter,
  postgresDatabase,
  type ServerDatabase,
} from "../../src/adapters/postgres/index.js";
import { DATABASE_URL } from "./database.js";

/** Polls `check` every 25 ms until it holds; fails after `ms` (5 s). */
export async function eventually(check: () => Promise<boolean>, what: string, ms = 5_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function cacheRig(database: { pool: pg.Pool; schema: string }) {
  const opened: ServerDatabase[] = [];
  let userCount = 0;
  let probes = 0;

  /** One app instance's database on the schema, the cache on. */
  function instance(options: PostgresDatabaseOptions = {}, url = DATABASE_URL) {
    const db = postgresDatabase({
      connectionString: url,
      pool: { options: `-c search_path=${database.schema}` },
      sessionCache: true,
      ...options,
    });
    opened.push(db);
    return { db, adapter: postgresAdapter(db) };
  }

  /** A user with one session per token given, written by "another process" (plain SQL). */
  async function userWithSessions(...tokens: string[]) {
    const email = `cache-${++userCount}@example.com`;
    const { rows } = await database.pool.query(
      `INSERT INTO users (name, email) VALUES ('Ada', $1) RETURNING id`,
      [email],
    );
    const userId = rows[0]!.id as number;
    for (const token of tokens) {
      await database.pool.query(
        `INSERT INTO sessions ("sessionToken", "userId", expires) VALUES ($1, $2, now() + interval '1 day')`,
        [token, userId],
      );
    }
    return userId;
  }

  /** Deletes a session without telling anyone: no trigger fires under the replica role. */
  async function deleteUnnoticed(token: string) {
    const client = await database.pool.connect();
    try {
      await client.query(`SET session_replication_role = replica`);
      await client.query(`DELETE FROM sessions WHERE "sessionToken" = $1`, [token]);
      await client.query(`SET session_replication_role = DEFAULT`);
    } finally {
      client.release();
    }
  }

  /** Waits until `node` serves sessions from memory (its listener is up): proven with a probe. */
  async function untilCaching(node: Instance, ms?: number) {
    await eventually(
      async () => {
        const token = `probe-${++probes}`;
        await userWithSessions(token);
        await node.adapter.getSessionAndUser(token);
        await deleteUnnoticed(token);
        return (await node.adapter.getSessionAndUser(token)) !== null;
      },
      "the instance serves a session from its cache",
      ms,
    );
  }

  return {
    instance,
    userWithSessions,
    deleteUnnoticed,
    untilCaching,
    opened,
    close: () => Promise.all(opened.map((db) => db.close())),
  };
}

export type Instance = ReturnType<ReturnType<typeof cacheRig>["instance"]>;
