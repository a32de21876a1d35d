import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;

interface Figure {
  median: number;
  failed: number;
}

// The benchmark itself is run by hand (`npm run bench`) on a quiet machine: here it only has to
// work, so the harness cannot rot between runs. No figure is judged, only that both apps served.
describe("the benchmark harness", () => {
  it("runs a quick pass of three scenarios against both apps, the Fastify and Hono apps, database sessions (PostgreSQL, PGlite) and password sign-ins, with no failed request", () => {
    const run = spawnSync(
      process.execPath,
      [
        "bench/run.mjs",
        "--quick",
        "--only",
        "public,session,oidc,fastify,hono,db-protected,db-session,db-oidc,pglite,password",
      ],
      { cwd: root, encoding: "utf8", timeout: 600_000 },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const output = JSON.parse(readFileSync(`${root}bench/results.local.json`, "utf8"));
    expect(output.mode).toBe("quick");
    for (const scenario of ["public", "session", "oidc", "db-protected", "db-session", "db-oidc"]) {
      const { ours, theirs } = output.results[scenario] as { ours: Figure; theirs: Figure };
      expect(ours.median, scenario).toBeGreaterThan(0);
      expect(theirs.median, scenario).toBeGreaterThan(0);
      expect(ours.failed + theirs.failed, scenario).toBe(0);
    }
    // Ours on embedded PGlite: its protected route served (the bare route's round may fall
    // while PGlite still drains the protected round's queue on a busy machine).
    const pglite = output.results.pglite as { ours: Figure; bare: Figure };
    expect(pglite.ours.median, "pglite").toBeGreaterThan(0);
    expect(pglite.ours.failed + pglite.bare.failed, "pglite").toBe(0);
    // The Fastify and Hono apps (ours only): the protected route and the framework's bare route.
    for (const scenario of ["fastify", "hono"]) {
      const { ours, bare } = output.results[scenario] as { ours: Figure; bare: Figure };
      expect(ours.median, scenario).toBeGreaterThan(0);
      expect(bare.median, scenario).toBeGreaterThan(0);
      expect(ours.failed + bare.failed, scenario).toBe(0);
    }
    // Password sign-ins (ours only) and scrypt alone in the same app: both ran, and the
    // sign-ins all ended signed in.
    const password = output.results.password as {
      ours: Figure & { cpuUsPerOp: number };
      hash: Figure & { cpuUsPerOp: number };
      restVsHash: number;
    };
    expect(password.ours.median, "password").toBeGreaterThan(0);
    expect(password.ours.failed, "password").toBe(0);
    expect(password.hash.median, "password").toBeGreaterThan(0);
    expect(password.hash.cpuUsPerOp, "password").toBeGreaterThan(0);
    expect(Number.isFinite(password.restVsHash), "password").toBe(true);
  }, 660_000);
});
