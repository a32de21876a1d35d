import { measureLoad } from "./load.mjs";
import { round } from "./stats.mjs";
import { mintSessionCookies } from "./tokens.mjs";

const MiB = 1024 * 1024;

/**
 * Scenario (9), for one app: a fresh app process reads `reads` sessions per round through
 * `getSession` (`/protected`), with new users every round, so any per-session state that is
 * not bounded shows up as growth. RSS and heap are sampled after each round, after a forced
 * GC (so the figures compare collected heaps, not GC timing). Growth is measured from the
 * first round (after start-up, JIT and first-use allocations) to the last.
 *
 * Flat means: what the process retains after a GC (V8 heap + external memory, where a leak
 * of sessions, keys or buffers would show) grew by at most 2 MiB, and RSS by at most 20 %.
 * RSS alone is a noisy judge: with a flat heap it still moved by −14 to +12 MiB (about
 * ±10 %) between rounds on this machine, as the allocator keeps or returns freed pages.
 *
 * @param {import("./processes.mjs").Child} app a process that served nothing yet
 * @param {{ memoryRounds: number, reads: number, connections: number,
 *   usersPerRound: number, log: (line: string) => void }} settings
 */
export async function runMemory(app, { memoryRounds, reads, connections, usersPerRound, log }) {
  /** @type {{ rssMiB: number, heapUsedMiB: number, retainedMiB: number, perSecond: number,
   *   failed: number }[]} */
  const samples = [];
  for (let round_ = 0; round_ < memoryRounds; round_++) {
    const cookies = await mintSessionCookies(usersPerRound, `m${round_}`);
    const load = await measureLoad(app, {
      path: "/protected",
      connections,
      amount: reads,
      cookies,
    });
    const { memory } = await app.stats({ gc: true });
    const sample = {
      rssMiB: round(memory.rss / MiB, 4),
      heapUsedMiB: round(memory.heapUsed / MiB, 4),
      retainedMiB: round((memory.heapUsed + memory.external) / MiB, 4),
      perSecond: round(load.perSecond),
      failed: load.failed,
    };
    samples.push(sample);
    log(
      `    round ${round_ + 1}: RSS ${sample.rssMiB} MiB, heap+external ${sample.retainedMiB} MiB`,
    );
  }
  const first = samples[0];
  const last = samples[samples.length - 1];
  const rssGrowth = round(last.rssMiB - first.rssMiB);
  const retainedGrowth = round(last.retainedMiB - first.retainedMiB);
  return {
    median: rssGrowth,
    rssGrowthMiB: rssGrowth,
    rssGrowthPercent: round((100 * rssGrowth) / first.rssMiB, 2),
    retainedGrowthMiB: retainedGrowth,
    failed: samples.reduce((sum, sample) => sum + sample.failed, 0),
    samples,
    flat: retainedGrowth <= 2 && rssGrowth <= first.rssMiB * 0.2,
  };
}
