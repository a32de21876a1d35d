import { fork } from "node:child_process";
import { createServer } from "node:net";

const OUTPUT_LIMIT = 8192;

/** A port nothing listens on right now (the OP must know the apps' callback URLs up front). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * A server started in its own Node process (`apps/*.mjs`), talking to us over IPC.
 * @typedef {{ name: string, pid: number, port: number, url: string, output: () => string,
 *   stats: (options?: { gc?: boolean }) => Promise<{ cpu: NodeJS.CpuUsage,
 *   memory: NodeJS.MemoryUsage }>, ask: (message: Record<string, unknown>) => Promise<any>,
 *   stop: () => Promise<void> }} Child
 */

/**
 * Forks `file` with `env` and resolves once it reports that it listens. Its output is kept
 * (the last 8 KiB) for error messages and always drained, so a chatty child never blocks.
 *
 * @param {string} name
 * @param {string} file
 * @param {Record<string, string>} env
 * @returns {Promise<Child>}
 */
export function startChild(name, file, env, timeoutMs = 30_000) {
  const child = fork(file, [], {
    env: { ...process.env, ...env },
    execArgv: [
      "--expose-gc",
      ...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    ],
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const keep = (/** @type {Buffer} */ chunk) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let nextId = 0;
  const waiting = new Map();
  child.on("message", (/** @type {any} */ message) => {
    if (typeof message?.id === "number") waiting.get(message.id)?.(message);
  });
  /** Sends `{ type, id }` and resolves with the child's answer carrying the same id. */
  const ask = (/** @type {Record<string, unknown>} */ message) =>
    new Promise((done) => {
      const id = nextId++;
      waiting.set(id, (/** @type {any} */ answer) => {
        waiting.delete(id);
        done(answer);
      });
      child.send({ ...message, id });
    });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
    });
    child.on("message", (/** @type {any} */ message) => {
      if (message?.type !== "ready") return;
      clearTimeout(timer);
      resolve({
        name,
        pid: /** @type {number} */ (child.pid),
        port: message.port,
        url: `http://127.0.0.1:${message.port}`,
        output: () => output,
        stats: ({ gc = false } = {}) =>
          ask({ type: "stats", gc }).then((/** @type {any} */ answer) => ({
            cpu: answer.cpu,
            memory: answer.memory,
          })),
        ask,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

/** CPU milliseconds (user + system) a child used between two `stats()` samples. */
export function cpuMs(
  /** @type {{ cpu: NodeJS.CpuUsage }} */ before,
  /** @type {{ cpu: NodeJS.CpuUsage }} */ after,
) {
  return (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
}
