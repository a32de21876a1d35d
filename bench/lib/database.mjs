import { randomBytes } from "node:crypto";

/**
 * Database sessions for scenarios (12)–(15): session rows both libraries read, on the schema
 * they share (`@auth/pg-adapter`'s, which `migrate` from our runtime creates). A database
 * session's cookie is its token, so the cookies are the tokens.
 */

/** `count` fresh session tokens (64 hex characters, as Auth.js makes them). */
export function sessionTokens(/** @type {number} */ count) {
  return Array.from({ length: count }, () => randomBytes(32).toString("hex"));
}

/** The `Cookie` header that carries a database session. */
export const sessionCookie = (/** @type {string} */ token) => `authjs.session-token=${token}`;

/**
 * One user and one session (valid for a day) per token, in `db` (a `pg` Pool or PGlite:
 * anything with `query(text, values)`), on a migrated schema.
 *
 * @param {{ query: (text: string, values?: unknown[]) => Promise<unknown> }} db
 * @param {string[]} tokens
 */
export async function seedSessions(db, tokens) {
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  // One statement (a slow machine opens PGlite slowly enough already): a user per token, then
  // its session, paired through the user's e-mail address.
  await db.query(
    `WITH t AS (SELECT token, n FROM unnest($1::text[]) WITH ORDINALITY AS t(token, n)),
     u AS (INSERT INTO users (name, email)
       SELECT 'Bench ' || n, 'bench-' || n || '-' || left(token, 8) || '@example.test' FROM t
       RETURNING id, email)
     INSERT INTO sessions ("userId", expires, "sessionToken")
     SELECT u.id, $2, t.token FROM u
     JOIN t ON u.email = 'bench-' || t.n || '-' || left(t.token, 8) || '@example.test'`,
    [tokens, expires],
  );
}

/** The PostgreSQL server the database scenarios use (a throwaway database is made on it). */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A fresh database on the server, migrated and holding one session per token; `drop` removes it.
 *
 * @param {string[]} tokens
 */
export async function createSessionDatabase(tokens) {
  const { default: pg } = await import("pg");
  const { migrate } = await import("@create-auth/runtime/adapters/postgres");
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    await migrate(pool);
    await seedSessions(pool, tokens);
  } finally {
    await pool.end();
  }
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
