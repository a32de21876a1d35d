/**
 * Issue 17 ("Done when"): an app moves from `@auth/express` + `@auth/pg-adapter` to our runtime
 * by changing its import lines. The app's auth module (authjs-app/auth.js) runs as Auth.js on a
 * real Express 4 server with a real PostgreSQL database, a real OpenID provider and a real SMTP
 * server; users sign in. Then the same address serves the same module with only its import
 * specifiers rewritten, against the same database: the browsers' cookies still sign them in, as
 * the same users with ids of the same type, no row has changed, a returning user is no new user,
 * and the provider is asked for the same scopes. Finally the original module is deployed again
 * and reads the sessions our runtime made. Once with database sessions, once with JWT sessions.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/adapters/postgres/index.js";
import { throwawayPostgres } from "../adapters/authjs-orm/databases.js";
import { AUTHJS_SCHEMA } from "../adapters/database.js";
import { linkIn, startSmtpServer } from "../email/smtp.js";
import { express4 } from "../express/app.js";
import { HttpTestClient, SECRET } from "../helpers.js";
import { authorizeAt, type StartedOP, startOP } from "../oauth/op.js";
import { listening } from "../support/listening.js";
import { authorizationRequest } from "./authjs.js";

const root = join(import.meta.dirname, "..", "..", "..");
const original = readFileSync(join(import.meta.dirname, "authjs-app", "auth.js"), "utf8");

/** The migration: every import specifier that names Auth.js's Express package, and nothing else. */
const ourSpecifiers: Record<string, string> = {
  "@auth/express": "@create-auth/runtime/express",
  "@auth/express/providers/nodemailer": "@create-auth/runtime/providers/nodemailer",
};
const migrated = original.replace(
  /^(import .* from ")([^"]+)(";)$/gm,
  (line, head: string, specifier: string, tail: string) =>
    specifier in ourSpecifiers ? `${head}${ourSpecifiers[specifier]}${tail}` : line,
);

/** A further step some apps take: create-auth's own adapter for the same tables (one import line). */
const withOurAdapter = migrated.replace(
  'import PostgresAdapter from "@auth/pg-adapter";',
  'import { postgresAdapter as PostgresAdapter } from "@create-auth/runtime/adapters/postgres";',
);

interface AuthModule {
  pool: { end(): Promise<void> };
  mountAuth(app: ReturnType<typeof express4>): void;
}

const dir = (() => {
  mkdirSync(join(root, ".tmp"), { recursive: true });
  // Inside the repository, so the imports resolve to the workspace's packages (ours is the build
  // the test run's global set-up made).
  return mkdtempSync(join(root, ".tmp", "migration-"));
})();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let deployments = 0;
/** Loads the module text as a fresh module (its own pool and configuration). */
async function load(text: string): Promise<AuthModule> {
  const file = join(dir, `auth-${deployments++}.mjs`);
  writeFileSync(file, text);
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

it("the migrated module differs from the Auth.js one in its import specifiers only", () => {
  const before = original.split("\n");
  const after = migrated.split("\n");
  expect(after).toHaveLength(before.length);
  const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]));
  expect(changed).toEqual([
    ['import { ExpressAuth, getSession } from "@auth/express";', expect.any(String)],
    ['import Nodemailer from "@auth/express/providers/nodemailer";', expect.any(String)],
  ]);
  for (const [line, next] of changed)
    expect(next!.replace(/"[^"]+"/, "")).toBe(line!.replace(/"[^"]+"/, ""));
  expect(withOurAdapter).not.toBe(migrated);
});

describe.each(["database", "jwt"] as const)("moving an Auth.js app, %s sessions", (strategy) => {
  let database: Awaited<ReturnType<typeof throwawayPostgres>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let op: StartedOP;
  let server: Awaited<ReturnType<typeof listening>>;
  const loaded: AuthModule[] = [];
  let sql: pg.Pool;
  const savedEnv: Record<string, string | undefined> = {};

  beforeAll(async () => {
    database = await throwawayPostgres(`ca_migrate_${strategy}`);
    smtp = await startSmtpServer();
    server = await listening();
    op = await startOP([`${server.origin}/auth/callback/company`]);
    // The app's environment; read when a deployment is loaded, restored after this block so
    // no later file in this worker sees it.
    const appEnv = {
      DATABASE_URL: database.url,
      AUTH_SECRET: SECRET,
      SESSION_STRATEGY: strategy,
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_SECRET: op.clientSecret,
      SMTP_PORT: String(smtp.port),
    };
    for (const key of Object.keys(appEnv)) savedEnv[key] = process.env[key];
    Object.assign(process.env, appEnv);
    sql = new pg.Pool({ connectionString: database.url });
    await sql.query(AUTHJS_SCHEMA);
  });
  afterAll(async () => {
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await Promise.all(loaded.map((module) => module.pool.end()));
    await sql?.end();
    await Promise.all([smtp?.close(), op?.close(), server?.close()]);
    await database?.drop();
  });

  /** Serves `text` at the app's address from now on (a redeploy). */
  async function deploy(text: string) {
    const module = await load(text);
    loaded.push(module);
    const app = express4();
    module.mountAuth(app);
    server.use(app);
  }

  const browser = () => new HttpTestClient(server.origin);

  /**
   * Which library answers: Auth.js sets a CSRF cookie on a first `GET /session`, ours does not
   * (a listed deviation), so a test cannot pass by reaching the wrong deployment.
   */
  async function servedBy() {
    const response = await browser().request("/auth/session");
    const names = response.headers.getSetCookie().map((line) => line.split("=")[0]);
    return names.includes("authjs.csrf-token") ? "Auth.js" : "create-auth";
  }

  /** Through the provider's login and consent forms; returns what the provider was asked. */
  async function signInWithSso(client: HttpTestClient, login: string) {
    const csrfToken = await client.csrfToken();
    const start = await client.request("/auth/signin/company", { form: { csrfToken } });
    const location = start.headers.get("location");
    const back = await authorizeAt(location!, login, server.origin);
    const callback = await client.request(`${back.pathname}${back.search}`);
    expect(callback.headers.get("location")).toBe(server.origin);
    return authorizationRequest(location);
  }

  async function signInWithEmail(client: HttpTestClient, email: string) {
    const mail = smtp.nextMessage();
    const csrfToken = await client.csrfToken();
    await client.request("/auth/signin/nodemailer", { form: { email, csrfToken } });
    const link = linkIn(await mail);
    const callback = await client.request(`${link.pathname}${link.search}`);
    expect(callback.headers.get("location")).toBe(server.origin);
  }

  /** What the app shows: its own endpoint and the session endpoint, `expires` aside. */
  async function seen(client: HttpTestClient) {
    const me = await client.request("/api/me");
    const session = (await client.session()) as { user: Record<string, unknown> } | null;
    return { me: { status: me.status, body: await me.json() }, user: session?.user ?? null };
  }

  /** Who the app says is signed in (a new sign-in moves `emailVerified`, in both libraries). */
  async function who(client: HttpTestClient | Awaited<ReturnType<typeof seen>>) {
    const { me, user } = client instanceof HttpTestClient ? await seen(client) : client;
    return { me, user: user && { id: user.id, email: user.email, provider: user.provider } };
  }

  const rows = async () => ({
    users: (await sql.query("SELECT * FROM users ORDER BY id")).rows,
    accounts: (await sql.query("SELECT * FROM accounts ORDER BY id")).rows,
  });

  let alice: HttpTestClient;
  let bob: HttpTestClient;
  let asked: ReturnType<typeof authorizationRequest>;
  type Seen = Awaited<ReturnType<typeof seen>>;
  let before: { alice: Seen; bob: Seen; rows: Awaited<ReturnType<typeof rows>> };

  it("Auth.js signs users in: one through the company's OpenID provider, one by email", async () => {
    await deploy(original);
    expect(await servedBy()).toBe("Auth.js");
    alice = browser();
    bob = browser();
    asked = await signInWithSso(alice, "alice");
    await signInWithEmail(bob, "bob@example.com");
    before = { alice: await seen(alice), bob: await seen(bob), rows: await rows() };
    const id = strategy === "database" ? 1 : "1";
    expect(await who(before.alice)).toEqual({
      me: { status: 200, body: { id, email: "alice@example.test" } },
      user: {
        id,
        email: "alice@example.test",
        provider: strategy === "database" ? "database" : "company",
      },
    });
    expect(before.bob).toMatchObject({ me: { body: { email: "bob@example.com" } } });
    expect(before.rows.users).toHaveLength(2);
    expect(before.rows.accounts).toMatchObject([
      { provider: "company", providerAccountId: "alice" },
    ]);
  });

  it("on our runtime, the same cookies are the same users, ids of the same type, rows untouched", async () => {
    await deploy(migrated);
    expect(await servedBy()).toBe("create-auth");
    expect(await seen(alice)).toEqual(before.alice);
    expect(await seen(bob)).toEqual(before.bob);
    expect(await rows()).toEqual(before.rows);
  });

  it("a returning user is the same user (no duplicate), and the provider is asked the same", async () => {
    const again = browser();
    expect(await signInWithSso(again, "alice")).toEqual(asked);
    expect(asked.query?.scope).toBe("openid email");
    expect(await who(again)).toEqual(await who(before.alice));
    const bobAgain = browser();
    await signInWithEmail(bobAgain, "bob@example.com");
    expect(await who(bobAgain)).toEqual(await who(before.bob));
    const after = await rows();
    expect(after.users.map((user) => (user as { id: unknown }).id)).toEqual(
      before.rows.users.map((user) => (user as { id: unknown }).id),
    );
    expect(after.accounts).toHaveLength(1);

    // What does not carry over: Auth.js stored alice's address as unverified (an OAuth sign-up
    // gets `emailVerified: null` there), and our runtime sends no magic link into such an account
    // (a listed deviation: account pre-hijacking). She keeps signing in with the provider.
    const mailbox = new HttpTestClient(server.origin);
    const mail = smtp.nextMessage();
    const csrfToken = await mailbox.csrfToken();
    await mailbox.request("/auth/signin/nodemailer", {
      form: { email: "alice@example.test", csrfToken },
    });
    const link = linkIn(await mail);
    const refused = await mailbox.request(`${link.pathname}${link.search}`);
    expect(refused.headers.get("location")).toBe(
      `${server.origin}/auth/signin?error=OAuthAccountNotLinked`,
    );
    await expect(mailbox.session()).resolves.toBeNull();

    // Signing out on our runtime ends a session Auth.js made.
    expect((await alice.signOut()).status).toBe(302);
    expect((await alice.request("/api/me")).status).toBe(401);
  });

  it("with our postgresAdapter for @auth/pg-adapter (after `migrate`), the same users and id types", async () => {
    // The one-off step docs/migrating.md gives: it only adds indexes and tables.
    await migrate(sql);
    await deploy(withOurAdapter);
    expect(await who(bob)).toEqual(await who(before.bob));
    const again = browser();
    expect(await signInWithSso(again, "alice")).toEqual(asked);
    expect(await who(again)).toEqual(await who(before.alice));
    expect((await rows()).users).toHaveLength(2);
    expect((await rows()).accounts).toHaveLength(1);
  });

  it("deployed back on Auth.js, the sessions our runtime made still work", async () => {
    const ours = browser();
    await signInWithSso(ours, "alice");
    await deploy(original);
    expect(await servedBy()).toBe("Auth.js");
    expect(await who(ours)).toEqual(await who(before.alice));
    expect(await who(bob)).toEqual(await who(before.bob));
  });
});
