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
