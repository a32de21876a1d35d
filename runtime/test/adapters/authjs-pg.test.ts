/**
 * Issue 17 (3): the published `@auth/pg-adapter` on the PostgreSQL schema its documentation gives
 * (SERIAL ids), through both real sign-ins with our runtime.
 */
import PostgresAdapter from "@auth/pg-adapter";
import type pg from "pg";
import { afterAll, beforeAll } from "vitest";
import type { Adapter } from "../../src/adapters.js";
import { AUTHJS_SCHEMA, isolatedPool } from "./database.js";
import { describeFullSignInFlows, postgresRecords } from "./full-flows.js";

let database: Awaited<ReturnType<typeof isolatedPool>>;
beforeAll(async () => {
  database = await isolatedPool();
  await database.pool.query(AUTHJS_SCHEMA);
});
afterAll(() => database?.drop());

describeFullSignInFlows("@auth/pg-adapter on PostgreSQL", () => ({
  adapter: PostgresAdapter(database.pool as unknown as pg.Pool) as Adapter,
  records: postgresRecords((text, values) => database.pool.query(text, values), {
    users: "users",
    accounts: "accounts",
    sessions: "sessions",
    verificationTokens: "verification_token",
  }),
}));
