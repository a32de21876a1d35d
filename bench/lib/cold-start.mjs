import { pairedRatio } from "./compare.mjs";
import { request } from "./http.mjs";
import { startChild } from "./processes.mjs";
import { BASE_PATH } from "./shared.mjs";
import { median, round, spread } from "./stats.mjs";

/**
 * Scenario (7): from `fork()` to the first 200 answer of `GET /auth/session` with a valid
 * session cookie, over a fresh connection: Node's start-up, loading the library, building the
 * app, and the first session read (key derivation included). Runs alternate between the apps.
 *
 * @param {{ ours: string, theirs: string }} files the app entry points
 * @param {{ coldRuns: number, cookie: string, env: Record<string, string>,
 *   log: (line: string) => void }} settings
 */
export async function runColdStart(files, { coldRuns, cookie, env, log }) {
  /** @type {{ ours: number[], theirs: number[] }} */
  const times = { ours: [], theirs: [] };
  for (let run = 0; run < coldRuns; run++) {
    const order = /** @type {("ours" | "theirs")[]} */ (
      run % 2 ? ["theirs", "ours"] : ["ours", "theirs"]
    );
    for (const name of order) {
      const start = performance.now();
      const app = await startChild(`${name} (cold)`, files[name], { ...env, PORT: "0" });
      try {
        const reply = await request(`${app.url}${BASE_PATH}/session`, {
          headers: { cookie },
          agent: false,
        });
        const elapsed = performance.now() - start;
        if (reply.status !== 200 || !JSON.parse(reply.body)?.user) {
          throw new Error(`${name}: first /session answered ${reply.status}: ${reply.body}`);
        }
        times[name].push(elapsed);
        log(`    run ${run + 1} ${name}: ${elapsed.toFixed(0)} ms`);
      } finally {
        await app.stop();
      }
    }
  }
  const side = (/** @type {number[]} */ values) => ({
    median: round(median(values)),
    spread: round(spread(values), 2),
    failed: 0,
    samples: values.map((value) => round(value)),
  });
  const ours = side(times.ours);
  const theirs = side(times.theirs);
  // Runs of one index are neighbours in time: pair them, as for the throughput scenarios.
  return { ours, theirs, ratio: pairedRatio(times.ours, times.theirs) };
}
