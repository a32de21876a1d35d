/**
 * Issue 17 (2, 3): on the same PostgreSQL schema, postgresAdapter answers what
 * `@auth/pg-adapter` answers, in the same types: SERIAL ids as numbers, and the session row's
 * own `id` from `getSessionAndUser`. Then the same app code sees the same `session.user.id`.
 */
import PostgresAdapter from "@auth/pg-adapter";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, postgresAdapter } from "../../src/adapters/postgres/index.js";
import type { Adapter } from "../../src/adapters.js";
import { AUTHJS_SCHEMA, isolatedPool } from "../adapters/database.js";
import { captureLogger, SECRET, TestClient } from "../helpers.js";
import { AuthJsTestClient } from "./authjs.js";

let database: Awaited<ReturnType<typeof isolatedPool>>;
beforeAll(async () => {
  database = await isolatedPool();
  await database.pool.query(AUTHJS_SCHEMA);
  await migrate(database.pool);
});
afterAll(() => database?.drop());

/** The JSON types of a value, recursively: what a caller can tell apart. */
function shape(value: unknown): unknown {
  if (value instanceof Date) return "Date";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as object)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return typeof value;
}

async function run(adapter: Adapter, tag: string) {
  const user = await adapter.createUser!({
    id: "",
    email: `${tag}-${Date.now()}@example.com`,
    emailVerified: null,
    name: "Ada",
  });
  const sessionToken = `${tag}-${crypto.randomUUID()}`;
  const expires = new Date(Date.now() + 60_000);
  await adapter.createSession!({ sessionToken, userId: user.id, expires });
  const found = await adapter.getSessionAndUser!(sessionToken);
  return { user, found, byId: await adapter.getUser!(user.id) };
}

describe("postgresAdapter against @auth/pg-adapter on the same schema", () => {
  it("returns ids of the same type and the session row's id", async () => {
    const theirs = await run(PostgresAdapter(database.pool as unknown as pg.Pool), "theirs");
    const ours = await run(postgresAdapter(database.pool), "ours");
    expect(typeof ours.user.id).toBe("number");
    expect(ours.found?.session).toHaveProperty("id");
    expect(shape(ours.user)).toEqual(shape(theirs.user));
    expect(shape(ours.byId)).toEqual(shape(theirs.byId));
    expect(shape(ours.found?.session)).toEqual(shape(theirs.found?.session));
  });

  it("gives the session callback the same user id as Auth.js with @auth/pg-adapter", async () => {
    const seen: unknown[] = [];
    const config = (adapter: Adapter) => ({
      secret: SECRET,
      trustHost: true,
      logger: captureLogger().logger,
      adapter,
      providers: [],
      callbacks: {
        session: ({ session, user }: { session: { user: object }; user: { id: unknown } }) => {
          seen.push(user.id);
          return { ...session, user: { ...session.user, id: user.id } };
        },
      },
    });
    const read = async (client: TestClient, adapter: Adapter, tag: string) => {
      const { user } = await run(adapter, tag);
      const sessionToken = `${tag}-cookie-${crypto.randomUUID()}`;
      await adapter.createSession!({
        sessionToken,
        userId: user.id,
        expires: new Date(Date.now() + 60_000),
      });
      const response = await client.request("/auth/session", {
        headers: { cookie: `authjs.session-token=${sessionToken}` },
      });
      return { body: (await response.json()) as { user: { id: unknown } }, id: user.id };
    };
    const theirAdapter = PostgresAdapter(database.pool as unknown as pg.Pool) as Adapter;
    const ourAdapter = postgresAdapter(database.pool);
    const theirs = await read(
      new AuthJsTestClient(config(theirAdapter) as never),
      theirAdapter,
      "t",
    );
    const ours = await read(new TestClient(config(ourAdapter) as never), ourAdapter, "o");
    expect(theirs.body.user.id).toBe(theirs.id);
    expect(ours.body.user.id).toBe(ours.id);
    expect(typeof ours.body.user.id).toBe(typeof theirs.body.user.id);
    expect(seen.map((id) => typeof id)).toEqual(["number", "number"]);
  });
});
