import http from "node:http";
import { afterAll, beforeAll } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { EmailConfig } from "../../src/providers/types.js";
import type { AuthConfig } from "../../src/types.js";
import { express5, startApp } from "../express/app.js";
import { HttpTestClient, testConfig } from "../helpers.js";

export interface Served {
  origin: string;
  /** A fresh browser (its own cookie jar) against this server. */
  client(): HttpTestClient;
  close(): Promise<void>;
}

/**
 * The runtime behind a real Express 5 server on 127.0.0.1 (the app of `express/app.ts`: the
 * handler on `/auth`, `requireAuth` on `/me`, `/account`, `/admin/*`, `/team/*`). Rate limiting
 * is off unless the config turns it on: every attack here comes from 127.0.0.1, and a 429 would
 * hide the outcome under test (rate limiting has its own tests).
 */
export async function serve(
  config: AuthConfig,
  options: { trustProxy?: boolean; bodyParsers?: boolean } = {},
): Promise<Served> {
  const app = await startApp(
    express5,
    { rateLimit: false, ...config },
    {
      mount: "/auth",
      ...options,
    },
  );
  return { ...app, client: () => new HttpTestClient(app.origin) };
}

/**
 * The configuration most attacks run against: the test credentials provider plus magic links
 * through `mail` (an outbox provider), a memory adapter and JWT sessions. A new one per call.
 */
export function credentialsAndEmail(mail: EmailConfig): () => AuthConfig {
  return () =>
    testConfig({
      adapter: memoryAdapter(),
      session: { strategy: "jwt" },
      providers: [...testConfig().providers, mail],
    });
}

/** One server for the whole file: `server()` inside a test is the running one. */
export function useServer(
  config: () => AuthConfig,
  options: { trustProxy?: boolean; bodyParsers?: boolean } = {},
) {
  let served: Served;
  beforeAll(async () => {
    served = await serve(config(), options);
  });
  afterAll(() => served.close());
  return () => served;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** `Set-Cookie` names, in order. */
  cookieNames: string[];
}

/**
 * A request with the path, headers and body sent byte for byte: fetch would normalise the
 * path, set `Host` itself and refuse hostile header values.
 */
export function rawRequest(
  origin: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string | string[]>;
    body?: string | Buffer | (string | Buffer)[];
  },
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        insecureHTTPParser: true,
        // Browsers take far larger response headers than Node's 16 KiB default.
        maxHeaderSize: 1 << 20,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            cookieNames: (response.headers["set-cookie"] ?? []).map((line) => line.split("=")[0]!),
          }),
        );
      },
    );
    request.on("error", reject);
    const parts = options.body === undefined ? [] : [options.body].flat();
    for (const part of parts) request.write(part);
    request.end();
  });
}

/** A `Cookie` header from a client's jar (for raw requests that carry its session). */
export function cookieHeader(client: HttpTestClient): string {
  return [...client.jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
}
