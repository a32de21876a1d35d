import PostgresAdapter from "@auth/pg-adapter";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  migrate,
  postgresAdapter,
  postgresDatabase,
  schema,
} from "../../src/adapters/postgres/index.js";
import type { Adapter } from "../../src/adapters.js";
import { describeAdapterConformance } from "./conformance.js";
import { AUTHJS_SCHEMA, DATABASE_URL, isolatedPool } from "./database.js";

let database: Awaited<ReturnType<typeof isolatedPool>>;
// A database Auth.js created, adopted by `migrate`: without our cascading foreign keys, only the
// adapter's own statements remove a deleted user's accounts and sessions.
let authjsDatabase: Awaited<ReturnType<typeof isolatedPool>>;
beforeAll(async () => {
  database = await isolatedPool();
  await migrate(database.pool);
  authjsDatabase = await isolatedPool();
  await authjsDatabase.pool.query(AUTHJS_SCHEMA);
  await migrate(authjsDatabase.pool);
});
afterAll(async () => {
  await database?.drop();
  await authjsDatabase?.drop();
});

// Ids as stored: numbers for SERIAL, as @auth/pg-adapter (issue 17).
describeAdapterConformance("postgresAdapter on PostgreSQL", () => postgresAdapter(database.pool), {
  stringIds: false,
});
describeAdapterConformance(
  "postgresAdapter on an Auth.js-created schema",
  () => postgresAdapter(authjsDatabase.pool),
  { stringIds: false },
);
describeAdapterConformance("postgresAdapter with stringIds on PostgreSQL", () =>
  postgresAdapter(database.pool, { stringIds: true }),
);
describeAdapterConformance(
  "the published @auth/pg-adapter on our schema",
  () => PostgresAdapter(database.pool as unknown as pg.Pool) as Adapter,
  {
    webauthn: false,
    stringIds: false,
    outOfRangeIds: false,
    unprintableTokens: false,
    listAccounts: false,
  },
);

describe("migrate on PostgreSQL", () => {
  it("is a no-op the second time", async () => {
    await expect(migrate(database.pool)).resolves.toEqual({ created: [], version: 5, applied: [] });
  });

  it("adopts a database created with Auth.js's own schema and adds only what is missing", async () => {
    const other = await isolatedPool();
    try {
      await other.pool.query(AUTHJS_SCHEMA);
      const authjs = PostgresAdapter(other.pool as unknown as pg.Pool);
      const user = await authjs.createUser!({
        id: "",
        email: "old@example.com",
        emailVerified: null,
        name: "Old",
      });
      const { created } = await migrate(other.pool);
      expect(created).toContain("authenticators");
      expect(created).not.toContain("users");
      const ours = postgresAdapter(other.pool);
      expect(await ours.getUserByEmail("old@example.com")).toMatchObject({
        id: user.id,
        name: "Old",
      });
    } finally {
      await other.drop();
    }
  });

  it("is safe when several processes migrate a fresh schema at once", async () => {
    const other = await isolatedPool();
    try {
      const results = await Promise.all([1, 2, 3, 4].map(() => migrate(other.pool)));
      for (const result of results) expect(result.created.length).toBeGreaterThanOrEqual(0);
      await expect(migrate(other.pool)).resolves.toEqual({ created: [], version: 5, applied: [] });
      expect(await postgresAdapter(other.pool).getUserByEmail("nobody@example.com")).toBeNull();
    } finally {
      await other.drop();
    }
  });

  it("ships the schema as SQL", () => {
    for (const table of ["users", "accounts", "sessions", "verification_token", "authenticators"]) {
      expect(schema).toContain(`CREATE TABLE IF NOT EXISTS ${table}`);
    }
  });
});

describe("postgresDatabase", () => {
  it("opens a pool from DATABASE_URL on the first query, not before", async () => {
    const url = `${DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`;
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    const db = postgresDatabase();
    process.env.DATABASE_URL = url;
    try {
      const user = await postgresAdapter(db).createUser({
        id: "",
        email: "lazy@example.com",
        emailVerified: null,
      });
      expect(await postgresAdapter(database.pool).getUser(user.id)).toMatchObject({
        email: "lazy@example.com",
      });
    } finally {
      await db.close();
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });

  it("says what is missing without DATABASE_URL", async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      await expect(postgresDatabase().query("SELECT 1")).rejects.toThrow("set DATABASE_URL");
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });
});
