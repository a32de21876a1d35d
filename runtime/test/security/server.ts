import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { memoryAdapter } from "../../src/adapters/memory.js";
import type { EmailConfig } from "../../src/providers/types.js";
import { SolidAuth } from "../../src/solid-start/index.js";
import type { AuthConfig } from "../../src/types.js";
import { express5, startApp } from "../express/app.js";
import { fastify5, startFastifyApp } from "../fastify/app.js";
import { HttpTestClient, testConfig } from "../helpers.js";
import { startHonoApp } from "../hono/app.js";
import { solidListener } from "../support/solid-listener.js";

export interface Served {
  origin: string;
  /** A fresh browser (its own cookie jar) against this server. */
  client(): HttpTestClient;
  close(): Promise<void>;
}

/** The frameworks `serve()` can put in front of the runtime. */
export type Framework = "express" | "fastify" | "hono" | "solid-start";

/** Every framework, for `describe.each`. */
export const frameworks: Framework[] = ["express", "fastify", "hono", "solid-start"];

export interface ServeOptions {
  /** Express's `trust proxy` or Fastify's `trustProxy` (Hono has no such setting). */
  trustProxy?: boolean;
  /** The app parses bodies itself (Express's parsers, a Fastify form parser, a Hono middleware). */
  bodyParsers?: boolean;
  /** Default `express` (Express 5). */
  framework?: Framework;
}

/**
 * The runtime behind a real server on 127.0.0.1: by default Express 5 (the app of
 * `express/app.ts`: the handler on `/auth`, `requireAuth` on `/me`, `/account`, `/admin/*`,
 * `/team/*`), or the same app on Fastify 5 (`fastify/app.ts`) or Hono (`hono/app.ts`), or
 * `SolidAuth` on /auth bridged as SolidStart does it (`support/solid-listener.ts`). Rate
 * limiting is off unless the config turns it on: every attack here comes from 127.0.0.1, and a
 * 429 would hide the outcome under test (rate limiting has its own tests).
 */
export async function serve(config: AuthConfig, options: ServeOptions = {}): Promise<Served> {
  const { framework = "express", trustProxy, bodyParsers } = options;
  const limited: AuthConfig = { rateLimit: false, ...config };
  const app =
    framework === "solid-start"
      ? await startSolid(limited)
      : framework === "fastify"
        ? await startFastifyApp(fastify5, limited, {
            prefix: "/auth",
            trustProxy,
            formParser: bodyParsers,
          })
        : framework === "hono"
          ? await startHonoApp(limited, {
              style: "route",
              mount: "/auth",
              readsBodies: bodyParsers,
            })
          : await startApp(express5, limited, { mount: "/auth", trustProxy, bodyParsers });
  return {
    origin: app.origin,
    close: async () => void (await app.close()),
    client: () => new HttpTestClient(app.origin),
  };
}

async function startSolid(config: AuthConfig) {
  const server = http.createServer(solidListener(SolidAuth({ ...config, prefix: "/auth" })));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
export function useServer(config: () => AuthConfig, options: ServeOptions = {}) {
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

/**
 * A memory adapter that `reset()` replaces with an empty one, behind one stable object a server's
 * configuration keeps (the config is resolved once per server), for a fresh database per test.
 */
export function swappableMemoryAdapter() {
  let current = memoryAdapter();
  const adapter = new Proxy({} as ReturnType<typeof memoryAdapter>, {
    get: (_target, key) => current[key as keyof typeof current],
  });
  return {
    adapter,
    reset: () => {
      current = memoryAdapter();
    },
  };
}
