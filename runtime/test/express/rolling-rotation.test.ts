/**
 * A rolling secret rotation across three real Express processes sharing one PostgreSQL database,
 * for both session strategies (docs/secret.md). The secret comes from the environment, as in a
 * deployment: phase 1 restarts the instances one by one with `AUTH_SECRET_NEXT=new` (accepted,
 * never issued), phase 2 one by one with `AUTH_SECRET_1=new` (issued; the old one still accepted).
 * After every restart, with instances on different phases: a session signed in on any instance is
 * read by every instance (sessions from every earlier step too), a CSRF token from one instance is
 * accepted by another, a sign-in link requested on one instance works on another, and no response
 * ever clears a session cookie.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/adapters/postgres/index.js";
import { DATABASE_URL } from "../adapters/database.js";
import { setCookies, TestClient } from "../helpers.js";
import { type StartedProcess, startProcess } from "../support/process.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const OLD = "rolling-rotation-old-secret-0123456789abcdef";
const NEW = "rolling-rotation-new-secret-0123456789abcdef";
const SESSION = "authjs.session-token";

// Run from a folder inside the repository, so `@create-auth/runtime` resolves to the workspace
// package as built by the test run's global set-up (no install).
const app = `import express from "express";
import { ExpressAuth, getSession } from "@create-auth/runtime/express";
import Credentials from "@create-auth/runtime/providers/credentials";
import { postgresAdapter, postgresDatabase } from "@create-auth/runtime/adapters/postgres";

const config = {
  trustHost: true,
  adapter: postgresAdapter(postgresDatabase(process.env.DATABASE_URL)),
  session: { strategy: process.env.STRATEGY },
  providers: [
    Credentials({
      credentials: { username: {} },
      authorize: (c) => (typeof c.username === "string" ? { id: c.username, name: c.username } : null),
    }),
    {
      id: "email",
      type: "email",
      name: "Email",
      sendVerificationRequest: ({ identifier, url }) =>
        console.log("LINK " + JSON.stringify({ identifier, url })),
    },
  ],
};
const app = express();
app.use("/auth", ExpressAuth(config));
app.get("/me", async (req, res) => res.json(await getSession(req, config)));
const server = app.listen(0, "127.0.0.1", () => console.log("LISTENING " + server.address().port));
`;

/** What each instance runs with: the phase's secret variables. */
const phases = {
  before: { AUTH_SECRET: OLD },
  accept: { AUTH_SECRET: OLD, AUTH_SECRET_NEXT: NEW },
  promoted: { AUTH_SECRET: OLD, AUTH_SECRET_1: NEW },
} satisfies Record<string, Record<string, string>>;
type Phase = keyof typeof phases;

interface Instance {
  phase: Phase;
  process: StartedProcess;
  origin: string;
}

/**
 * One browser behind a load balancer: one cookie jar, each request sent to the instance chosen
 * (cookies ignore the port, as a browser's do). Every Set-Cookie that clears a session cookie is
 * recorded.
 */
class Browser extends TestClient {
  target = "";
  readonly clearedSessions: string[] = [];
  constructor() {
    super({ providers: [] }, "http://127.0.0.1");
  }

  on(instance: Instance): this {
    this.target = instance.origin;
    return this;
  }

  override async request(path: string, options = {}): Promise<Response> {
    const response = await super.request(path, options);
    for (const cookie of setCookies(response)) {
      if (cookie.name.startsWith(SESSION) && cookie.attributes["max-age"] === "0")
        this.clearedSessions.push(`${this.target}${path}: ${cookie.name}`);
    }
    return response;
  }

  protected override async send(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === "POST" ? await request.text() : undefined;
    return fetch(new URL(`${url.pathname}${url.search}`, this.target), {
      method: request.method,
      headers: request.headers,
      body,
      redirect: "manual",
    });
  }

  /** What `/auth/session` and the app's `getSession` say on `instance`. */
  async sessionOn(instance: Instance) {
    this.on(instance);
    const session = (await (await this.request("/auth/session")).json()) as {
      user?: { name?: string; email?: string };
    } | null;
    const me = (await (await this.request("/me")).json()) as typeof session;
    return { session, me };
  }
}

let dir: string;
let database: string;
let databaseUrl: string;

beforeAll(async () => {
  mkdirSync(join(root, ".tmp"), { recursive: true });
  dir = mkdtempSync(join(root, ".tmp", "rolling-rotation-"));
  writeFileSync(join(dir, "app.mjs"), app);
  database = `rotation_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl });
  await migrate(pool);
  await pool.end();
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

async function start(strategy: string, phase: Phase): Promise<Instance> {
  const process_ = await startProcess(process.execPath, ["app.mjs"], {
    cwd: dir,
    env: { DATABASE_URL: databaseUrl, STRATEGY: strategy, NODE_ENV: "test", ...phases[phase] },
    ready: /LISTENING (\d+)/,
  });
  return { phase, process: process_, origin: `http://127.0.0.1:${process_.match[1]}` };
}

describe.each([
  "jwt",
  "database",
])("a rolling rotation, %s sessions, three instances", (strategy) => {
  const instances: Instance[] = [];
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.process.stop()));
  });

  /** The sign-in link `instance` printed for `email`. */
  function linkFor(instance: Instance, email: string): URL {
    const lines = instance.process.output().match(/^LINK .+$/gm) ?? [];
    const sent = lines
      .map((line) => JSON.parse(line.slice(5)) as { identifier: string; url: string })
      .filter((link) => link.identifier === email);
    expect(sent, `a link to ${email} from ${instance.origin}`).toHaveLength(1);
    return new URL(sent[0]!.url);
  }

  it("keeps every session, CSRF token and sign-in link working at every step", async () => {
    for (let i = 0; i < 3; i++) instances.push(await start(strategy, "before"));
    const browsers: { browser: Browser; name: string }[] = [];
    const steps: Phase[] = ["accept", "accept", "accept", "promoted", "promoted", "promoted"];

    for (let step = 0; step <= steps.length; step++) {
      if (step > 0) {
        // Restart the next instance (round robin) on the next phase.
        const index = (step - 1) % 3;
        await instances[index]!.process.stop();
        instances[index] = await start(strategy, steps[step - 1]!);
      }
      const label = `step ${step} (${instances.map((instance) => instance.phase).join(", ")})`;

      for (let from = 0; from < 3; from++) {
        const to = (from + 1) % 3;
        // Credentials: the CSRF token from one instance, the sign-in POST to the next.
        const name = `user-${step}-${from}`;
        const credentials = new Browser();
        const csrfToken = await credentials.on(instances[from]!).csrfToken();
        const signIn = await credentials.on(instances[to]!).request("/auth/callback/credentials", {
          form: { username: name, csrfToken },
        });
        expect(signIn.status, `${label}: credentials from ${from} to ${to}`).toBe(302);
        expect(signIn.headers.get("location"), label).not.toContain("error=");
        browsers.push({ browser: credentials, name });

        // Email: the link requested on one instance (CSRF from a third), clicked on the next.
        const email = `user-${step}-${from}@example.com`;
        const emailBrowser = new Browser();
        const emailCsrf = await emailBrowser.on(instances[(from + 2) % 3]!).csrfToken();
        const sent = await emailBrowser.on(instances[from]!).request("/auth/signin/email", {
          form: { email, csrfToken: emailCsrf },
        });
        expect(sent.headers.get("location"), `${label}: email from ${from}`).toContain(
          "/auth/verify-request",
        );
        const link = linkFor(instances[from]!, email);
        const clicked = await emailBrowser
          .on(instances[to]!)
          .request(`${link.pathname}${link.search}`);
        expect(clicked.status, `${label}: link from ${from} clicked on ${to}`).toBe(302);
        expect(clicked.headers.get("location"), label).not.toContain("error=");
        browsers.push({ browser: emailBrowser, name: email });
      }

      // Every session made so far (at this step and all before) is read by every instance.
      for (const { browser, name } of browsers) {
        for (const instance of instances) {
          const { session, me } = await browser.sessionOn(instance);
          const who = session?.user?.name ?? session?.user?.email;
          expect(who, `${label}: ${name} on ${instance.origin} (${instance.phase})`).toBe(name);
          expect(me?.user?.name ?? me?.user?.email, label).toBe(name);
        }
        expect(browser.clearedSessions, label).toEqual([]);
      }
    }
  }, 240_000);
});
