import autocannon from "autocannon";
import { cpuMs } from "./processes.mjs";

/**
 * Fixed-connection HTTP load on one path of one app, with autocannon in this process and the
 * app in its own: throughput counts 2xx answers only (an error page must not look fast), and
 * the app's CPU per request is read from inside it, a figure other load on the machine
 * disturbs less than throughput.
 *
 * @param {import("./processes.mjs").Child} app
 * @param {{ path: string, connections: number, seconds?: number, amount?: number,
 *   cookies?: string[] }} options `cookies` are cycled, one per request
 */
export async function measureLoad(app, { path, connections, seconds, amount, cookies }) {
  const before = await app.stats();
  const result = await autocannon({
    url: app.url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    requests: (cookies ?? [undefined]).map((cookie) => ({
      method: "GET",
      path,
      headers: cookie ? { cookie } : {},
    })),
  });
  const after = await app.stats();
  const ok = result["2xx"];
  return {
    perSecond: ok / result.duration,
    requests: ok,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuUsPerOp: (cpuMs(before, after) * 1000) / Math.max(ok, 1),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
  };
}
