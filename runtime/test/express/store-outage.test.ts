import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrate, postgresAdapter } from "../../src/adapters/postgres/index.js";
import {
  authSession,
  ExpressAuth,
  getSession,
  requireAuth,
  SessionStoreUnavailable,
} from "../../src/express/index.js";
import type { AuthConfig } from "../../src/types.js";
import { isolatedPool } from "../adapters/database.js";
import { fastify5, startFastifyApp } from "../fastify/app.js";
import {
  captureLogger,
  HttpTestClient,
  outboxEmailProvider,
  SECRET,
  setCookie,
} from "../helpers.js";
import { express5, listen } from "./app.js";

// A real PostgreSQL behind a TCP proxy this test can cut: while it is cut, the app must say
// "unavailable" (503), never "signed out", and a sign-out must not be a lie.

const SALT = "authjs.session-token";

/**
 * A TCP proxy to PostgreSQL. `cut()` drops every open connection and refuses new ones (accepted,
 * then destroyed: what a dead server or a firewall reset looks like to `pg`); `restore()` routes
 * again.
 */
async function faultProxy(target: { host: string; port: number }) {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let direct: Awaited<ReturnType<typeof isolatedPool>>;
let proxy: Awaited<ReturnType<typeof faultProxy>>;
let viaProxy: pg.Pool;
let outbox: ReturnType<typeof outboxEmailProvider>["outbox"];
let config: AuthConfig;
let express: Awaited<ReturnType<typeof listen>>;
let fastify: Awaited<ReturnType<typeof startFastifyApp>>;

beforeAll(async () => {
  direct = await isolatedPool();
  await migrate(direct.pool);
  const url = new URL(direct.pool.options.connectionString!);
  proxy = await faultProxy({ host: url.hostname, port: Number(url.port || 5432) });
  viaProxy = new pg.Pool({
    host: "127.0.0.1",
    port: proxy.port,
    user: url.username,
    database: url.pathname.slice(1),
    options: `-c search_path=${direct.schema}`,
    connectionTimeoutMillis: 2000,
    max: 4,
  });
  // Idle clients the cut kills report here; the next query opens a fresh connection.
  viaProxy.on("error", () => {});
  const email = outboxEmailProvider();
  outbox = email.outbox;
  config = {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter: postgresAdapter(viaProxy),
    providers: [email.provider],
  };
  const app = express5();
  app.use("/auth", ExpressAuth(config) as never);
  app.get("/me", requireAuth(config) as never, (_req, res) => {
    res.json(res.locals.session);
  });
  app.get("/locals", authSession(config) as never, (_req, res) => {
    const error = res.locals.sessionError as SessionStoreUnavailable | undefined;
    res.json({ session: res.locals.session ?? "unknown", error: error?.type ?? null });
  });
  app.get("/direct", async (req, res) => {
    try {
      res.json(await getSession(req, config));
    } catch (error) {
      const e = error as SessionStoreUnavailable;
      res.status(599).json({
        typed: error instanceof SessionStoreUnavailable,
        type: e.type,
        code: e.code,
        retryAfter: e.retryAfter,
      });
    }
  });
  express = await listen(app);
  fastify = await startFastifyApp(fastify5, config, {
    prefix: "/auth",
  });
}, 60_000);

afterAll(async () => {
  proxy.restore();
  await express?.close();
  await fastify?.close();
  await viaProxy?.end();
  await proxy?.close();
  await direct?.drop();
});

async function signedIn(origin: string) {
  const client = new HttpTestClient(origin);
  const response = await client.signInWithEmail("ada@example.com", outbox);
  expect(response.status).toBe(302);
  expect(client.jar.get(SALT)).toBeTruthy();
  return client;
}

async function sessionRows(token: string): Promise<number> {
  const { rows } = await direct.pool.query(
    `SELECT count(*)::int AS n FROM sessions WHERE "sessionToken" = $1`,
    [token],
  );
  return (rows[0] as { n: number }).n;
}

async function allSessions(): Promise<number> {
  const { rows } = await direct.pool.query(`SELECT count(*)::int AS n FROM sessions`);
  return (rows[0] as { n: number }).n;
}

describe("Express on a real PostgreSQL that goes away", () => {
  it("answers 503 everywhere during the outage, signs nobody out, and recovers", async () => {
    const browser = await signedIn(express.origin);
    const token = browser.jar.get(SALT)!;
    proxy.cut();
    try {
      const session = await browser.request("/auth/session");
      expect(session.status).toBe(503);
      expect(session.headers.get("retry-after")).toBe("5");
      await expect(session.json()).resolves.toMatchObject({ error: "SessionStoreUnavailable" });
      expect(setCookie(session, SALT)).toBeUndefined();

      const page = await browser.request("/me", { headers: { accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(page.headers.get("location")).toBeNull();
      expect(await page.text()).toContain("Temporarily unavailable");

      const api = await browser.request("/me", { headers: { accept: "application/json" } });
      expect(api.status).toBe(503);
      await expect(api.json()).resolves.toMatchObject({ error: "SessionStoreUnavailable" });

      // authSession: a public page still renders, with the session unknown (not null).
      const locals = await browser.request("/locals");
      expect(locals.status).toBe(200);
      await expect(locals.json()).resolves.toEqual({
        session: "unknown",
        error: "SessionStoreUnavailable",
      });

      const direct = await browser.request("/direct");
      await expect(direct.json()).resolves.toEqual({
        typed: true,
        type: "SessionStoreUnavailable",
        code: "session_store_unavailable",
        retryAfter: 5,
      });
    } finally {
      proxy.restore();
    }
    // The same cookie is the same session: the outage signed nobody out.
    expect(browser.jar.get(SALT)).toBe(token);
    await expect(browser.session()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
    const page = await browser.request("/me", { headers: { accept: "application/json" } });
    expect(page.status).toBe(200);
  });

  it("a sign-in during the outage ends on the 503 page and creates no session", async () => {
    const browser = new HttpTestClient(express.origin);
    const csrfToken = await browser.csrfToken();
    await browser.request("/auth/signin/email", {
      form: { email: "grace@example.com", csrfToken },
    });
    const link = new URL(outbox.at(-1)!.url);
    const before = await allSessions();
    proxy.cut();
    try {
      const callback = await browser.request(`${link.pathname}${link.search}`);
      expect(callback.status).toBe(503);
      const html = await callback.text();
      expect(html).toContain("Temporarily unavailable");
      expect(html).not.toContain("Server error");
      expect(setCookie(callback, SALT)).toBeUndefined();

      const request = await browser.request("/auth/signin/email", {
        form: { email: "grace@example.com", csrfToken },
      });
      expect(request.status).toBe(503);
    } finally {
      proxy.restore();
    }
    expect(await allSessions()).toBe(before);
    expect(browser.jar.has(SALT)).toBe(false);
  });

  it("a sign-out during the outage clears the cookie, says so, and the copied cookie dies", async () => {
    const browser = await signedIn(express.origin);
    const token = browser.jar.get(SALT)!;
    const copy = new HttpTestClient(express.origin);
    copy.jar.set(SALT, token);
    const csrfToken = await browser.csrfToken();
    proxy.cut();
    let signOut: Response;
    try {
      signOut = await browser.request("/auth/signout", { form: { csrfToken } });
    } finally {
      proxy.restore();
    }
    expect(signOut.status).toBe(503);
    expect(setCookie(signOut, SALT)?.attributes["max-age"]).toBe("0");
    expect(await signOut.text()).toContain("Sign-out not finished");
    // The row outlived the outage; this process refuses it at once all the same.
    await expect(copy.session()).resolves.toBeNull();
    // And later requests delete it for good.
    await vi.waitFor(
      async () => {
        await copy.request("/auth/csrf");
        expect(await sessionRows(token)).toBe(0);
      },
      { timeout: 15_000, interval: 200 },
    );
    await expect(copy.session()).resolves.toBeNull();
    const page = await copy.request("/me", { headers: { accept: "application/json" } });
    expect(page.status).toBe(401);
  });
});

describe("Fastify on the same database", () => {
  it("requireAuth answers 503 (page or JSON) and getSession throws while it is down", async () => {
    const browser = await signedIn(fastify.origin);
    proxy.cut();
    try {
      const page = await browser.request("/me", { headers: { accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(await page.text()).toContain("Temporarily unavailable");
      const api = await browser.request("/me", { headers: { accept: "application/json" } });
      expect(api.status).toBe(503);
      await expect(api.json()).resolves.toMatchObject({ error: "SessionStoreUnavailable" });
      // The app's own error handler receives the typed error.
      const direct = await browser.request("/direct");
      const body = await direct.text();
      expect(direct.status, body).toBe(500);
      expect(body).toContain("session store is unavailable");
      const session = await browser.request("/auth/session");
      expect(session.status).toBe(503);
      expect(setCookie(session, SALT)).toBeUndefined();
    } finally {
      proxy.restore();
    }
    const me = await browser.request("/me", { headers: { accept: "application/json" } });
    expect(me.status).toBe(200);
    await expect(me.json()).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });
});
