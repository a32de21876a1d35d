import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { execa } from "execa";
import { inject } from "vitest";
import { cleanEnv } from "../../runtime/test/support/fixture-app.js";
import { freePort, type StartedProcess, waitForHttp } from "../../runtime/test/support/process.js";
import { bin } from "./cli.js";

// What the corpus tests (projects made by real generators) share: how they run the projects'
// own tools, which scripts they compare before and after init, and how they see that a second
// init changed nothing.

/** One npm cache for everything (the user's), and the registry only for what it does not hold. */
export const npmEnv = {
  ...cleanEnv(),
  CI: "true",
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};

/** Runs a command the way a developer would in `cwd`, never throwing: the result says. */
export const run = (
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
) =>
  execa(command, args, {
    cwd,
    env: { ...npmEnv, ...env },
    extendEnv: false,
    reject: false,
    all: true,
  });

/** `create-auth init --yes` in `dir` with `flags` and the runtime packed for this run. */
export const initPacked = (dir: string, flags: string[], env: Record<string, string> = {}) =>
  run(
    process.execPath,
    [bin, "init", "--yes", ...flags, "--runtime-spec", inject("runtimeTarball")],
    dir,
    env,
  );

/** Every file of the project but its dependencies and git data, with a hash of its content. */
export function hashes(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      if (entry === "node_modules" || entry === ".git") continue;
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else
        files[relative(dir, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  walk(dir);
  return files;
}

export type ScriptResults = Record<string, { passed: boolean; output: string }>;

/**
 * The project's own scripts among `names`, each with whether it passed: one after another in that
 * order, or all at once with `together` (only where none writes what another reads).
 */
export async function runOwnScripts(
  dir: string,
  names: readonly string[],
  { env = {}, together = false }: { env?: Record<string, string>; together?: boolean } = {},
): Promise<ScriptResults> {
  const { scripts = {} } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const runScript = async (script: string) => {
    const result = await run("npm", ["run", script], dir, env);
    return [script, { passed: result.exitCode === 0, output: result.all ?? "" }] as const;
  };
  const present = names.filter((name) => scripts[name]);
  const results = [];
  if (together) results.push(...(await Promise.all(present.map(runScript))));
  else for (const script of present) results.push(await runScript(script));
  return Object.fromEntries(results);
}

/** Which scripts passed, for comparing runs. */
export const outcomes = (results: ScriptResults) =>
  Object.fromEntries(Object.entries(results).map(([script, { passed }]) => [script, passed]));

/**
 * `npm start` on a free port, in a process group of its own: stopping it ends npm, its shell
 * and the app.
 */
export async function npmStart(
  dir: string,
  /** More of the environment, for the app at `origin` (`AUTH_URL` where one deploys). */
  env: (origin: string) => Record<string, string> = () => ({}),
) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn("npm", ["start"], {
    cwd: dir,
    env: { ...npmEnv, ...env(origin), PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const app: StartedProcess = {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        process.kill(-child.pid!, "SIGTERM");
      }),
  };
  try {
    await waitForHttp(origin, app);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return { ...app, origin };
}
