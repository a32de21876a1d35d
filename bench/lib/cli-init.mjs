import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, round, spread } from "./stats.mjs";

/**
 * Scenario (8), ours only: wall time of
 * `node bin/create-auth.js init --yes --dry-run --providers github,credentials --cwd <copy>`
 * on a fresh copy of `test/fixtures/express5-ts-split` each run, as a user would start it
 * (a new Node process: start-up and module loading are part of what a user waits for).
 * One unrecorded run first, so the file cache is warm for every recorded one.
 *
 * @param {string} root the repository root (with `dist/` built)
 * @param {{ cliRuns: number, log: (line: string) => void }} settings
 */
export async function runCliInit(root, { cliRuns, log }) {
  const times = [];
  for (let run = -1; run < cliRuns; run++) {
    const dir = await mkdtemp(join(tmpdir(), "create-auth-bench-"));
    try {
      const project = join(dir, "app");
      await cp(join(root, "test/fixtures/express5-ts-split"), project, { recursive: true });
      const args = ["bin/create-auth.js", "init", "--yes", "--dry-run"];
      args.push("--providers", "github,credentials", "--cwd", project);
      const start = performance.now();
      await new Promise((resolve, reject) => {
        execFile(
          process.execPath,
          args,
          { cwd: root, env: { ...process.env, CI: "true" }, timeout: 60_000 },
          (error, stdout, stderr) =>
            error
              ? reject(new Error(`init failed: ${error.message}\n${stdout}${stderr}`))
              : resolve(stdout),
        );
      });
      const elapsed = performance.now() - start;
      if (run >= 0) {
        times.push(elapsed);
        log(`    run ${run + 1}: ${elapsed.toFixed(0)} ms`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return {
    ours: {
      median: round(median(times)),
      spread: round(spread(times), 2),
      failed: 0,
      samples: times.map((t) => round(t)),
    },
  };
}
