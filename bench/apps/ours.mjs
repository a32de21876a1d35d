/**
 * The benchmark app on @create-auth/runtime (the root build, `runtime/dist`, through the
 * package's own exports). Started by `run.mjs` as a child process: PORT and OP_ISSUER in env.
 * SESSION_STORE picks database sessions: `postgres` (DATABASE_URL, through `postgresDatabase`)
 * or `pglite` (an embedded database in PGLITE_DIR, seeded here with BENCH_TOKENS' sessions);
 * SESSION_CACHE=on turns `postgresDatabase`'s session cache on.
 * PASSWORD_ACCOUNTS=1 makes scenario (16)'s app instead: see passwordAccounts().
 */
import { randomBytes, scrypt } from "node:crypto";
import { ExpressAuth, getSession } from "@create-auth/runtime/express";
import Credentials from "@create-auth/runtime/providers/credentials";
import OIDC from "@create-auth/runtime/providers/oidc";
import { OIDC_CLIENT, OIDC_ID } from "../lib/shared.mjs";
import { authorize, baseConfig, createApp } from "./app.mjs";
import { serve } from "./serve.mjs";

const passwords = process.env.PASSWORD_ACCOUNTS === "1";
const config = {
  ...baseConfig(),
  ...(await databaseSessions()),
  // Auth.js has no rate limiting, and the flows sign in thousands of times a second from one
  // address: the comparison measures the same work.
  rateLimit: false,
  ...(passwords
    ? await passwordAccounts()
    : {
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
      }),
};

const app = createApp({ ExpressAuth, getSession, config });
if (passwords) app.post("/bench/scrypt", scryptAlone);
serve(app);

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
    db = postgres.postgresDatabase({
      connectionString: process.env.DATABASE_URL,
      sessionCache: process.env.SESSION_CACHE === "on",
    });
  }
  return { session: { strategy: "database" }, adapter: postgres.postgresAdapter(db) };
}

/**
 * Scenario (16): the password provider alone, with its default hash (OWASP's scrypt), on JWT
 * sessions over the memory adapter, so no database time mixes into the figure. The bench makes
 * the account through the sign-up endpoint; `requireVerification: false` lets it sign in without
 * the mailed link, and `sendMail` sends nothing.
 */
async function passwordAccounts() {
  const { memoryAdapter } = await import("@create-auth/runtime/adapters/memory");
  const { default: Password } = await import("@create-auth/runtime/providers/password");
  const provider = Password({ requireVerification: false, sendMail: async () => {} });
  return { adapter: memoryAdapter(), providers: [provider] };
}

/**
 * POST /bench/scrypt?ms=…&concurrency=…: the hash alone, in this process, for `ms`: scrypt with
 * the provider's parameters (its `hash`, else OWASP's, the same key length, salt size and
 * `maxmem` as the runtime), `concurrency` at a time like the concurrent sign-ins. Answers the
 * hashes per second and the process's CPU per hash (libuv's pool threads included, as for a
 * sign-in), with nothing else running: the bench sends no other request meanwhile.
 *
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 */
async function scryptAlone(req, res) {
  const { OWASP_SCRYPT } = await import("@create-auth/runtime/providers/password");
  const provider = /** @type {{ hash?: Partial<typeof OWASP_SCRYPT> }} */ (config.providers[0]);
  const { N, r, p } = { ...OWASP_SCRYPT, ...provider.hash };
  const options = { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 };
  const ms = Number(req.query.ms);
  const concurrency = Number(req.query.concurrency);
  const hashOnce = () =>
    new Promise((resolve, reject) =>
      scrypt("correct horse battery staple", randomBytes(16), 32, options, (error) =>
        error ? reject(error) : resolve(undefined),
      ),
    );
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  let completed = 0;
  const loop = async () => {
    while (performance.now() - start < ms) {
      await hashOnce();
      completed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  res.json({
    completed,
    perSecond: completed / seconds,
    cpuUsPerOp: (cpu.user + cpu.system) / Math.max(completed, 1),
    params: { N, r, p },
  });
}
