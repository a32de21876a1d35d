/**
 * The soak's verdict, per variant, from its samples (issue 25, "Done when"):
 *
 * - heap after GC at the end within 20 % of the reference (minute 5 of a long run);
 * - RSS flat over the last half (the least-squares line through those samples rises by at most
 *   10 % of their mean);
 * - p99 latency of the last sample within 20 % of the first;
 * - no expired row older than one pruning interval (plus a grace for the run itself) in any
 *   sample taken after the first interval;
 * - no failed request.
 *
 * A short run (the CI profile) judges leaks, not latency: the reference heap is the median of the
 * three samples after warm-up, the end is the lowest of the last three (one sample taken just
 * after a burst of allocations must not fail it, a leak raises all three), the allowance is
 * 10 % + 1 MiB, the RSS trend may reach 25 % of the mean (RSS is noisy, and a run of two minutes
 * still sees the allocator settle), and p99 is reported but not judged. See docs/decisions.md, "Soak run".
 */

/**
 * @typedef {{ t: number, heapMiB: number, rssMiB: number, p50Ms: number, p99Ms: number,
 *   requests: number, errors: number, eldP99Ms: number,
 *   rows: Record<string, { rows: number, expired?: number, oldestExpiredS?: number }> }} Sample
 * @typedef {{ name: string, pass: boolean, judged: boolean, detail: string }} Check
 */

const MiB = 1;
const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const fixed = (/** @type {number} */ n, digits = 1) => n.toFixed(digits);

/** Slope (per second) of the least-squares line through `points`. */
function slope(/** @type {[number, number][]} */ points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/**
 * @param {Sample[]} samples
 * @param {{ short: boolean, warmUpS: number, referenceS: number, intervalS: number,
 *   graceS: number }} profile
 * @returns {Check[]}
 */
export function judge(samples, profile) {
  /** @type {Check[]} */
  const checks = [];
  const last = samples[samples.length - 1];
  const after = samples.filter((s) => s.t >= profile.referenceS);
  if (!last || after.length === 0) {
    return [{ name: "samples", pass: false, judged: true, detail: "too few samples to judge" }];
  }

  // Heap after GC.
  const reference = profile.short
    ? median(after.slice(0, 3).map((s) => s.heapMiB))
    : after[0].heapMiB;
  const end = profile.short ? Math.min(...samples.slice(-3).map((s) => s.heapMiB)) : last.heapMiB;
  const allowed = profile.short ? reference * 1.1 + 1 * MiB : reference * 1.2;
  checks.push({
    name: "heap",
    judged: true,
    pass: end <= allowed,
    detail: `heap after GC ${fixed(reference)} MiB at ${fixed(after[0].t / 60, 2)} min → ${fixed(end)} MiB at the end (${fixed(((end - reference) / reference) * 100)} %, allowed ≤ ${fixed(allowed)} MiB)`,
  });

  // RSS over the last half.
  const half = samples.filter((s) => s.t >= last.t / 2);
  const rssMean = half.reduce((s, x) => s + x.rssMiB, 0) / half.length;
  const rise = slope(half.map((s) => [s.t, s.rssMiB])) * (last.t - half[0].t);
  const share = profile.short ? 0.25 : 0.1;
  checks.push({
    name: "rss",
    judged: true,
    pass: half.length >= 3 && rise <= rssMean * share,
    detail: `RSS over the last half: ${fixed(half[0].rssMiB)} → ${fixed(last.rssMiB)} MiB, trend ${rise >= 0 ? "+" : ""}${fixed(rise)} MiB (allowed ≤ +${fixed(rssMean * share)}, ${share * 100} % of the mean)`,
  });

  // Latency, first vs last sample.
  const first = samples[0];
  const p99Change = (last.p99Ms - first.p99Ms) / first.p99Ms;
  checks.push({
    name: "p99",
    judged: !profile.short,
    pass: profile.short || Math.abs(p99Change) <= 0.2,
    detail: `p99 ${fixed(first.p99Ms)} ms in the first sample → ${fixed(last.p99Ms)} ms in the last (${fixed(p99Change * 100)} %${profile.short ? ", not judged in a short run" : ", allowed ±20 %"})`,
  });

  // Expired rows left behind.
  const limit = profile.intervalS + profile.graceS;
  let worst = { age: 0, table: "-", t: 0 };
  for (const sample of samples.filter((s) => s.t >= profile.intervalS)) {
    for (const [table, counts] of Object.entries(sample.rows)) {
      if ((counts.oldestExpiredS ?? 0) > worst.age) {
        worst = { age: counts.oldestExpiredS ?? 0, table, t: sample.t };
      }
    }
  }
  checks.push({
    name: "expired",
    judged: true,
    pass: worst.age <= limit,
    detail: `oldest expired row seen: ${fixed(worst.age)} s (${worst.table} at ${fixed(worst.t / 60, 2)} min; allowed ≤ ${fixed(limit)} s: interval ${profile.intervalS} s + ${profile.graceS} s grace)`,
  });

  const requests = samples.reduce((s, x) => s + x.requests, 0);
  const errors = samples.reduce((s, x) => s + x.errors, 0);
  checks.push({
    name: "errors",
    judged: true,
    pass: errors === 0,
    detail: `${errors} failed actions in ${requests} requests`,
  });
  return checks;
}
