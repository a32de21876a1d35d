import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PostgresAdapter from "@auth/pg-adapter";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  embeddedDatabase,
  migrate,
  postgresAdapter,
  type SqlClient,
} from "../../src/adapters/postgres/index.js";
import type { Adapter } from "../../src/adapters.js";
import Email from "../../src/providers/email.js";
import type { AuthConfig } from "../../src/types.js";
import { isolatedPool } from "../adapters/database.js";
import { captureLogger, SECRET, setCookie, TestClient } from "../helpers.js";
import { linkIn, startSmtpServer } from "./smtp.js";

const SALT = "authjs.session-token";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let postgres: Awaited<ReturnType<typeof isolatedPool>>;
const dir = mkdtempSync(join(tmpdir(), "create-auth-email-db-"));
const lite = embeddedDatabase(join(dir, "db"));

beforeAll(async () => {
  smtp = await startSmtpServer();
  postgres = await isolatedPool();
  await migrate(postgres.pool);
  await lite.query("SELECT 1");
}, 60_000);
afterAll(async () => {
  await smtp.close();
  await postgres.drop();
  await lite.close();
  rmSync(dir, { recursive: true, force: true });
});

function config(
  db: SqlClient,
  extra: Partial<AuthConfig> = {},
  provider: Parameters<typeof Email>[0] = {},
): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: captureLogger().logger,
    adapter: postgresAdapter(db),
    providers: [
      Email({
        server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true },
        from: "auth@app.test",
        ...provider,
      }),
    ],
    ...extra,
  };
}

async function mailedLink(client: TestClient, email: string) {
  const received = smtp.nextMessage();
  const csrfToken = await client.csrfToken();
  await client.request("/auth/signin/email", { form: { email, csrfToken } });
  const link = linkIn(await received);
  return `${link.pathname}${link.search}`;
}

const sessionRows = async (db: SqlClient, token: string) =>
  (await db.query(`SELECT * FROM sessions WHERE "sessionToken" = $1`, [token])).rows;

describe.each([
  ["PostgreSQL", () => postgres.pool as SqlClient],
  ["embedded PGlite", () => lite as SqlClient],
])("email sign-in with database sessions in %s", (_name, db) => {
  it("follows the mailed link to a session row; sign-out deletes it and the old cookie is dead", async () => {
    const cfg = config(db());
    const client = new TestClient(cfg);
    const email = `ada-${Date.now()}@example.com`;
    const link = await mailedLink(client, email);
    const callback = await client.request(link);
    expect(callback.headers.get("location")).toBe("http://localhost:3000");
    const token = setCookie(callback, SALT)!.value;
    const [row] = await sessionRows(db(), token);
    expect(row).toBeDefined();
    await expect(client.session()).resolves.toMatchObject({ user: { email } });

    expect((await client.signOut()).status).toBe(302);
    expect(await sessionRows(db(), token)).toEqual([]);
    const stale = new TestClient(cfg);
    stale.jar.set(SALT, token);
    await expect(stale.session()).resolves.toBeNull();

    const reuse = await new TestClient(cfg).request(link);
    expect(reuse.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Verification",
    );
  });

  it("an expired link fails with Verification", async () => {
    const client = new TestClient(config(db(), {}, { maxAge: -60 }));
    const link = await mailedLink(client, `late-${Date.now()}@example.com`);
    const response = await client.request(link);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Verification",
    );
    expect(setCookie(response, SALT)).toBeUndefined();
  });

  it("reads throttle writes by updateAge and expired rows are removed", async () => {
    const cfg = config(db(), { session: { maxAge: 3600, updateAge: 600 } });
    const client = new TestClient(cfg);
    const callback = await client.request(
      await mailedLink(client, `slide-${Date.now()}@example.com`),
    );
    const token = setCookie(callback, SALT)!.value;
    const expiresOf = async () =>
      new Date((await sessionRows(db(), token))[0]!.expires as string).valueOf();
    const created = await expiresOf();

    await client.session();
    expect(await expiresOf()).toBe(created);

    // Pretend the session was last extended 11 minutes ago: the next read extends it once.
    await db().query(
      `UPDATE sessions SET expires = expires - interval '11 minutes' WHERE "sessionToken" = $1`,
      [token],
    );
    await client.session();
    const backdated = created - 11 * 60 * 1000;
    const extended = await expiresOf();
    // Extended back to now + maxAge (about `created`), i.e. ~11 minutes past the backdated value.
    expect(extended - backdated).toBeGreaterThan(10 * 60 * 1000);

    await db().query(
      `UPDATE sessions SET expires = now() - interval '1 second' WHERE "sessionToken" = $1`,
      [token],
    );
    await expect(client.session()).resolves.toBeNull();
    expect(await sessionRows(db(), token)).toEqual([]);
  });
});

describe("the published @auth/pg-adapter through Auth() on PostgreSQL", () => {
  const published = (extra: Partial<AuthConfig> = {}) => ({
    ...config(postgres.pool, extra),
    adapter: PostgresAdapter(postgres.pool as unknown as pg.Pool) as Adapter,
  });

  it("email sign-in with a database session: row, session, sign-out, single-use link", async () => {
    const cfg = published();
    const client = new TestClient(cfg);
    const email = `published-db-${Date.now()}@example.com`;
    const link = await mailedLink(client, email);
    const callback = await client.request(link);
    expect(callback.headers.get("location")).toBe("http://localhost:3000");
    const token = setCookie(callback, SALT)!.value;
    expect(await sessionRows(postgres.pool, token)).toHaveLength(1);
    await expect(client.session()).resolves.toMatchObject({ user: { email } });

    expect((await client.signOut()).status).toBe(302);
    expect(await sessionRows(postgres.pool, token)).toEqual([]);
    await expect(client.session()).resolves.toBeNull();
    const reuse = await new TestClient(cfg).request(link);
    expect(reuse.headers.get("location")).toBe(
      "http://localhost:3000/auth/error?error=Verification",
    );
  });

  it("email sign-in with the JWT strategy: the user is stored, the session is a cookie", async () => {
    const client = new TestClient(published({ session: { strategy: "jwt" } }));
    const email = `published-jwt-${Date.now()}@example.com`;
    const callback = await client.request(await mailedLink(client, email));
    expect(callback.headers.get("location")).toBe("http://localhost:3000");
    const token = setCookie(callback, SALT)!.value;
    expect(token.split(".")).toHaveLength(5);
    expect(await sessionRows(postgres.pool, token)).toEqual([]);
    const [user] = (await postgres.pool.query(`SELECT * FROM users WHERE email = $1`, [email]))
      .rows;
    expect(user?.emailVerified).toBeInstanceOf(Date);
    await expect(client.session()).resolves.toMatchObject({ user: { email } });
    // The second sign-in finds the same user.
    const again = new TestClient(published({ session: { strategy: "jwt" } }));
    await again.request(await mailedLink(again, email));
    expect(
      (await postgres.pool.query(`SELECT count(*) FROM users WHERE email = $1`, [email])).rows[0]
        .count,
    ).toBe("1");
  });
});

describe("when the database is down", () => {
  it("shows the 503 'Temporarily unavailable' page, logs the failing method and creates no session", async () => {
    const { logger, errors } = captureLogger();
    const down = new pg.Pool({
      connectionString: "postgres://postgres@127.0.0.1:1/test",
      connectionTimeoutMillis: 1000,
    });
    try {
      const client = new TestClient(config(down, { logger }));
      const csrfToken = await client.csrfToken();
      const response = await client.request("/auth/signin/email", {
        form: { email: "ada@example.com", csrfToken },
      });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.text()).toContain("Temporarily unavailable");
      expect(setCookie(response, SALT)).toBeUndefined();
      expect(errors.at(-1)?.name).toBe("AdapterError");
      expect(errors.at(-1)?.message).toContain('"getUserByEmail"');
    } finally {
      await down.end();
    }
  });

  it("a session read answers 503 (unknown, not signed out) and keeps the cookie", async () => {
    const { logger, errors } = captureLogger();
    const down = new pg.Pool({
      connectionString: "postgres://postgres@127.0.0.1:1/test",
      connectionTimeoutMillis: 1000,
    });
    try {
      const client = new TestClient(config(down, { logger }));
      client.jar.set(SALT, "some-token");
      const response = await client.request("/auth/session");
      expect(response.status).toBe(503);
      await expect(response.json()).resolves.toMatchObject({ error: "SessionStoreUnavailable" });
      expect(setCookie(response, SALT)).toBeUndefined();
      expect(errors.at(-1)?.name).toBe("SessionStoreUnavailable");
    } finally {
      await down.end();
    }
  });
});

vi.setConfig({ testTimeout: 30_000 });
