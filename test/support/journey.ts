import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, inject } from "vitest";
import { cleanEnv } from "../../runtime/test/support/fixture-app.js";
import { freePort, startDetached, waitForHttp } from "../../runtime/test/support/process.js";
import { runBin } from "./cli.js";

/** npm in a fixture project, from the shared cache. */
export const npm = (dir: string, args: string[]) =>
  execFileSync(
    "npm",
    [...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
    {
      cwd: dir,
      stdio: "pipe",
    },
  );

/** `init --yes --demo` as a user would run it, installing the packed runtime. */
export function initApp(dir: string, flags: string[]) {
  const result = runBin([
    "init",
    "--cwd",
    dir,
    "--yes",
    "--demo",
    "--runtime-spec",
    inject("runtimeTarball"),
    ...flags,
  ]);
  expect(result.exitCode, result.stderr + result.stdout).toBe(0);
  return result;
}

export function edit(dir: string, file: string, change: (text: string) => string) {
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));
}

/** Starts the app on a free loopback port and waits until it answers. */
export async function start(
  dir: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startDetached(command, args, {
    cwd: dir,
    env: { ...cleanEnv(), PORT: String(port), ...env },
  });
  await waitForHttp(origin, server, 90_000);
  return { origin, server };
}

/** Express 4 CommonJS fixture: a `/me` route behind `requireAuth` that answers the session. */
export function addMeRoute(dir: string) {
  edit(dir, "src/index.js", (text) =>
    text.replace(
      "const port = process.env.PORT",
      "const { requireAuth } = require('@create-auth/runtime/express')\napp.get('/me', requireAuth(authConfig), (req, res) => res.json(res.locals.session))\n\nconst port = process.env.PORT",
    ),
  );
}
