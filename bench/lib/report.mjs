import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { cpus, loadavg, release, totalmem } from "node:os";
import { SCENARIOS } from "./scenario-list.mjs";
import { round } from "./stats.mjs";

const START = "<!-- results:start -->";
const END = "<!-- results:end -->";

/**
 * Which sources were measured: the commit, and whether the runtime or CLI sources had
 * uncommitted changes (then the figures belong to no commit).
 */
function sourceInfo(/** @type {string} */ root) {
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: "pipe" }).trim();
  try {
    const changed = git("status", "--porcelain", "--", "runtime/src", "src");
    return { commit: git("rev-parse", "--short", "HEAD"), uncommittedChanges: changed !== "" };
  } catch {
    return { commit: "unknown", uncommittedChanges: null };
  }
}

/** What the run was measured on: ratios are the claims, but they still depend on the machine. */
export function machineInfo(/** @type {string} */ root) {
  return {
    ...sourceInfo(root),
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGiB: round(totalmem() / 2 ** 30),
    node: process.version,
    os: `${process.platform} ${release()}`,
    loadAverageAtStart: loadavg().map((value) => round(value, 2)),
    date: new Date().toISOString(),
  };
}

/**
 * The targets. `value` reads the figure from the results, `ok` judges it.
 * @type {{ scenario: number, target: string, needs: string[],
 *   value: (r: Record<string, any>) => number, ok: (v: number, r: Record<string, any>) => boolean }[]}
 */
const TARGETS = [
  {
    scenario: 2,
    target: "≥ 0.8 × (1), same app (ours)",
    needs: ["public", "protected"],
    value: (r) => r.protected.oursVsCeiling,
    ok: (v) => v >= 0.8,
  },
  {
    scenario: 2,
    target: "≥ 5 × @auth/express",
    needs: ["protected"],
    value: (r) => r.protected.ratio,
    ok: (v) => v >= 5,
  },
  {
    scenario: 3,
    target: "≥ 5 × @auth/express",
    needs: ["session"],
    value: (r) => r.session.ratio,
    ok: (v) => v >= 5,
  },
  {
    scenario: 5,
    target: "≥ 2 × @auth/express",
    needs: ["credentials"],
    value: (r) => r.credentials.ratio,
    ok: (v) => v >= 2,
  },
  {
    scenario: 6,
    target: "≥ 2 × @auth/express",
    needs: ["oidc"],
    value: (r) => r.oidc.ratio,
    ok: (v) => v >= 2,
  },
  {
    scenario: 7,
    target: "no worse than @auth/express (ratio ≤ 1)",
    needs: ["cold-start"],
    value: (r) => r["cold-start"].ratio,
    ok: (v) => v <= 1,
  },
  {
    scenario: 8,
    target: "< 1500 ms",
    needs: ["cli-init"],
    value: (r) => r["cli-init"].ours.median,
    ok: (v) => v < 1500,
  },
  {
    scenario: 9,
    target: "flat (heap+external +≤2 MiB, RSS +≤20 %)",
    needs: ["memory"],
    value: (r) => r.memory.ours.rssGrowthMiB,
    ok: (_v, r) => r.memory.flat,
  },
  {
    scenario: 10,
    target: "≥ 0.8 × Fastify's bare route, same app",
    needs: ["fastify"],
    value: (r) => r.fastify.vsBare,
    ok: (v) => v >= 0.8,
  },
  {
    scenario: 11,
    target: "≥ 0.8 × Hono's bare route, same app",
    needs: ["hono"],
    value: (r) => r.hono.vsBare,
    ok: (v) => v >= 0.8,
  },
  {
    scenario: 12,
    target: "≥ 3 × @auth/express + @auth/pg-adapter",
    needs: ["db-protected"],
    value: (r) => r["db-protected"].ratio,
    ok: (v) => v >= 3,
  },
  {
    scenario: 13,
    target: "≥ 3 × @auth/express + @auth/pg-adapter",
    needs: ["db-session"],
    value: (r) => r["db-session"].ratio,
    ok: (v) => v >= 3,
  },
  {
    scenario: "12c",
    target: "≥ 3 × @auth/express + @auth/pg-adapter",
    needs: ["db-protected-cached"],
    value: (r) => r["db-protected-cached"].ratio,
    ok: (v) => v >= 3,
  },
  {
    scenario: "13c",
    target: "≥ 3 × @auth/express + @auth/pg-adapter",
    needs: ["db-session-cached"],
    value: (r) => r["db-session-cached"].ratio,
    ok: (v) => v >= 3,
  },
  {
    scenario: 16,
    target: "CPU per sign-in besides the hash < 0.1 × the hash's",
    needs: ["password"],
    value: (r) => r.password.restVsHash,
    ok: (v) => v < 0.1,
  },
];

/**
 * Judges every target on the medians: `pass` is `null` when a scenario it needs was not run,
 * `false` when a scenario it needs had failed requests (a fast error is not a result).
 *
 * @param {Record<string, any>} results by scenario id
 */
export function judgeTargets(results) {
  return TARGETS.map(({ scenario, target, needs, value, ok }) => {
    if (!needs.every((id) => results[id]))
      return { scenario, target, value: undefined, pass: null };
    const measured = round(value(results));
    const clean = needs.every(
      (id) => !results[id].ours.failed && !results[id].theirs?.failed && !results[id].bare?.failed,
    );
    return { scenario, target, value: measured, pass: clean && ok(measured, results) };
  });
}

/** A figure as the table shows it: whole numbers for rates and times, one decimal for MiB and small values. */
function show(/** @type {number | undefined} */ value, /** @type {string} */ unit) {
  if (value === undefined || !Number.isFinite(value)) return "–";
  // One decimal for MiB, and for rates under 10 (password sign-ins run a few per second).
  if (unit === "MiB" || Math.abs(value) < 10) return value.toFixed(1);
  return Math.round(value).toLocaleString("en-US");
}

/**
 * The results as one Markdown table (printed as is, and put in the README): each figure for
 * both libraries, the ratio, the app's CPU per operation, and every target with pass/fail.
 *
 * @param {Record<string, any>} results
 * @param {ReturnType<typeof judgeTargets>} targets
 */
export function resultsTable(results, targets) {
  const lines = [
    "| # | scenario | unit | ours | @auth/express | ours/theirs (paired) | CPU µs/op ours / theirs | target | result |",
    "|---|---|---|---:|---:|---:|---:|---|---|",
  ];
  for (const scenario of SCENARIOS) {
    const result = results[scenario.id];
    if (!result) continue;
    const ratio = result.ratio === undefined ? "–" : `${result.ratio.toFixed(2)}×`;
    const cpu = result.ours.cpuUsPerOp
      ? `${show(result.ours.cpuUsPerOp, "")} / ${show(result.theirs?.cpuUsPerOp, "")}`
      : "";
    const mine = targets.filter((target) => target.scenario === scenario.n);
    const goal = mine.map((target) => `${target.target}: ${target.value ?? "–"}`).join("; ");
    const verdict = mine
      .map((target) => (target.pass === null ? "–" : target.pass ? "pass" : "**FAIL**"))
      .join("; ");
    const errors =
      (result.ours.failed ?? 0) + (result.theirs?.failed ?? 0) + (result.bare?.failed ?? 0);
    const title = errors ? `${scenario.title} (${errors} failed requests)` : scenario.title;
    const theirs = result.theirs ? show(result.theirs.median, scenario.unit) : "n/a";
    const unit = scenario.better === "lower" ? `${scenario.unit} (lower is better)` : scenario.unit;
    lines.push(
      `| ${scenario.n} | ${title} | ${unit} | ${show(result.ours.median, scenario.unit)} | ${theirs} | ${ratio} | ${cpu} | ${goal} | ${verdict} |`,
    );
  }
  return lines.join("\n");
}

/** Notes under the table: noise (spread of the rounds), the OP's share, memory samples. */
export function resultsNotes(/** @type {Record<string, any>} */ results) {
  const notes = [];
  const spreads = Object.entries(results)
    .filter(([, result]) => result.theirs && result.ours.spread !== undefined)
    .map(([id, result]) => `${id} ${result.ours.spread}/${result.theirs.spread}`);
  if (spreads.length)
    notes.push(`Round spread (max−min)/median, ours/theirs: ${spreads.join(", ")}.`);
  if (results.oidc) {
    const share = (/** @type {number} */ v) => `${Math.round(v * 100)} %`;
    notes.push(
      `OpenID flows: the local OP used ${share(results.oidc.ours.opCpuShare)} (ours) and ${share(results.oidc.theirs.opCpuShare)} (@auth/express) of the app+OP CPU.`,
    );
  }
  for (const [id, name] of [
    ["fastify", "Fastify 5"],
    ["hono", "Hono"],
    ["pglite", "Embedded PGlite"],
  ]) {
    const result = results[id];
    if (!result) continue;
    const sync = result.bareSync
      ? ` The bare route as a synchronous handler: ${show(result.bareSync.median, "")} req/s (${show(result.bareSync.cpuUsPerOp, "")} µs/req), protected/synchronous ${result.vsBareSync}.`
      : "";
    notes.push(
      `${name} (ours only; no Auth.js adapter): bare route ${show(result.bare.median, "")} req/s (CPU ${show(result.bare.cpuUsPerOp, "")} µs/req), protected ${show(result.ours.median, "")} req/s (${show(result.ours.cpuUsPerOp, "")} µs/req), paired ratio ${result.vsBare}; round spread ${result.ours.spread}/${result.bare.spread}.${sync}`,
    );
  }
  if (results.password) {
    const { ours, hash, restUs, restVsHash } = results.password;
    notes.push(
      `Password sign-ins (ours only; Auth.js has no password provider): ${show(ours.median, "")} sign-ins/s at ${show(ours.cpuUsPerOp, "")} µs CPU each; scrypt alone in the same process ${show(hash.median, "")} hashes/s at ${show(hash.cpuUsPerOp, "")} µs CPU each; the rest of a sign-in ${show(restUs, "")} µs (${round(restVsHash * 100, 2)} % of the hash), medians of the rounds' differences; round spread ${ours.spread}/${hash.spread}.`,
    );
  }
  if (results.memory) {
    for (const [side, name] of [
      ["ours", "ours"],
      ["theirs", "@auth/express"],
    ]) {
      const memory = results.memory[side];
      if (!memory) continue;
      const samples = memory.samples.map((/** @type {any} */ s) => s.rssMiB).join(" → ");
      notes.push(
        `Memory (${name}): RSS after each round ${samples} MiB; heap+external growth ${memory.retainedGrowthMiB} MiB.`,
      );
    }
  }
  return notes.map((note) => `- ${note}`).join("\n");
}

/** Replaces the README's results section (between its markers) with this run's. */
export async function updateReadme(/** @type {string} */ file, /** @type {string} */ section) {
  const readme = await readFile(file, "utf8");
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} section`);
  await writeFile(
    file,
    `${readme.slice(0, start + START.length)}\n${section}\n${readme.slice(end)}`,
  );
}

/**
 * Everything a run produces: the JSON for results.json, the table and notes for stdout, and
 * the README section (the same table, with the sources, the machine and the settings).
 *
 * @param {{ machine: ReturnType<typeof machineInfo> & { loadAverageAtEnd: number[] },
 *   settings: import("./orchestrate.mjs").Settings, results: Record<string, any> }} run
 */
export function buildReport({ machine, settings, results }) {
  const targets = judgeTargets(results);
  const table = resultsTable(results, targets);
  const notes = resultsNotes(results);
  const changes = machine.uncommittedChanges ? " with uncommitted changes" : "";
  const load = `${machine.loadAverageAtStart.join(" / ")} at the start, ${machine.loadAverageAtEnd.join(" / ")} at the end`;
  const lines = [
    `- Measured: commit ${machine.commit}${changes}, ${machine.date}.`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.os}; load average (1/5/15 min) ${load}.`,
    `- Settings: ${settings.connections} connections, ${settings.seconds} s × ${settings.rounds} rounds per app, ${settings.flowWorkers} concurrent flows; medians, ratios paired by round.`,
  ];
  return {
    json: { machine, settings, results, targets },
    table,
    notes,
    readmeSection: `${lines.join("\n")}\n\n${table}\n\n${notes}`,
  };
}
