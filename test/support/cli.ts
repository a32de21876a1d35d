import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { type InitOptions, init } from "../../src/commands/init.js";
import { Asker, type Choice, type Prompter } from "../../src/ui/ask.js";
import { Output } from "../../src/ui/output.js";

const fixtures = new URL("../fixtures/", import.meta.url).pathname;
const bin = new URL("../../bin/create-auth.js", import.meta.url).pathname;
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

export interface InitRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  // biome-ignore lint/suspicious/noExplicitAny: a JSON document; tests assert on its shape.
  json: Record<string, any> | undefined;
}

/** Runs `init` in-process, as the CLI would, capturing everything it prints. */
export async function runInit(
  options: Partial<InitOptions> & { cwd: string },
  interactive?: { answers: unknown[]; asked?: string[] },
): Promise<InitRun> {
  let stdout = "";
  let stderr = "";
  const output = new Output({
    json: Boolean(options.json),
    color: false,
    sink: { out: (t) => (stdout += t), err: (t) => (stderr += t) },
  });
  const asker = new Asker(
    Boolean(interactive),
    Boolean(options.yes),
    interactive ? scriptedPrompter(interactive.answers, interactive.asked) : undefined,
  );
  let exitCode: number;
  try {
    exitCode = await init({ install: false, ...options } as InitOptions, { output, asker });
  } catch (error) {
    const e = error as { exitCode?: number; code?: string; message: string; reported?: boolean };
    if (!e.reported)
      output.document({
        ok: false,
        error: { code: e.code ?? "internal_error", message: e.message },
      });
    output.error(e.message);
    exitCode = e.exitCode ?? 1;
  }
  return { exitCode, stdout, stderr, json: options.json ? JSON.parse(stdout) : undefined };
}

/** Runs the built bin as a user would (no TTY). */
export function runBin(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    env: { ...process.env, CI: "true", ...options.env },
    encoding: "utf8",
  });
  return { exitCode: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export type { Choice };
