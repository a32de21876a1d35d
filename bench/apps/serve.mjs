import { createServer } from "node:http";

/**
 * Runs `handler` on 127.0.0.1:$PORT in this child process and answers the parent's IPC
 * questions. CPU and memory come from inside the process (`process.cpuUsage()`,
 * `process.memoryUsage()`) so each app is measured on its own, not with the load generator.
 *
 * @param {import("node:http").RequestListener} handler
 */
export function serve(handler) {
  const server = createServer(handler);
  // The load driver keeps its sockets across rounds, and each app sits idle while the other is
  // measured. With Node's default 5 s, a socket reused just as the server closes it fails the
  // request ("socket hang up"): a fault of the harness, not of either app.
  server.keepAliveTimeout = 60_000;
  server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
    process.send?.({ type: "ready", port });
  });
  process.on("message", (/** @type {{ type?: string, id?: number, gc?: boolean }} */ message) => {
    if (message?.type !== "stats") return;
    // A forced collection before sampling makes heap figures comparable between rounds.
    if (message.gc && globalThis.gc) globalThis.gc();
    process.send?.({
      type: "stats",
      id: message.id,
      cpu: process.cpuUsage(),
      memory: process.memoryUsage(),
    });
  });
  // The parent is gone (or crashed): never leave a server behind.
  process.on("disconnect", () => process.exit(0));
  process.on("SIGTERM", () => process.exit(0));
}
