/**
 * `node bench/notify-cost.mjs [--writers 48] [--pool 16] [--seconds 5] [--rounds 6]`: what the
 * session cache's invalidation triggers cost writers of sessions and users, for every install.
 *
 * On a fresh PostgreSQL database (`create_auth_notify_<pid>`, dropped at the end), `--writers`
 * concurrent loops run the writes the runtime makes through `postgresAdapter(postgresDatabase({
 * max: --pool }))`: a rolling refresh (`updateSession`, 70 %), a sign-out and the next sign-in
 * (`deleteSession` then `createSession`, 20 %), a profile update (`updateUser`, 10 %). Each
 * round measures every variant of the triggers for `--seconds`, in an order that reverses every
 * round, and the table gives each variant's median over the rounds of writes per second and of
 * each operation's p99, and its rate paired by round against the variant without triggers.
 *
 * The variants: `none` (the triggers dropped), `v4` (schema version 4: a NOTIFY on every
 * change), and, where the runtime has them, `v5` (notifying only while a cache listens) with no
 * cache listening and with one listening (a `postgresDatabase({ sessionCache: true })` of the
 * bench's own); `--only "v5 idle"` measures only those named (and `none`). Needs `runtime/dist`
 * (`npm run build`). Prints the figures; writes nothing.
 *
 * Then, for the triggers' own cost apart from the NOTIFY: the server's time per single-row UPDATE
 * of 20 000 in one transaction (one DO block, so one commit and no round trips), per variant.
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { median, round, spread } from "./lib/stats.mjs";
import { createDatabase } from "./soak/database.mjs";

const { values: flags } = parseArgs({
  options: {
    writers: { type: "string", default: "48" },
    pool: { type: "string", default: "16" },
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "6" },
    users: { type: "string", default: "5000" },
    only: { type: "string" },
  },
});
const writers = Number(flags.writers);
const poolSize = Number(flags.pool);
const seconds = Number(flags.seconds);
const rounds = Number(flags.rounds);
const users = Number(flags.users);

const postgres = await import("@create-auth/runtime/adapters/postgres");
// Not part of the package's exports: the bench switches the schema's triggers on and off.
const schemaModule = await import("../runtime/dist/adapters/postgres/schema.js");
/** @type {{ invalidationTriggers: string[], listenerLease?: string[] }} */
const schema = schemaModule;
const TRIGGERS = [
  ["create_auth_sessions_updated", "sessions"],
  ["create_auth_sessions_deleted", "sessions"],
  ["create_auth_sessions_truncated", "sessions"],
  ["create_auth_users_updated", "users"],
  ["create_auth_users_deleted", "users"],
  ["create_auth_users_truncated", "users"],
];

const database = await createDatabase(`create_auth_notify_${process.pid}`);
const { client } = database;
const line = (/** @type {string} */ text) => console.log(text);
const DAY = 24 * 3600 * 1000;

/** The SQL that puts each variant's triggers in place (each one replaces the last). */
const variants = /** @type {Record<string, string[]>} */ ({
  none: TRIGGERS.map(([name, table]) => `DROP TRIGGER IF EXISTS ${name} ON ${table}`),
  v4: schema.invalidationTriggers,
});
if (schema.listenerLease) {
  // After `none` the triggers must be made again: version 5 only replaces their functions.
  variants["v5 idle"] = [...schema.invalidationTriggers, ...schema.listenerLease];
  variants["v5 listening"] = variants["v5 idle"];
}
// `--only none,v5 idle`: fewer variants, so more rounds fit in the same time (`none` always runs).
for (const name of Object.keys(variants)) {
  if (flags.only && name !== "none" && !flags.only.split(",").includes(name)) delete variants[name];
}

/** A cache of the bench's own, listening (and holding the lease) during `v5 listening`. */
let cached;
async function enter(/** @type {string} */ variant) {
  for (const sql of variants[variant]) await client.query(sql);
  if (variant === "v5 listening") {
    cached = postgres.postgresDatabase({ connectionString: database.url, sessionCache: true });
    await cached.query("SELECT 1");
    // Waits until the lease is held: writers notify from then on.
    for (let i = 0; ; i++) {
      const { rows } = await client.query(
        `SELECT pg_sequence_last_value('create_auth_cache_lease') > extract(epoch FROM clock_timestamp()) * 1000 AS held`,
      );
      if (rows[0].held) break;
      if (i > 200) throw new Error("the cache's listener never took the lease");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
async function leave() {
  await cached?.close();
  cached = undefined;
  // The lease a listener took lasts past its end: the next variant starts without it.
  if (schema.listenerLease) await client.query(`SELECT setval('create_auth_cache_lease', 1)`);
}

const db = postgres.postgresDatabase({ connectionString: database.url, max: poolSize });
const adapter = postgres.postgresAdapter(db);

/** One session token per user, as a signed-in population; sign-outs replace theirs. */
const tokens = /** @type {string[]} */ ([]);
const newToken = () => randomBytes(24).toString("base64url");

async function seed() {
  await client.query(
    `INSERT INTO users (name, email) SELECT 'User ' || n, 'user' || n || '@bench.test'
     FROM generate_series(1, $1) AS n`,
    [users],
  );
  for (let i = 0; i < users; i++) tokens.push(newToken());
  await client.query(
    `INSERT INTO sessions ("sessionToken", "userId", expires)
     SELECT token, n, now() + interval '30 days' FROM unnest($1::text[]) WITH ORDINALITY AS t(token, n)`,
    [tokens],
  );
  await client.query("VACUUM ANALYZE");
}

const OPERATIONS = ["updateSession", "deleteSession", "updateUser"];

/** `writers` loops of the runtime's writes for `ms`: per operation, every latency in ms. */
async function measure(/** @type {number} */ ms) {
  /** @type {Record<string, number[]>} */
  const latencies = Object.fromEntries(OPERATIONS.map((name) => [name, []]));
  let errors = 0;
  const until = performance.now() + ms;
  const timed = async (/** @type {string} */ name, /** @type {() => Promise<unknown>} */ op) => {
    const started = performance.now();
    await op();
    latencies[name].push(performance.now() - started);
  };
  const loop = async () => {
    while (performance.now() < until) {
      const slot = Math.floor(Math.random() * users);
      const pick = Math.random();
      try {
        if (pick < 0.7) {
          const expires = new Date(Date.now() + 30 * DAY);
          await timed("updateSession", () =>
            adapter.updateSession({ sessionToken: tokens[slot], expires }),
          );
        } else if (pick < 0.9) {
          const old = tokens[slot];
          const next = newToken();
          tokens[slot] = next;
          await timed("deleteSession", () => adapter.deleteSession(old));
          await adapter.createSession({
            sessionToken: next,
            userId: slot + 1,
            expires: new Date(Date.now() + 30 * DAY),
          });
        } else {
          await timed("updateUser", () =>
            adapter.updateUser({ id: slot + 1, name: `User ${slot} ${pick}` }),
          );
        }
      } catch (error) {
        errors++;
        if (errors === 1) console.error(`  a write failed: ${error.message}`);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: writers }, loop));
  const elapsed = (performance.now() - started) / 1000;
  const writes = OPERATIONS.reduce((sum, name) => sum + latencies[name].length, 0);
  const p99 = /** @type {Record<string, number>} */ ({});
  for (const name of OPERATIONS) {
    const sorted = latencies[name].sort((a, b) => a - b);
    p99[name] = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
  }
  return { perSecond: writes / elapsed, p99, errors };
}

const STATEMENTS = 20_000;

/** Server time per single-row session UPDATE, in µs, with no commit or round trip between them. */
async function statementCost() {
  const started = performance.now();
  await client.query(`DO $cost$ BEGIN FOR i IN 1..${STATEMENTS} LOOP
    UPDATE sessions SET expires = now() + interval '30 days' WHERE id = (i % ${users}) + 1;
  END LOOP; END $cost$`);
  return ((performance.now() - started) * 1000) / STATEMENTS;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" / ");

try {
  const settings = await client.query(
    `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
       current_setting('synchronous_commit') AS sync, current_setting('wal_sync_method') AS method`,
  );
  const s = settings.rows[0];
  line(
    `PostgreSQL ${s.version} (fsync ${s.fsync}, synchronous_commit ${s.sync}, ${s.method}); ${writers} writers on a pool of ${poolSize}, ${users} users with a session each; ${rounds} rounds of ${seconds} s per variant; load average ${load()} at the start`,
  );
  await seed();
  const names = Object.keys(variants);
  /** @type {Record<string, { perSecond: number, p99: Record<string, number>, errors: number }[]>} */
  const results = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) {
    await enter(name);
    await measure(1000); // warm-up, unrecorded
    await leave();
  }
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [...names].reverse() : names;
    for (const name of order) {
      await enter(name);
      results[name].push(await measure(seconds * 1000));
      await leave();
    }
    line(
      `  round ${r + 1}: ${names.map((name) => `${name} ${results[name][r].perSecond.toFixed(0)}/s`).join(", ")} (load ${load()})`,
    );
  }
  line("");
  line(
    `| triggers | writes/s | vs none (paired) | spread | p99 updateSession ms | p99 deleteSession ms | p99 updateUser ms | failed |`,
  );
  line(`|---|---:|---:|---:|---:|---:|---:|---:|`);
  for (const name of names) {
    const rates = results[name].map((result) => result.perSecond);
    const paired = results[name].map((result, i) => result.perSecond / results.none[i].perSecond);
    const p99s = OPERATIONS.map((op) =>
      round(median(results[name].map((result) => result.p99[op])), 3),
    );
    const failed = results[name].reduce((sum, result) => sum + result.errors, 0);
    line(
      `| ${name} | ${round(median(rates), 3)} | ${round(median(paired), 3)} × | ${round(spread(rates), 2)} | ${p99s.join(" | ")} | ${failed} |`,
    );
  }
  line("");
  const quiet = names.filter((name) => name !== "v5 listening");
  /** @type {Record<string, number[]>} */
  const costs = Object.fromEntries(quiet.map((name) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 ? [...quiet].reverse() : quiet) {
      await enter(name);
      costs[name].push(await statementCost());
      await leave();
    }
  }
  line(
    `Server time per single-row UPDATE (${STATEMENTS} in one transaction, median of ${rounds}): ${quiet
      .map(
        (name) =>
          `${name} ${round(median(costs[name]), 3)} µs (spread ${round(spread(costs[name]), 2)})`,
      )
      .join(", ")}`,
  );
  line(`Load average at the end: ${load()}`);
} finally {
  await db.close();
  await leave();
  await database.drop();
}
