import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative } from "node:path";
import { type InitOptions, init } from "../../src/commands/init.js";
import type { CliError } from "../../src/errors.js";
import { Asker, type Choice, type Prompter } from "../../src/ui/ask.js";
import type { Io } from "../../src/ui/io.js";
import { Output } from "../../src/ui/output.js";

const fixtures = new URL("../fixtures/", import.meta.url).pathname;
export const bin = new URL("../../bin/create-auth.js", import.meta.url).pathname;
const temporary: string[] = [];

/** A copy of a fixture in a temp folder, committed in a git repository of its own. */
export function copyFixture(name: string, git = true): string {
  const dir = mkdtempSync(join(tmpdir(), `cli-${name}-`));
  temporary.push(dir);
  cpSync(join(fixtures, name), dir, { recursive: true });
  if (git) {
    const run = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
    run("init", "-q");
    run("-c", "user.email=t@t", "-c", "user.name=t", "add", "-A");
    run("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture");
  }
  return dir;
}

export function removeTemporary(): void {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Every file below `dir` (except .git and node_modules) with its content. */
export function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      if (entry === ".git" || entry === "node_modules") continue;
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, "utf8");
    }
  };
  walk(dir);
  return files;
}

/** Answers given in order; a question nobody scripted fails the test. */
export function scriptedPrompter(answers: unknown[], asked: string[] = []): Prompter {
  const next = (message: string) => {
    asked.push(message);
    if (!answers.length) throw new Error(`Unexpected prompt: ${message}`);
    return answers.shift();
  };
  return {
    select: async (q) => next(q.message) as never,
    multiselect: async (q) => next(q.message) as never,
    text: async (q) => next(q.message) as string,
    password: async (q) => next(q.message) as string,
    confirm: async (q) => next(q.message) as boolean,
  };
}

export interface CommandRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document; tests assert on its shape.
  json: Record<string, any> | undefined;
}

export type InitRun = CommandRun;

/**
 * Runs a command in-process as the CLI would (same error reporting), capturing what it prints.
 * Without `interactive` nothing can be asked, as in CI.
 */
export async function runCommand(
  body: (io: Io) => Promise<number>,
  options: {
    json?: boolean;
    yes?: boolean;
    interactive?: { answers: unknown[]; asked?: string[] };
  } = {},
): Promise<CommandRun> {
  let stdout = "";
  let stderr = "";
  const output = new Output({
    json: Boolean(options.json),
    color: false,
    sink: { out: (t) => (stdout += t), err: (t) => (stderr += t) },
  });
  const { interactive } = options;
  const asker = new Asker(
    Boolean(interactive),
    Boolean(options.yes),
    interactive ? scriptedPrompter(interactive.answers, interactive.asked) : undefined,
  );
  let exitCode: number;
  try {
    exitCode = await body({ output, asker });
  } catch (error) {
    const e = error as CliError & { reported?: boolean };
    if (!e.reported)
      output.document({
        ok: false,
        error: {
          code: e.code ?? "internal_error",
          message: e.message,
          ...(e.details ? { details: e.details } : {}),
        },
      });
    output.error(e.message);
    exitCode = e.exitCode ?? 1;
  }
  return { exitCode, stdout, stderr, json: options.json ? JSON.parse(stdout) : undefined };
}

/** Runs `init` in-process, as the CLI would, capturing everything it prints. */
export function runInit(
  options: Partial<InitOptions> & { cwd: string },
  interactive?: { answers: unknown[]; asked?: string[] },
): Promise<InitRun> {
  return runCommand((io) => init({ install: false, ...options } as InitOptions, io), {
    json: options.json,
    yes: options.yes,
    interactive,
  });
}

/**
 * Runs the bin the way an installed package runs it: through a symlink in node_modules/.bin
 * (what npm creates on POSIX) executed directly, so the kernel reads its shebang. `name` is
 * the bin's name (`create-auth` or `auth`).
 */
export function runInstalledBin(
  name: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "cli-bin-"));
  temporary.push(dir);
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  const link = join(dir, "node_modules/.bin", name);
  symlinkSync(bin, link);
  const result = spawnSync(link, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      CI: "true",
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}`,
      ...options.env,
    },
    encoding: "utf8",
  });
  return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the built bin as a user would (no TTY). */
export function runBin(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string } = {},
) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    env: { ...process.env, CI: "true", ...options.env },
    encoding: "utf8",
    input: options.input,
  });
  return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `runBin` without blocking this process: for a test that serves something the CLI calls (a
 * registry, a provider) from the test's own event loop.
 */
export async function runBinAsync(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
) {
  const { execa } = await import("execa");
  const result = await execa(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    env: { ...process.env, CI: "true", ...options.env },
    reject: false,
    stdin: "ignore",
  });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export type { Choice };
