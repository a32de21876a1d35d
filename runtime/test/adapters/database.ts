import pg from "pg";

export const DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A pool on the machine's PostgreSQL confined to a fresh schema (dropped by `drop`), so test
 * files never see each other's rows. Fails loudly when the server is down.
 */
export async function isolatedPool() {
  const schema = `ca_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await admin.connect();
  } catch (cause) {
    throw new Error(
      `PostgreSQL is not reachable at ${DATABASE_URL} (start it, or set TEST_DATABASE_URL)`,
      { cause },
    );
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = new pg.Pool({
    connectionString: DATABASE_URL,
    options: `-c search_path=${schema}`,
    max: 4,
  });
  return {
    pool,
    schema,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/**
 * The schema documented for `@auth/pg-adapter`, verbatim in shape: no unique keys and no foreign
 * keys, so nothing cascades when a user is deleted. Existing Auth.js databases look like this.
 */
export const AUTHJS_SCHEMA = `CREATE TABLE verification_token (identifier TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL,
    token TEXT NOT NULL, PRIMARY KEY (identifier, token));
  CREATE TABLE accounts (id SERIAL, "userId" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, provider VARCHAR(255) NOT NULL,
    "providerAccountId" VARCHAR(255) NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT,
    scope TEXT, session_state TEXT, token_type TEXT, PRIMARY KEY (id));
  CREATE TABLE sessions (id SERIAL, "userId" INTEGER NOT NULL, expires TIMESTAMPTZ NOT NULL,
    "sessionToken" VARCHAR(255) NOT NULL, PRIMARY KEY (id));
  CREATE TABLE users (id SERIAL, name VARCHAR(255), email VARCHAR(255), "emailVerified" TIMESTAMPTZ, image TEXT,
    PRIMARY KEY (id));`;
