/**
 * A published Auth.js adapter through the two real sign-ins, with database sessions: a magic
 * link mailed through a real SMTP server, and OpenID Connect against a real provider
 * (oidc-provider, driven over HTTP), both on a real Express app serving our `ExpressAuth`. After
 * each step the records the adapter holds are read back from its own store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Adapter } from "../../src/adapters.js";
import Email from "../../src/providers/email.js";
import OIDC from "../../src/providers/oidc.js";
import { linkIn, startSmtpServer } from "../email/smtp.js";
import { captureLogger, HttpTestClient, SECRET } from "../helpers.js";
import { authorizeAt, type StartedOP, startOP } from "../oauth/op.js";
import { startRP } from "../oauth/rp.js";

/** What an adapter's store holds for one user, read without going through the adapter. */
export interface AdapterRecords {
  user(email: string): Promise<{ id: unknown; emailVerified: unknown } | null>;
  accounts(userId: string): Promise<{ provider: string; providerAccountId: string }[]>;
  /** The tokens of the user's sessions. */
  sessionTokens(userId: string): Promise<string[]>;
  /** How many verification tokens are stored for the address. */
  verificationTokens(email: string): Promise<number>;
}

export interface FullFlowTarget {
  adapter: Adapter;
  records: AdapterRecords;
}

type Query = (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Records in PostgreSQL tables named as each Auth.js schema names them (the columns are the same
 * everywhere: `userId`, `sessionToken`, `providerAccountId`, `identifier`).
 */
export function postgresRecords(
  query: Query,
  tables: { users: string; accounts: string; sessions: string; verificationTokens: string },
): AdapterRecords {
  return {
    user: async (email) =>
      ((await query(`SELECT * FROM "${tables.users}" WHERE email = $1`, [email])).rows[0] ??
        null) as never,
    accounts: async (userId) =>
      (await query(`SELECT * FROM "${tables.accounts}" WHERE "userId"::text = $1`, [userId]))
        .rows as never,
    sessionTokens: async (userId) =>
      (
        await query(`SELECT "sessionToken" FROM "${tables.sessions}" WHERE "userId"::text = $1`, [
          userId,
        ])
      ).rows.map((row) => row.sessionToken as string),
    verificationTokens: async (email) =>
      (await query(`SELECT * FROM "${tables.verificationTokens}" WHERE identifier = $1`, [email]))
        .rows.length,
  };
}

const SESSION_COOKIE = "authjs.session-token";
let counter = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function describeFullSignInFlows(name: string, target: () => FullFlowTarget) {
  describe(`${name}: magic link over SMTP and OpenID Connect, database sessions`, () => {
    const log = captureLogger();
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let op: StartedOP;
    let rp: Awaited<ReturnType<typeof startRP>>;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      rp = await startRP();
      op = await startOP([`${rp.origin}/auth/callback/local`]);
      rp.configure({
        secret: SECRET,
        trustHost: true,
        logger: log.logger,
        adapter: target().adapter,
        session: { strategy: "database" },
        providers: [
          Email({
            server: { host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true },
            from: "auth@app.test",
          }),
          OIDC({
            id: "local",
            name: "Local",
            issuer: op.issuer,
            clientId: op.clientId,
            clientSecret: op.clientSecret,
          }),
        ],
      });
    });
    afterAll(async () => {
      await Promise.all([smtp?.close(), op?.close(), rp?.close()]);
    });
    const records = () => target().records;

    /** Signs out and proves the session is gone from the browser and from the store. */
    async function signOutOf(browser: HttpTestClient, userId: string) {
      const token = browser.jar.get(SESSION_COOKIE)!;
      expect((await browser.signOut()).headers.get("location")).toBe(rp.origin);
      await expect(browser.session()).resolves.toBeNull();
      expect(await records().sessionTokens(userId)).not.toContain(token);
    }

    it("magic link: a stored token, spent by the link; a verified user and a session row", async () => {
      const email = `${unique("mail")}@example.com`;
      const browser = new HttpTestClient(rp.origin);
      const mail = smtp.nextMessage();
      const csrfToken = await browser.csrfToken();
      const sent = await browser.request("/auth/signin/email", { form: { email, csrfToken } });
      expect(sent.headers.get("location")).toContain("/auth/verify-request");
      expect(await records().verificationTokens(email)).toBe(1);
      const link = linkIn(await mail);

      const callback = await browser.request(`${link.pathname}${link.search}`);
      expect(callback.headers.get("location")).toBe(rp.origin);
      expect(await records().verificationTokens(email)).toBe(0);
      const user = await records().user(email);
      expect(user?.emailVerified).toBeTruthy();
      const userId = String(user!.id);
      expect(await records().sessionTokens(userId)).toEqual([browser.jar.get(SESSION_COOKIE)]);
      await expect(browser.session()).resolves.toMatchObject({ user: { email } });
      // The spent link signs nobody in.
      const replay = await new HttpTestClient(rp.origin).request(`${link.pathname}${link.search}`);
      expect(replay.headers.get("location")).toContain("error=Verification");
      expect(log.errors.map((error) => (error as { type?: string }).type)).toEqual([
        "Verification",
      ]);
      log.errors.length = 0;

      await signOutOf(browser, userId);
      expect(log.errors).toEqual([]);
    });

    it("OpenID Connect: a user, its linked account and a session row; a returning user is the same user", async () => {
      const login = unique("oidc");
      const email = `${login}@example.test`;
      const signIn = async () => {
        const browser = new HttpTestClient(rp.origin);
        const csrfToken = await browser.csrfToken();
        const start = await browser.request("/auth/signin/local", { form: { csrfToken } });
        const back = await authorizeAt(start.headers.get("location")!, login, rp.origin);
        const callback = await browser.request(`${back.pathname}${back.search}`);
        expect(callback.headers.get("location")).toBe(rp.origin);
        return browser;
      };

      const first = await signIn();
      await expect(first.session()).resolves.toMatchObject({ user: { email } });
      const user = await records().user(email);
      expect(user?.emailVerified, "the provider says email_verified").toBeTruthy();
      const userId = String(user!.id);
      expect(await records().accounts(userId)).toEqual([
        expect.objectContaining({ provider: "local", providerAccountId: login, type: "oidc" }),
      ]);
      expect(await records().sessionTokens(userId)).toEqual([first.jar.get(SESSION_COOKIE)]);

      const second = await signIn();
      expect(String((await records().user(email))!.id)).toBe(userId);
      expect(await records().accounts(userId)).toHaveLength(1);
      expect((await records().sessionTokens(userId)).sort()).toEqual(
        [first.jar.get(SESSION_COOKIE), second.jar.get(SESSION_COOKIE)].sort(),
      );

      await signOutOf(first, userId);
      await expect(second.session()).resolves.toMatchObject({ user: { email } });
      await signOutOf(second, userId);
      expect(await records().sessionTokens(userId)).toEqual([]);
      expect(log.errors).toEqual([]);
    });
  });
}
