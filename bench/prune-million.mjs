/**
 * `node bench/prune-million.mjs [--rows 1000000] [--loops 8] [--seconds 20]` (issue 25):
 * fills a fresh PostgreSQL database with `--rows` expired sessions (generate_series, one
 * statement), then
 *
 * 1. times `create-auth prune --dry-run` (the built CLI, as cron runs it; target < 2 s);
 * 2. measures magic-link sign-ins against the soak's database app on an idle database, then
 *    while `create-auth prune` deletes the rows in its batches, and compares the p99 (target
 *    ≤ 2 ×), and times the prune itself.
 *
 * `--dry-run-only` stops after (1). Needs `npm run build` (dist/cli.js and runtime/dist). Prints
 * the figures; writes nothing.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { prepare } from "./lib/prepare.mjs";
import { SECRET } from "./soak/shared.mjs";

const bench = dirname(fileURLToPath(import.meta.url));
const root = dirname(bench);
const run = promisify(execFile);

const { values: flags } = parseArgs({
  options: {
    rows: { type: "string", default: "1000000" },
    loops: { type: "string", default: "8" },
    seconds: { type: "string", default: "20" },
    "dry-run-only": { type: "boolean", default: false },
  },
});
const rows = Number(flags.rows);
const loops = Number(flags.loops);
const seconds = Number(flags.seconds);

prepare(root, { needCli: true, rebuild: false });
const { startChild } = await import("./lib/processes.mjs");
const { createDatabase } = await import("./soak/database.mjs");
const { Window, runWorkload } = await import("./soak/workload.mjs");

const database = await createDatabase(`create_auth_prune1m_${process.pid}`);
const { client } = database;
const line = (/** @type {string} */ text) => console.log(text);

/**
 * `create-auth prune` against the database, from `bench/` (whose runtime is the workspace's):
 * its wall time, its CPU time (user + system, through /usr/bin/time: steadier than wall time on
 * a busy machine) and its JSON document.
 */
async function prune(/** @type {string[]} */ extra) {
  const args = [join(root, "bin/create-auth.js"), "prune", "--database-url", database.url];
  const timed = existsSync("/usr/bin/time");
  const started = performance.now();
  const { stdout, stderr } = await run(
    timed ? "/usr/bin/time" : process.execPath,
    [...(timed ? ["-f", "cpu %U %S", process.execPath] : []), ...args, "--json", ...extra],
    { cwd: bench },
  );
  const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(stderr);
  return {
    ms: performance.now() - started,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN,
    document: JSON.parse(stdout),
  };
}

/**
 * Magic-link sign-ins for `seconds`, or, given `during`, for as long as it runs: their p50/p99,
 * rate, and what `during` returned.
 */
async function signIns(/** @type {string} */ app, /** @type {() => Promise<any>} */ during) {
  const window = new Window();
  const stop = new AbortController();
  const load = runWorkload(app, loops, window, stop.signal, "emailClicked");
  const started = performance.now();
  const side = during
    ? await during()
    : await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - started) / 1000;
  stop.abort();
  await load;
  const figures = window.take();
  return { ...figures, perSecond: figures.requests / elapsed, side };
}

/** (2): sign-ins on the idle database, while `create-auth prune` runs, and idle again. */
async function measureSignIns() {
  const app = await startChild("database app", join(bench, "soak/app.mjs"), {
    AUTH_SECRET: SECRET,
    NODE_ENV: "production",
    VARIANT: "database",
    DATABASE_URL: database.url,
    LIFETIME_S: "3600",
    HOUSEKEEPING_MS: "0",
  });
  try {
    await signIns(app.url, undefined); // warm-up, unrecorded
    const idle = await signIns(app.url, undefined);
    const busy = await signIns(app.url, () => prune([]));
    const pruned = /** @type {{ ms: number, document: any }} */ (busy.side);
    const idle2 = await signIns(app.url, undefined);
    const show = (/** @type {string} */ name, /** @type {any} */ f) =>
      line(
        `  ${name}: ${f.perSecond.toFixed(0)} req/s, p50 ${f.p50Ms.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms, ${f.errors} failed`,
      );
    line(
      `Sign-ins (${loops} loops of magic-link sign-ins; idle runs ${seconds} s, the busy one as long as the prune):`,
    );
    show("idle database, before", idle);
    show("while create-auth prune runs", busy);
    show("idle database, after", idle2);
    const base = Math.max(idle.p99Ms, idle2.p99Ms);
    line(
      `  p99 while pruning / idle (the higher of the two idle runs): ${(busy.p99Ms / base).toFixed(2)} × (target ≤ 2)`,
    );
    line(
      `create-auth prune: deleted ${pruned.document.deleted.sessions} sessions in ${(pruned.ms / 1000).toFixed(1)} s wall (durationMs ${pruned.document.durationMs}, CPU ${pruned.cpuMs.toFixed(0)} ms)`,
    );
  } finally {
    await app.stop();
  }
}

try {
  line(`Filling ${rows} expired sessions (load average ${loadavg()[0].toFixed(1)})…`);
  const started = performance.now();
  await client.query(`INSERT INTO users (email) VALUES ('expired@soak.test')`);
  // Expiries spread over the last 30 days, as a month of sign-ins nobody signed out of leaves.
  await client.query(
    `INSERT INTO sessions ("sessionToken", "userId", expires)
     SELECT md5(i::text), 1, now() - (i % 2592000) * interval '1 second' - interval '1 minute'
     FROM generate_series(1, $1) i`,
    [rows],
  );
  // What autovacuum does to a table that has grown (statistics, visibility map).
  await client.query("VACUUM ANALYZE sessions");
  line(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const dry = [];
  for (let attempt = 0; attempt < 3; attempt++) dry.push(await prune(["--dry-run"]));
  const counted = dry[0].document.expired.sessions;
  line(
    `create-auth prune --dry-run (3 runs): wall ${dry.map((d) => `${d.ms.toFixed(0)} ms`).join(", ")} (process start included); CPU ${dry.map((d) => `${d.cpuMs.toFixed(0)} ms`).join(", ")}; durationMs in its output (connect + count) ${dry.map((d) => d.document.durationMs).join(", ")}; counted ${counted} expired sessions`,
  );

  if (!flags["dry-run-only"]) await measureSignIns();
  line(
    `Load average at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ")}`,
  );
} finally {
  await database.drop();
}
