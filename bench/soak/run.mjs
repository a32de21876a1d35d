/**
 * `npm run soak -- --minutes N`: a mixed workload (credentials sign-ins, magic links clicked and
 * never clicked, session reads, sign-outs, failed sign-ins from many addresses) against two
 * Express apps at once, database sessions on PostgreSQL and JWT sessions on the memory stores,
 * sampling memory, event-loop delay, latency and row counts, then judging them (verdict.mjs).
 * Writes `bench/results/soak-<stamp>.csv`, `.svg` and `.md` (or `--out <prefix>`); exits 1 when a
 * judged check fails. See bench/README.md, "Soak".
 *
 *   node bench/soak/run.mjs [--minutes 30] [--loops 6] [--out bench/results/soak-30min]
 */
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { prepare } from "../lib/prepare.mjs";
import { SECRET } from "./shared.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const bench = dirname(here);
const root = dirname(bench);

const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: "30" },
    loops: { type: "string" },
    out: { type: "string" },
  },
});
const minutes = Number(flags.minutes);
if (!(minutes > 0)) {
  console.error(`--minutes must be a positive number (got "${flags.minutes}")`);
  process.exit(2);
}
/**
 * A long run samples every minute with lifetimes of a minute and pruning every 30 s; a short one
 * (under 10 minutes, the CI profile) scales all of it down so steady state comes within its time.
 */
const short = minutes < 10;
const profile = short
  ? { sampleS: 10, lifetimeS: 20, intervalS: 5, warmUpS: 40, referenceS: 40, graceS: 3 }
  : { sampleS: 60, lifetimeS: 60, intervalS: 30, warmUpS: 300, referenceS: 300, graceS: 5 };
const loops = Number(flags.loops ?? (short ? 3 : 6));

prepare(root, { needCli: false, rebuild: false });
const { startChild } = await import("../lib/processes.mjs");
const { createDatabase, countRows } = await import("./database.mjs");
const { Window, runWorkload } = await import("./workload.mjs");
const { judge } = await import("./verdict.mjs");
const { lineChart } = await import("./svg.mjs");

const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const prefix = flags.out ?? join(bench, "results", `soak-${stamp}`);
await mkdir(dirname(prefix), { recursive: true });
const database = await createDatabase(`create_auth_soak_${process.pid}`);

const common = {
  AUTH_SECRET: SECRET,
  NODE_ENV: "production",
  LIFETIME_S: String(profile.lifetimeS),
  HOUSEKEEPING_MS: String(profile.intervalS * 1000),
};
const file = join(here, "app.mjs");
const variants = [
  { name: "database", env: { ...common, VARIANT: "database", DATABASE_URL: database.url } },
  { name: "jwt", env: { ...common, VARIANT: "jwt" } },
];
const apps = await Promise.all(variants.map((v) => startChild(v.name, file, v.env)));
const windows = variants.map(() => new Window());
const stop = new AbortController();
const load = apps.map((app, i) => runWorkload(app.url, loops, windows[i], stop.signal));

const COLUMNS = [
  "variant",
  "t_s",
  "heap_mib",
  "external_mib",
  "rss_mib",
  "eld_p99_ms",
  "eld_max_ms",
  "requests",
  "errors",
  "p50_ms",
  "p99_ms",
  "users",
  ...["sessions", "verification_token", "rate_limits"].flatMap((table) => [
    table,
    `${table}_expired`,
    `${table}_oldest_expired_s`,
  ]),
  "pruned_runs",
  "load_1m",
].join(",");
await writeFile(`${prefix}.csv`, `${COLUMNS}\n`);
/** @type {import("./verdict.mjs").Sample[][]} */
const samples = variants.map(() => []);
const started = Date.now();
console.log(
  `Soak: ${minutes} min, ${loops} loops per app, a sample every ${profile.sampleS} s, lifetimes ${profile.lifetimeS} s, pruning every ${profile.intervalS} s. Writing ${prefix}.csv`,
);

async function takeSample(/** @type {number} */ index) {
  const app = apps[index];
  const { memory } = await app.stats({ gc: true });
  const inside = await app.ask({ type: "sample" });
  const rows = inside.rows
    ? {
        verification_token: {
          rows: inside.rows.verification_token,
          expired: inside.rows.expired,
          oldestExpiredS: inside.rows.oldestExpiredS,
        },
      }
    : await countRows(database.client);
  const figures = windows[index].take();
  const sample = {
    t: (Date.now() - started) / 1000,
    heapMiB: memory.heapUsed / 2 ** 20,
    externalMiB: memory.external / 2 ** 20,
    rssMiB: memory.rss / 2 ** 20,
    eldP99Ms: inside.eventLoop.p99Ms,
    eldMaxMs: inside.eventLoop.maxMs,
    ...figures,
    rows,
  };
  samples[index].push(sample);
  const cell = (/** @type {string} */ table, /** @type {string} */ key) =>
    /** @type {any} */ (rows)[table]?.[key] ?? "";
  const line = [
    variants[index].name,
    sample.t.toFixed(0),
    ...[sample.heapMiB, sample.externalMiB, sample.rssMiB, sample.eldP99Ms, sample.eldMaxMs].map(
      (n) => n.toFixed(2),
    ),
    sample.requests,
    sample.errors,
    sample.p50Ms.toFixed(2),
    sample.p99Ms.toFixed(2),
    cell("users", "rows"),
    ...["sessions", "verification_token", "rate_limits"].flatMap((table) => [
      cell(table, "rows"),
      cell(table, "expired"),
      typeof cell(table, "oldestExpiredS") === "number"
        ? cell(table, "oldestExpiredS").toFixed(1)
        : "",
    ]),
    inside.pruned.runs,
    loadavg()[0].toFixed(2),
  ];
  await appendFile(`${prefix}.csv`, `${line.join(",")}\n`);
  for (const example of figures.examples) console.error(`  ${variants[index].name}: ${example}`);
  return sample;
}

const deadline = started + minutes * 60_000;
let next = started + profile.sampleS * 1000;
try {
  while (next <= deadline + 1000) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    const taken = [];
    for (let i = 0; i < apps.length; i++) taken.push(await takeSample(i));
    console.log(
      `${(taken[0].t / 60).toFixed(1).padStart(5)} min  ` +
        taken
          .map(
            (s, i) =>
              `${variants[i].name}: heap ${s.heapMiB.toFixed(1)} rss ${s.rssMiB.toFixed(0)} MiB, ${s.requests} req p99 ${s.p99Ms.toFixed(1)} ms, ${s.errors} err`,
          )
          .join(" | "),
    );
    next += profile.sampleS * 1000;
  }
} finally {
  stop.abort();
  await Promise.allSettled(load);
  await Promise.all(apps.map((app) => app.stop()));
  await database.drop();
}

const verdicts = variants.map((variant, i) => ({
  variant: variant.name,
  checks: judge(samples[i], { ...profile, short }),
}));
const pass = verdicts.every((v) => v.checks.every((c) => c.pass));
const lines = [
  `# Soak run: ${minutes} min (${short ? "short profile" : "full profile"}) — ${pass ? "PASS" : "FAIL"}`,
  "",
  `- Started ${new Date(started).toISOString()}, ${loops} loops per app, a sample every ${profile.sampleS} s, session/token lifetime ${profile.lifetimeS} s, rate-limit window ${profile.lifetimeS / 2} s, housekeeping every ${profile.intervalS} s.`,
  `- Load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" / ")} (a shared 2-core machine: other sessions' work runs too).`,
  "",
  ...verdicts.flatMap((v) => [
    `## ${v.variant}`,
    "",
    ...v.checks.map(
      (c) => `- ${c.judged ? (c.pass ? "pass" : "**FAIL**") : "info"} ${c.name}: ${c.detail}`,
    ),
    "",
  ]),
];
await writeFile(`${prefix}.md`, `${lines.join("\n")}`);
const minutesOf = (/** @type {import("./verdict.mjs").Sample} */ s) => s.t / 60;
const series = (/** @type {(s: any) => number} */ pick, suffix = "") =>
  variants.map((v, i) => ({
    label: `${v.name}${suffix}`,
    points: samples[i].map((s) => /** @type {[number, number]} */ ([minutesOf(s), pick(s)])),
  }));
const rowSeries = ["sessions", "verification_token", "rate_limits"].flatMap((table) =>
  variants
    .map((v, i) => ({
      label: `${v.name} ${table}`,
      points: samples[i]
        .filter((s) => s.rows[table])
        .map((s) => /** @type {[number, number]} */ ([minutesOf(s), s.rows[table].rows])),
    }))
    .filter((s) => s.points.length > 0),
);
await writeFile(
  `${prefix}.svg`,
  lineChart(`create-auth soak, ${minutes} min — ${pass ? "pass" : "FAIL"}`, [
    { title: "Heap after GC", unit: "MiB", series: series((s) => s.heapMiB) },
    { title: "RSS", unit: "MiB", series: series((s) => s.rssMiB) },
    {
      title: "Request latency p50 / p99",
      unit: "ms",
      series: [...series((s) => s.p50Ms, " p50"), ...series((s) => s.p99Ms, " p99")],
    },
    { title: "Event-loop delay p99", unit: "ms", series: series((s) => s.eldP99Ms) },
    { title: "Rows", unit: "count", series: rowSeries },
  ]),
);
console.log(`\n${lines.join("\n")}\nWritten: ${prefix}.csv, .svg, .md`);
process.exit(pass ? 0 : 1);
