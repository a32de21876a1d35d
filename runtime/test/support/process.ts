import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";

/** ANSI colour sequences (ESC [ … m), built from a string so the pattern holds no raw control character. */
const ansiColour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

export interface StartedProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts a long-running process and resolves once its output matches `ready` (fails with the
 * output so far if it exits first or takes longer than `timeoutMs`).
 */
export async function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<StartedProcess & { match: RegExpMatchArray }> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(
          `Timed out waiting for ${options.ready} from ${command} ${args.join(" ")}:\n${output}`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      // Strip colour codes: tools colourise their output when FORCE_COLOR is set (vitest sets it).
      output += chunk.toString().replace(ansiColour, "");
      const found = output.match(options.ready);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    child,
    match,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** `npm install` from the shared cache, quietly; throws with npm's output on failure. */
export function npmInstall(cwd: string, packages: string[]): void {
  execFileSync(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", ...packages],
    {
      cwd,
      stdio: "pipe",
    },
  );
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a process without waiting for any output; `env` is its whole environment when given. */
export function startDetached(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): StartedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        // A process killed by a signal has no exit code, only a signal code.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Resolves once `origin` answers HTTP at all; fails with the process output if it exits or times out. */
export async function waitForHttp(
  origin: string,
  process_: StartedProcess,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process_.child.exitCode !== null)
      throw new Error(`The server exited:\n${process_.output()}`);
    try {
      await fetch(origin, { redirect: "manual" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`No answer from ${origin} after ${timeoutMs} ms:\n${process_.output()}`);
}
