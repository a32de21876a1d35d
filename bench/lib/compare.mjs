import { median, round, spread } from "./stats.mjs";

/**
 * @typedef {{ perSecond: number, failed: number, [figure: string]: unknown }} Sample
 * @typedef {{ scenario: string,
 *   app: "ours" | "theirs" | "protected" | "bare" | "bare-sync" | "signin" | "hash",
 *   run: (warmUp: boolean) => Promise<Sample> }} Step
 */

/**
 * Runs every step of `plan` (each scenario × each app) in rounds, the order reversing every
 * round, after one unrecorded warm-up of each. Interleaving everything in time is what makes
 * the figures comparable on a shared machine: a burst of other load hits the steps that ran
 * next to each other alike, so ratios of neighbouring steps (ours/theirs of one scenario, or
 * two scenarios of one app) stay meaningful when absolute rates swing.
 *
 * @param {Step[]} plan
 * @param {{ rounds: number, log: (line: string) => void }} options
 * @returns {Promise<Map<string, Sample[]>>} samples by `${scenario}/${app}`, in round order
 */
export async function alternate(plan, { rounds, log }) {
  for (const step of plan) await step.run(true);
  /** @type {Map<string, Sample[]>} */
  const samples = new Map(plan.map((step) => [`${step.scenario}/${step.app}`, []]));
  for (let round_ = 0; round_ < rounds; round_++) {
    const order = round_ % 2 ? [...plan].reverse() : plan;
    for (const step of order) {
      const sample = await step.run(false);
      samples.get(`${step.scenario}/${step.app}`)?.push(sample);
      log(`    round ${round_ + 1} ${step.scenario} ${step.app}: ${sample.perSecond.toFixed(1)}/s`);
    }
  }
  return samples;
}

/**
 * The median over rounds of a / b taken within each round (both measured close in time),
 * more robust than the ratio of the two medians when the machine's load drifts.
 */
export function pairedRatio(/** @type {number[]} */ a, /** @type {number[]} */ b) {
  return round(median(a.map((value, i) => value / b[i])));
}

/** The median of one numeric field over samples that have it. */
function medianOf(/** @type {Sample[]} */ samples, /** @type {string} */ field) {
  const values = samples.map((sample) => sample[field]).filter((v) => typeof v === "number");
  return values.length ? round(median(/** @type {number[]} */ (values))) : undefined;
}

/**
 * One app's rounds of one scenario as medians: the rate, and where measured, the CPU per
 * operation and the OP's share.
 *
 * @returns {{ median: number, spread: number, failed: number, samples: Sample[],
 *   cpuUsPerOp?: number, opCpuShare?: number, firstError?: string }}
 */
function summarise(/** @type {Sample[]} */ samples) {
  const rates = samples.map((sample) => sample.perSecond);
  const cpuUsPerOp = medianOf(samples, "cpuUsPerOp");
  const opCpuShare = medianOf(samples, "opCpuShare");
  const firstError = samples.find((sample) => sample.firstError)?.firstError;
  return {
    median: round(median(rates)),
    spread: round(spread(rates), 2),
    failed: samples.reduce((sum, sample) => sum + sample.failed, 0),
    ...(cpuUsPerOp === undefined ? {} : { cpuUsPerOp }),
    ...(opCpuShare === undefined ? {} : { opCpuShare }),
    ...(firstError ? { firstError: String(firstError) } : {}),
    samples,
  };
}

/**
 * One scenario's result: each app's medians, and `ratio`, ours/theirs paired by round.
 *
 * @param {Map<string, Sample[]>} samples from {@link alternate}
 * @param {string} scenario
 */
export function scenarioResult(samples, scenario) {
  const ours = /** @type {Sample[]} */ (samples.get(`${scenario}/ours`));
  const theirs = /** @type {Sample[]} */ (samples.get(`${scenario}/theirs`));
  const rate = (/** @type {Sample[]} */ list) => list.map((sample) => sample.perSecond);
  return {
    ours: summarise(ours),
    theirs: summarise(theirs),
    ratio: pairedRatio(rate(ours), rate(theirs)),
  };
}

/**
 * One framework scenario's result: the protected route's medians as `ours`, the bare route's
 * as `bare` (and its synchronous twin's as `bareSync`), and `vsBare` (`vsBareSync`),
 * protected/bare paired by round (the same app, seconds apart).
 *
 * @param {Map<string, Sample[]>} samples from {@link alternate}
 * @param {string} scenario
 */
export function frameworkResult(samples, scenario) {
  const protectedRoute = /** @type {Sample[]} */ (samples.get(`${scenario}/protected`));
  const bare = /** @type {Sample[]} */ (samples.get(`${scenario}/bare`));
  const bareSync = /** @type {Sample[]} */ (samples.get(`${scenario}/bare-sync`));
  const rate = (/** @type {Sample[]} */ list) => list.map((sample) => sample.perSecond);
  return {
    ours: summarise(protectedRoute),
    bare: summarise(bare),
    vsBare: pairedRatio(rate(protectedRoute), rate(bare)),
    ...(bareSync
      ? {
          bareSync: summarise(bareSync),
          vsBareSync: pairedRatio(rate(protectedRoute), rate(bareSync)),
        }
      : {}),
  };
}

/**
 * Scenario (16)'s result: the sign-ins' medians as `ours`, the hash alone as `hash`, and the
 * CPU a sign-in spends besides its hash, `restUs` (µs) and `restVsHash` (a fraction of the
 * hash's CPU), each the median over rounds of the difference within the round.
 *
 * @param {Map<string, Sample[]>} samples from {@link alternate}
 */
export function passwordResult(samples) {
  const signIns = /** @type {Sample[]} */ (samples.get("password/signin"));
  const hashes = /** @type {Sample[]} */ (samples.get("password/hash"));
  const cpu = (/** @type {Sample} */ sample) => /** @type {number} */ (sample.cpuUsPerOp);
  const rest = signIns.map((sample, i) => cpu(sample) - cpu(/** @type {Sample} */ (hashes[i])));
  return {
    ours: summarise(signIns),
    hash: summarise(hashes),
    restUs: round(median(rest)),
    restVsHash: round(
      median(rest.map((value, i) => value / cpu(/** @type {Sample} */ (hashes[i])))),
    ),
  };
}
