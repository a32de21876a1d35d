import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { inject } from "vitest";
import { copyFixture, runBin } from "./cli.js";

/** npm from the shared cache, failing fast instead of retrying. */
export const npmEnv = { npm_config_prefer_offline: "true", npm_config_fetch_retries: "0" };

/**
 * `create-auth init --yes --no-git-check` in `dir` with `flags`, installing the runtime packed
 * for this run from npm's shared cache.
 */
export function initWithPackedRuntime(
  dir: string,
  flags: string[],
  env: Record<string, string> = {},
) {
  return runBin(
    [
      "init",
      "--cwd",
      dir,
      "--yes",
      ...flags,
      "--no-git-check",
      "--runtime-spec",
      inject("runtimeTarball"),
    ],
    { env: { ...npmEnv, ...env } },
  );
}

/** Commits the fixture's current state, so `tree` before/after compares what git would. */
export function commit(dir: string, { init = false } = {}) {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
  if (init) git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "change");
}

/** A new app in a temporary folder named after `prefix`, with `files` (path → text). */
export function writeApp(prefix: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export function editPackageJson(
  dir: string,
  change: (pkg: {
    dependencies: Record<string, string>;
    packageManager?: string;
    scripts?: Record<string, string>;
  }) => void,
) {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  change(pkg);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
}

/** `init --providers github --yes` in `dir`, as the built bin, with npm failing fast. */
export const initGithub = (dir: string, flags: string[], env: Record<string, string> = {}) =>
  runBin(["init", "--cwd", dir, "--providers", "github", "--yes", ...flags], {
    env: { ...npmEnv, ...env },
  });

/**
 * Runs commands in an app as its developer would type them (npm from the shared cache), with
 * `env` added; throws with the command's output when it fails.
 */
export function commandsIn(dir: () => string, env: Record<string, string> = {}) {
  return (command: string, args: string[], extra: Record<string, string> = {}) => {
    try {
      return execFileSync(command, args, {
        cwd: dir(),
        encoding: "utf8",
        stdio: "pipe",
        env: { ...process.env, ...npmEnv, ...env, ...extra },
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`${command} ${args.join(" ")} failed:\n${stdout}\n${stderr}`);
    }
  };
}

/**
 * The Express 4 app with a local dependency whose install script fails, as a native addon's
 * build does: resolving succeeds (scripts do not run), the real install fails.
 */
export function appWithFailingBuild(): string {
  const dir = copyFixture("express4-cjs-js");
  mkdirSync(join(dir, "native-addon"));
  writeFileSync(
    join(dir, "native-addon/package.json"),
    JSON.stringify({
      name: "native-addon",
      version: "1.0.0",
      scripts: { install: "echo 'gyp ERR! build error' >&2; exit 1" },
    }),
  );
  editPackageJson(dir, (pkg) => {
    pkg.dependencies["native-addon"] = "file:native-addon";
  });
  commit(dir);
  return dir;
}
