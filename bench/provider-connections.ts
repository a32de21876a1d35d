/**
 * Bench note (not part of `npm run bench`): what a fresh connection per provider request costs,
 * against a local HTTP and HTTPS token endpoint. Run: `npx tsx bench/provider-connections.ts`.
 * Each figure is the time of one form-encoded POST answered with a small JSON body (a token
 * request's shape), sequential, after a warm-up: `fetch` reusing a kept-alive connection (the
 * runtime before), and `freshConnectionFetch` (a new TCP, and TLS, connection each time).
 * On loopback the difference is the handshake's CPU; over a network add one round trip for TCP
 * and one for TLS 1.3 per request.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttp, type RequestListener } from "node:http";
import { createServer as createHttps } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshConnectionFetch } from "../runtime/src/oauth/fresh-connection.js";

const ROUNDS = Number(process.env.ROUNDS ?? 2000);
const answer: RequestListener = (req, res) => {
  req.resume();
  req.on("end", () => {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({ access_token: "a".repeat(40), token_type: "bearer", expires_in: 3600 }),
    );
  });
};

if (!process.env.PROVIDER_BENCH_DIR) {
  // A self-signed certificate for 127.0.0.1; fetch and node:https read an extra CA only at
  // start-up, so the measurement runs in a child started with it.
  const dir = mkdtempSync(join(tmpdir(), "provider-connections-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "1"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  try {
    execFileSync(process.execPath, process.execArgv.concat(process.argv.slice(1)), {
      stdio: "inherit",
      env: { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, "cert.pem"), PROVIDER_BENCH_DIR: dir },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
const dir = process.env.PROVIDER_BENCH_DIR;

async function measure(url: string, fetchImpl: typeof fetch) {
  const body = new URLSearchParams({ grant_type: "authorization_code", code: "c" });
  const once = async () => {
    const response = await fetchImpl(url, { method: "POST", body });
    await response.json();
  };
  for (let i = 0; i < 100; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(3);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

const servers = {
  http: createHttp(answer),
  https: createHttps(
    { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
    answer,
  ),
};
for (const [scheme, server] of Object.entries(servers)) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  console.log(`${scheme}: fetch, kept-alive connection: ${await measure(url, fetch)}`);
  console.log(
    `${scheme}: a fresh connection each:      ${await measure(url, freshConnectionFetch)}`,
  );
  server.close();
  server.closeAllConnections();
}
