import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the bench, without types
import { judge } from "../bench/soak/verdict.mjs";

const root = new URL("..", import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), "soak-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface Check {
  name: string;
  pass: boolean;
  judged: boolean;
}

/** Samples every 10 s for 2 minutes, with `heap` and `rss` in MiB by time in seconds. */
function series(heap: (t: number) => number, rss: (t: number) => number, oldest = 2) {
  return Array.from({ length: 12 }, (_, i) => {
    const t = (i + 1) * 10;
    return {
      t,
      heapMiB: heap(t),
      rssMiB: rss(t),
      p50Ms: 5,
      p99Ms: 50 + (i % 3) * 40,
      requests: 1000,
      errors: 0,
      eldP99Ms: 20,
      rows: { sessions: { rows: 100, expired: 3, oldestExpiredS: oldest } },
    };
  });
}
const profile = { short: true, warmUpS: 40, referenceS: 40, intervalS: 5, graceS: 3 };
/** The judged checks that fail for a short run with these heap, RSS and expired-row series. */
const failing = (heap: (t: number) => number, rss: (t: number) => number, oldest = 2) =>
  (judge(series(heap, rss, oldest), profile) as Check[])
    .filter((check) => check.judged && !check.pass)
    .map((check) => check.name);
const flat = () => 13;
const steady = () => 110;

describe("the soak verdict (short profile)", () => {
  it("passes a flat run whatever its latency does, and fails a leak, a growing RSS and rows left expired", () => {
    expect(failing(flat, steady)).toEqual([]);
    // 13 → 25 MiB over the run: about 100 KiB of heap kept per second.
    expect(failing((t) => 13 + t / 10, steady)).toEqual(["heap"]);
    // One high sample at the end is not a leak: the lowest of the last three is judged.
    expect(failing((t) => (t === 120 ? 20 : 13), steady)).toEqual([]);
    expect(failing(flat, (t) => 100 + t)).toEqual(["rss"]);
    expect(failing(flat, steady, 30)).toEqual(["expired"]);
  });
});

// The 2-minute profile of `npm run soak` (the scaled-down issue 25 soak): both apps under the mixed
// workload, pruning every 5 s. It fails on growth (heap, RSS trend, expired rows left behind) and
// on any failed request, never on latency. About 2.3 minutes.
describe("npm run soak, 2-minute profile", () => {
  it("keeps heap, RSS and the auth tables flat under the mixed workload, with no failed request", () => {
    const prefix = join(out, "soak");
    const run = spawnSync(
      process.execPath,
      ["bench/soak/run.mjs", "--minutes", "2", "--out", prefix],
      { cwd: root, encoding: "utf8", timeout: 200_000 },
    );
    const verdict = readFileSync(`${prefix}.md`, "utf8");
    expect(run.status, `${verdict}\n${run.stderr}`).toBe(0);
    expect(verdict).toMatch(/— PASS/);
    const [header = "", ...lines] = readFileSync(`${prefix}.csv`, "utf8").trim().split("\n");
    const columns = header.split(",");
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(",").map((value, i) => [columns[i], value])),
    );
    for (const variant of ["database", "jwt"]) {
      const samples = rows.filter((row) => row.variant === variant);
      expect(samples.length, variant).toBeGreaterThanOrEqual(11);
      const last = samples[samples.length - 1];
      // Housekeeping ran, and the workload really left rows to prune.
      expect(Number(last.pruned_runs), variant).toBeGreaterThan(5);
      expect(
        Math.max(...samples.map((s) => Number(s.verification_token))),
        variant,
      ).toBeGreaterThan(0);
    }
    const database = rows.filter((row) => row.variant === "database");
    expect(Math.max(...database.map((s) => Number(s.sessions)))).toBeGreaterThan(0);
    const expired = database.map(
      (s) =>
        Number(s.sessions_expired) +
        Number(s.verification_token_expired) +
        Number(s.rate_limits_expired),
    );
    expect(Math.max(...expired)).toBeGreaterThan(0);
    expect(Math.max(...database.map((s) => Number(s.rate_limits)))).toBeGreaterThan(0);
    expect(readFileSync(`${prefix}.svg`, "utf8")).toMatch(
      /^<svg[^>]*>[\s\S]*Heap after GC[\s\S]*<\/svg>\n$/,
    );
  }, 240_000);
});
