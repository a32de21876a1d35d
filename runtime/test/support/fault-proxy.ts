/**
 * A TCP proxy for fault tests: put it between the app and a real dependency (PostgreSQL, Redis,
 * an SMTP or HTTP server) and switch what the network does, while the test runs:
 *
 * - `pass`: bytes flow both ways, as a direct connection.
 * - `refuse`: the dependency is down. The listener closes (new connections get ECONNREFUSED)
 *   and open connections are reset, as a stopped server's are.
 * - `stall`: the network goes silent without closing anything (a half-open connection, a
 *   partition): new connections are accepted, open ones stay open, and nothing is forwarded
 *   either way, FIN included. A connection stalled once stays stalled for good, even after
 *   `pass` (the hard case: its peer never comes back); only new connections work again.
 * - `slow`: each chunk is held `delayMs` before it is forwarded, one after the other in each
 *   direction (a burst of chunks is spread out, as on a congested link).
 * - `reset`: open connections are reset (RST) and new ones reset as soon as they are accepted.
 *
 * @example
 * ```ts
 * const proxy = await startFaultProxy({ port: 5432 });
 * const db = postgresDatabase(`postgres://postgres@127.0.0.1:${proxy.port}/test`);
 * proxy.set("stall"); // … db.query rejects with its time-out …
 * proxy.set("pass");  // … and works again
 * await proxy.close();
 * ```
 */
import net from "node:net";

export type FaultMode = "pass" | "refuse" | "stall" | "slow" | "reset";

export interface FaultProxyOptions {
  /** The dependency's port. */
  port: number;
  /** The dependency's host. Default 127.0.0.1. */
  host?: string;
  /** Initial mode. Default `pass`. */
  mode?: FaultMode;
  /** Delay of each chunk in `slow` mode, in milliseconds. Default 1 000. */
  delayMs?: number;
}

export interface FaultProxy {
  /** The port the proxy listens on (kept across `refuse` and back). */
  readonly port: number;
  /** The current mode. */
  readonly mode: FaultMode;
  /** Connections accepted so far (all modes). */
  readonly accepted: number;
  /** Switches mode; `delayMs` changes the `slow` delay. Resolves once the listener is in step. */
  set(mode: FaultMode, options?: { delayMs?: number }): Promise<void>;
  /** Resets every connection and stops listening. */
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream?: net.Socket;
  /** Stalled once: never forwards again. */
  stalled: boolean;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const host = options.host ?? "127.0.0.1";
  let mode: FaultMode = options.mode ?? "pass";
  let delayMs = options.delayMs ?? 1000;
  let accepted = 0;
  const pairs = new Set<Pair>();

  const kill = (pair: Pair) => {
    pairs.delete(pair);
    for (const socket of [pair.client, pair.upstream]) {
      if (socket && !socket.destroyed) socket.resetAndDestroy();
    }
  };

  /** Forwards `from` → `to` in the current mode; chunks in `slow` mode keep their order. */
  const pipe = (pair: Pair, from: net.Socket, to: () => net.Socket | undefined) => {
    let queue = Promise.resolve();
    from.on("data", (chunk) => {
      if (pair.stalled) return;
      const write = () => {
        const target = to();
        if (!pair.stalled && target && !target.destroyed) target.write(chunk);
      };
      if (mode !== "slow") {
        queue = queue.then(write);
        return;
      }
      const wait = delayMs;
      queue = queue
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, wait)))
        .then(write);
    });
    from.on("end", () => {
      queue.then(() => {
        const target = to();
        if (!pair.stalled && target && !target.destroyed) target.end();
      });
    });
  };

  // Half-open allowed: a FIN is forwarded by `pipe` (or, stalled, swallowed), never answered.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    accepted += 1;
    const pair: Pair = { client, stalled: mode === "stall" };
    pairs.add(pair);
    client.on("error", () => kill(pair));
    client.on("close", () => {
      if (!pair.stalled) kill(pair);
    });
    if (mode === "reset") {
      kill(pair);
      return;
    }
    if (pair.stalled) return;
    const upstream = net.connect({ host, port: options.port, allowHalfOpen: true });
    pair.upstream = upstream;
    upstream.on("error", () => kill(pair));
    upstream.on("close", () => {
      if (!pair.stalled) kill(pair);
    });
    pipe(pair, client, () => pair.upstream);
    pipe(pair, upstream, () => pair.client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  if (mode === "refuse") await stopListening();

  return {
    port,
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    async set(next, setOptions) {
      if (setOptions?.delayMs !== undefined) delayMs = setOptions.delayMs;
      mode = next;
      if (next === "stall") for (const pair of pairs) pair.stalled = true;
      if (next === "reset" || next === "refuse") for (const pair of [...pairs]) kill(pair);
      if (next === "refuse") await stopListening();
      else if (!server.listening) await listen(port);
    },
    async close() {
      for (const pair of [...pairs]) kill(pair);
      await stopListening();
    },
  };
}
