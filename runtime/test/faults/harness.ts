/**
 * The fault suite's rig: three real app processes (Express, or SolidStart's handlers, app.ts) behind a round-robin HTTP balancer (in the
 * test process), sharing a fresh PostgreSQL database, Redis, a real SMTP server and a mock
 * OpenID provider, each reached through its own TCP fault proxy (support/fault-proxy.ts). A
 * {@link Visitor} is one browser behind the balancer: a cookie jar, and every answer recorded
 * with its latency. No request waits longer than {@link REQUEST_CAP_MS}: past it the visitor
 * records "no answer" (status 0), which the scenarios treat as a failure to settle.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrate } from "../../src/adapters/postgres/index.js";
import { DATABASE_URL } from "../adapters/database.js";
import { type CapturedMail, linkIn, startSmtpServer } from "../email/smtp.js";
import { SECRET, TestClient } from "../helpers.js";
import { startMockOP } from "../oauth/mock-op.js";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.js";
import { type StartedProcess, startProcess } from "../support/process.js";
import { type FaultFramework, faultApp } from "./app.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
/** The machine's Redis, as the other Redis suites find it. */
const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
const CLIENT_ID = "fault-client";
const CLIENT_SECRET = "fault-client-secret-0123456789";

/** The harness's cap on one request: far above every documented bound, so only a hang hits it. */
export const REQUEST_CAP_MS = 15_000;

export type Dependency = "postgres" | "redis" | "smtp" | "op";

/** A request carrying this header goes to that instance instead of the next in turn. */
const PIN_HEADER = "x-fault-instance";

/** One answer a visitor got: `status` 0 is no answer within the cap (or a network error). */
export interface Sample {
  label: string;
  path: string;
  status: number;
  ms: number;
}

export interface Rig {
  /** The balancer's origin (what a browser talks to). */
  origin: string;
  proxies: Record<Dependency, FaultProxy>;
  /** Direct to the database (no proxy): data checks. */
  pool: pg.Pool;
  /** Every answer any visitor got, in order. */
  samples: Sample[];
  /** The label stamped on samples from now on (the scenario and its phase). */
  label: string;
  /** A new browser; `pin` keeps it on one instance. */
  visitor(pin?: number): Visitor;
  /** The next mail sent to `email` (waits up to `ms`), or undefined. */
  mailTo(email: string, ms?: number): Promise<CapturedMail | undefined>;
  /** Tells the mock OP the nonce the token response for `code` must carry. */
  expectNonce(code: string, nonce: string | undefined): void;
  opIssuer: string;
  close(): Promise<void>;
}

/** A browser behind the balancer; `pin` sends every request to one instance (0, 1 or 2). */
export class Visitor extends TestClient {
  constructor(
    private readonly rig: Rig,
    readonly pin?: number,
  ) {
    super({ providers: [] }, rig.origin);
  }

  protected override async send(request: Request): Promise<Response> {
    if (this.pin !== undefined) request.headers.set(PIN_HEADER, String(this.pin));
    const started = performance.now();
    const path = new URL(request.url).pathname;
    const record = (status: number) =>
      this.rig.samples.push({
        label: this.rig.label,
        path,
        status,
        ms: Math.round(performance.now() - started),
      });
    try {
      const response = await fetch(request, {
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_CAP_MS),
      });
      // Read the body within the cap too, then hand back a response that holds it.
      const body = await response.arrayBuffer();
      record(response.status);
      return new Response(response.status === 204 ? null : body, {
        status: response.status,
        headers: response.headers,
      });
    } catch (error) {
      record(0);
      return new Response(`no answer: ${(error as Error).message}`, { status: 599 });
    }
  }

  /** `/auth/session`: its status, and the signed-in user's name (undefined when none). */
  async sessionState(): Promise<{ status: number; user?: string }> {
    const response = await this.request("/auth/session");
    const text = await response.text();
    if (response.status !== 200) return { status: response.status };
    const body = JSON.parse(text) as { user?: { name?: string; email?: string } } | null;
    return { status: 200, user: body?.user?.email ?? body?.user?.name };
  }

  /** A credentials sign-in; true when it signed in. */
  async credentials(username: string): Promise<boolean> {
    const response = await this.signInWithCredentials({ username });
    return response.status === 302 && !response.headers.get("location")?.includes("error=");
  }

  /** Asks for a sign-in link; true when the app says it was sent. */
  async requestLink(email: string): Promise<boolean> {
    const csrfToken = await this.csrfToken();
    const response = await this.request("/auth/signin/email", { form: { email, csrfToken } });
    return response.headers.get("location")?.includes("/auth/verify-request") ?? false;
  }

  /** Asks for a link to `email` and visits it; true when it signed in. */
  async emailSignIn(email: string): Promise<boolean> {
    if (!(await this.requestLink(email))) return false;
    const mail = await this.rig.mailTo(email);
    return mail !== undefined && (await this.visitLink(mail));
  }

  /** Visits a sign-in link; true when it signed in. */
  async visitLink(mail: CapturedMail): Promise<boolean> {
    const link = linkIn(mail);
    const response = await this.request(`${link.pathname}${link.search}`);
    return response.status === 302 && !response.headers.get("location")?.includes("error=");
  }

  /** A sign-in with the OpenID provider (its authorization step answered as the OP would). */
  async openId(): Promise<boolean> {
    const csrfToken = await this.csrfToken();
    const start = await this.request("/auth/signin/mock", { form: { csrfToken } });
    const location = start.headers.get("location");
    if (!location?.startsWith(this.rig.opIssuer)) return false;
    const params = new URL(location).searchParams;
    const code = crypto.randomUUID();
    this.rig.expectNonce(code, params.get("nonce") ?? undefined);
    const query = new URLSearchParams({
      code,
      state: params.get("state") ?? "",
      iss: this.rig.opIssuer,
    });
    const callback = await this.request(`/auth/callback/mock?${query}`);
    return callback.status === 302 && !callback.headers.get("location")?.includes("error=");
  }
}

/** A round-robin HTTP balancer in front of `targets` (ports). */
async function startBalancer(targets: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((req, res) => {
    const pinned = Number(req.headers[PIN_HEADER] ?? Number.NaN);
    const port = targets[Number.isInteger(pinned) ? pinned : next++ % targets.length]!;
    const upstream = httpRequest(
      { host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        answer.on("error", () => res.destroy());
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // A fault ends connections abruptly: each side's error ends the exchange, never the process.
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.on("error", () => upstream.destroy());
    res.on("error", () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function createDatabase(): Promise<{ name: string; url: string }> {
  const name = `faults_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/**
 * Starts the whole rig; `bounds: "short"` tightens the runtime's time bounds in the app,
 * `sessionCache` turns `postgresDatabase({ sessionCache })` on in every instance.
 */
export async function startRig(options: {
  bounds: "short" | "defaults";
  framework: FaultFramework;
  sessionCache?: boolean;
}): Promise<Rig> {
  const database = await createDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  await migrate(pool);
  const smtp = await startSmtpServer();
  const op = await startMockOP({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const postgres = new URL(DATABASE_URL);
  const proxies: Record<Dependency, FaultProxy> = {
    postgres: await startFaultProxy({
      host: postgres.hostname,
      port: Number(postgres.port || 5432),
    }),
    redis: await startFaultProxy({
      host: REDIS_URL.hostname,
      port: Number(REDIS_URL.port || 6379),
    }),
    smtp: await startFaultProxy({ port: smtp.port }),
    op: await startFaultProxy({ port: Number(new URL(op.issuer).port) }),
  };
  const proxiedDatabase = new URL(database.url);
  proxiedDatabase.host = `127.0.0.1:${proxies.postgres.port}`;

  const proxiedRedis = new URL(REDIS_URL);
  proxiedRedis.host = `127.0.0.1:${proxies.redis.port}`;
  // A database index of its own, so counts never meet another suite's.
  proxiedRedis.pathname = "/7";

  mkdirSync(join(root, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(root, ".tmp", "faults-"));
  writeFileSync(join(dir, "app.mjs"), faultApp(options.framework));
  const env = {
    NODE_ENV: "test",
    AUTH_SECRET: SECRET,
    BOUNDS: options.bounds,
    SESSION_CACHE: options.sessionCache ? "on" : "off",
    DATABASE_URL: proxiedDatabase.toString(),
    REDIS_URL: proxiedRedis.toString(),
    SMTP_URL: `smtp://127.0.0.1:${proxies.smtp.port}`,
    OP_ISSUER: op.issuer,
    OP_CLIENT_ID: CLIENT_ID,
    OP_CLIENT_SECRET: CLIENT_SECRET,
    OP_TOKEN_URL: `http://127.0.0.1:${proxies.op.port}/token`,
  };
  const instances: StartedProcess[] = [];
  const ports: number[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const started = await startProcess(process.execPath, ["app.mjs"], {
        cwd: dir,
        env,
        ready: /LISTENING (\d+)/,
      });
      instances.push(started);
      ports.push(Number(started.match[1]));
    }
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw error;
  }
  const balancer = await startBalancer(ports);
  const origin = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;

  // Mails a scenario has taken already.
  const taken = new Set<CapturedMail>();
  const rig: Rig = {
    origin,
    proxies,
    pool,
    samples: [],
    label: "setup",
    opIssuer: op.issuer,
    visitor: (pin) => new Visitor(rig, pin),
    async mailTo(email, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const mail = smtp.messages.find((m) => !taken.has(m) && m.to.includes(email));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    expectNonce(code, nonce) {
      if (nonce) op.state.nonceByCode.set(code, nonce);
    },
    async close() {
      const closed = new Promise<void>((resolve) => balancer.close(() => resolve()));
      balancer.closeAllConnections();
      await closed;
      await Promise.all(instances.map((instance) => instance.stop()));
      await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
      await smtp.close();
      await op.close();
      await pool.end();
      rmSync(dir, { recursive: true, force: true });
      await dropDatabase(database.name);
    },
  };
  // Warm each instance up (its first Redis and PostgreSQL connections) before any scenario: on a
  // busy machine a first connection can outlast the short bounds, which no fault caused.
  for (const instance of [0, 1, 2]) {
    const deadline = Date.now() + 30_000;
    while (!(await rig.visitor(instance).credentials(`warm-up-${instance}`))) {
      if (Date.now() > deadline) throw new Error(`instance ${instance} never signed in`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return rig;
}
