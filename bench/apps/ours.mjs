/**
 * The benchmark app on @create-auth/runtime (the root build, `runtime/dist`, through the
 * package's own exports). Started by `run.mjs` as a child process: PORT and OP_ISSUER in env.
 * SESSION_STORE picks database sessions: `postgres` (DATABASE_URL, through `postgresDatabase`)
 * or `pglite` (an embedded database in PGLITE_DIR, seeded here with BENCH_TOKENS' sessions).
 */
import { ExpressAuth, getSession } from "@create-auth/runtime/express";
import Credentials from "@create-auth/runtime/providers/credentials";
import OIDC from "@create-auth/runtime/providers/oidc";
import { OIDC_CLIENT, OIDC_ID } from "../lib/shared.mjs";
import { authorize, baseConfig, createApp } from "./app.mjs";
import { serve } from "./serve.mjs";

const config = {
  ...baseConfig(),
  ...(await databaseSessions()),
  // Auth.js has no rate limiting, and the flows sign in thousands of times a second from one
  // address: the comparison measures the same work.
  rateLimit: false,
  providers: [
    Credentials({ credentials: { username: {}, password: {} }, authorize }),
    OIDC({
      id: OIDC_ID,
      name: "Local OP",
      issuer: process.env.OP_ISSUER,
      clientId: OIDC_CLIENT.id,
      clientSecret: OIDC_CLIENT.secret,
    }),
  ],
};

serve(createApp({ ExpressAuth, getSession, config }));

/** Database sessions as SESSION_STORE asks, or nothing (JWT sessions). */
async function databaseSessions() {
  const store = process.env.SESSION_STORE;
  if (!store) return {};
  const postgres = await import("@create-auth/runtime/adapters/postgres");
  let db;
  if (store === "pglite") {
    const { seedSessions } = await import("../lib/database.mjs");
    db = postgres.embeddedDatabase(process.env.PGLITE_DIR);
    await postgres.migrate(db);
    await seedSessions(db, JSON.parse(process.env.BENCH_TOKENS ?? "[]"));
  } else {
    db = postgres.postgresDatabase(process.env.DATABASE_URL);
  }
  return { session: { strategy: "database" }, adapter: postgres.postgresAdapter(db) };
}
