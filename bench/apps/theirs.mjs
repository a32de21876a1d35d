/**
 * The benchmark app on @auth/express 0.12 (the library users would pick instead), configured
 * exactly like `ours.mjs`. Started by `run.mjs` as a child process: PORT and OP_ISSUER in env.
 * SESSION_STORE=postgres: database sessions through `@auth/pg-adapter` on a `pg` Pool
 * (DATABASE_URL), as its documentation sets it up.
 */
import { ExpressAuth, getSession } from "@auth/express";
import Credentials from "@auth/express/providers/credentials";
import { OIDC_CLIENT, OIDC_ID } from "../lib/shared.mjs";
import { authorize, baseConfig, createApp } from "./app.mjs";
import { serve } from "./serve.mjs";

const config = {
  ...baseConfig(),
  ...(await databaseSessions()),
  providers: [
    Credentials({ credentials: { username: {}, password: {} }, authorize }),
    // Auth.js has no generic OIDC helper: a provider object of type "oidc" is its documented form.
    {
      id: OIDC_ID,
      name: "Local OP",
      type: "oidc",
      issuer: process.env.OP_ISSUER,
      clientId: OIDC_CLIENT.id,
      clientSecret: OIDC_CLIENT.secret,
    },
  ],
};

serve(createApp({ ExpressAuth, getSession, config }));

/** Database sessions as SESSION_STORE asks, or nothing (JWT sessions). */
async function databaseSessions() {
  if (process.env.SESSION_STORE !== "postgres") return {};
  const { default: PostgresAdapter } = await import("@auth/pg-adapter");
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
  return { session: { strategy: "database" }, adapter: PostgresAdapter(pool) };
}
