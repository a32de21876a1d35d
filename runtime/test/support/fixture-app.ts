import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startDetached, waitForHttp } from "./process.js";

const fixtures = new URL("../fixtures/", import.meta.url).pathname;

/** This process's environment without the variables vitest adds (they switch build tools into test mode). */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(VITEST|TEST$|NODE_ENV$|FORCE_COLOR$)/.test(key))
      env[key] = value;
  }
  return env;
}

/**
 * A copy of `test/fixtures/<name>` in a temp folder, installed from its lockfile with the shared
 * npm cache, plus the packed runtime.
 */
export function installFixture(name: string, runtimeTarball: string, extra: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), `create-auth-${name}-`));
  cpSync(join(fixtures, name), dir, { recursive: true });
  const npm = (args: string[]) =>
    execFileSync(
      "npm",
      [...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
      { cwd: dir, stdio: "pipe" },
    );
  // `npm install` honours the committed lockfile; `npm ci` would refuse it because this
  // registry mirror lacks some other-platform optional packages (see docs/decisions.md).
  npm(["install"]);
  npm(["install", "--no-save", runtimeTarball, ...extra]);
  return {
    dir,
    /** Runs a command in the app as a developer would: production mode, none of vitest's variables. */
    run(command: string, args: string[], env: Record<string, string> = {}) {
      return execFileSync(command, args, {
        cwd: dir,
        stdio: "pipe",
        env: { ...cleanEnv(), NODE_ENV: "production", ...env },
      }).toString();
    },
    /** Starts the built Nitro server (`.output/server/index.mjs`) on a free loopback port. */
    async start(env: Record<string, string> = {}) {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const server = startDetached(process.execPath, [".output/server/index.mjs"], {
        cwd: dir,
        env: {
          ...cleanEnv(),
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          NITRO_HOST: "127.0.0.1",
          NITRO_PORT: String(port),
          // Production mode trusts no Host header: like a real deployment, name the public URL.
          AUTH_URL: origin,
          ...env,
        },
      });
      // Nitro 3 prints nothing under test runners, so poll instead of reading its log.
      await waitForHttp(origin, server);
      return { ...server, origin };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
