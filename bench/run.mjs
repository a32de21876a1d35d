/**
 * `npm run bench`: @create-auth/runtime against @auth/express, side by side in one run
 * (issue 8). See README.md for what each scenario measures.
 *
 *   node bench/run.mjs [--quick] [--only protected,session,...] [--build]
 *
 * A full run writes results.json and the README's results table; --quick or --only write
 * results.local.json instead, so a smoke run never replaces the published figures.
 */
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { prepare } from "./lib/prepare.mjs";
import { SCENARIOS } from "./lib/scenario-list.mjs";

const bench = dirname(fileURLToPath(import.meta.url));
const root = dirname(bench);

/** Full: 8 rounds of 3 s per app and scenario (on a shared machine, many short paired rounds
 * give steadier ratios than a few long ones). Quick: a smoke run that every path is alive. */
/** @type {Record<"full" | "quick", import("./lib/orchestrate.mjs").Settings>} */
const SETTINGS = {
  full: {
    connections: 32,
    seconds: 3,
    warmUpSeconds: 1,
    rounds: 8,
    flowWorkers: 16,
    coldRuns: 15,
    cliRuns: 5,
    memoryRounds: 4,
    reads: 100_000,
    usersPerRound: 1000,
    cookiePool: 256,
  },
  quick: {
    connections: 32,
    seconds: 1,
    warmUpSeconds: 0.5,
    rounds: 1,
    flowWorkers: 16,
    coldRuns: 2,
    cliRuns: 1,
    memoryRounds: 3,
    reads: 10_000,
    usersPerRound: 200,
    cookiePool: 64,
  },
};

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    build: { type: "boolean", default: false },
  },
});

const known = SCENARIOS.map((scenario) => scenario.id);
const only = flags.only?.split(",").map((id) => id.trim());
for (const id of only ?? []) {
  if (!known.includes(id)) {
    console.error(`Unknown scenario "${id}". Known: ${known.join(", ")}`);
    process.exit(2);
  }
}
const selected = (/** @type {string} */ id) => !only || only.includes(id);
prepare(root, { needCli: selected("cli-init"), rebuild: flags.build ?? false });

// Imported only now: these modules need the bench's dependencies that prepare() installs.
const { runBenchmarks } = await import("./lib/orchestrate.mjs");
const settings = flags.quick ? SETTINGS.quick : SETTINGS.full;
const complete = !flags.quick && !only;
const output = await runBenchmarks({ root, settings, selected, log: console.log });

const file = join(bench, complete ? "results.json" : "results.local.json");
await writeFile(
  file,
  `${JSON.stringify({ ...output.json, mode: flags.quick ? "quick" : "full", only }, null, 2)}\n`,
);
console.log(`\n${output.table}\n\n${output.notes}\n\nWritten: ${file}`);
if (complete) {
  const { updateReadme } = await import("./lib/report.mjs");
  await updateReadme(join(bench, "README.md"), output.readmeSection);
  console.log(`Updated: ${join(bench, "README.md")}`);
}
