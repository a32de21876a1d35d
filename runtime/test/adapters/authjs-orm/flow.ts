import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters.js";
import { ExpressAuth } from "../../../src/express/index.js";
import type { AuthConfig } from "../../../src/types.js";
import { express5, listen } from "../../express/app.js";
import { captureLogger, HttpTestClient, outboxEmailProvider, SECRET } from "../../helpers.js";

/** What the flow needs from one ORM on one database. */
export interface FlowTarget {
  /** The published Auth.js adapter over the app's ORM client. */
  adapter: Adapter;
  /** The `users` row as the app's own ORM reads it, or null. */
  userRow(email: string): Promise<{ id: unknown; email: string } | null>;
  /** Deletes every session row of the user, as an admin's "sign out everywhere" would. */
  deleteSessionRows(userId: string): Promise<void>;
}

const SESSION_COOKIE = "authjs.session-token";
let counter = 0;
const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

/**
 * A magic-link sign-in with database sessions through a real Express app serving `ExpressAuth`:
 * the link is taken from `sendVerificationRequest`, followed, and the session read back over
 * HTTP; the user row is then read through the app's own ORM.
 */
export function describeMagicLinkFlow(name: string, target: () => FlowTarget) {
  describe(`${name}: magic-link sign-in through ExpressAuth`, () => {
    const { provider, outbox } = outboxEmailProvider();
    const log = captureLogger();
    let app: Awaited<ReturnType<typeof listen>>;
    beforeAll(async () => {
      const config: AuthConfig = {
        secret: SECRET,
        trustHost: true,
        logger: log.logger,
        adapter: target().adapter,
        session: { strategy: "database" },
        providers: [provider],
      };
      const server = express5();
      server.use("/auth", ExpressAuth(config) as never);
      app = await listen(server);
    });
    afterAll(() => app?.close());

    async function signIn(client: HttpTestClient, email: string) {
      const callback = await client.signInWithEmail(email, outbox);
      expect(callback.status, await callback.clone().text()).toBe(302);
      expect(callback.headers.get("location")).toBe(app.origin);
      expect(client.jar.has(SESSION_COOKIE)).toBe(true);
    }

    it("signs in, /auth/session returns the user, and the user row exists in the ORM's table", async () => {
      const client = new HttpTestClient(app.origin);
      const email = uniqueEmail("flow");
      await signIn(client, email);
      const session = (await client.session()) as { user: { email: string }; expires: string };
      expect(session.user.email).toBe(email);
      expect(new Date(session.expires).valueOf()).toBeGreaterThan(Date.now());
      const row = await target().userRow(email);
      expect(row).toMatchObject({ email });

      expect((await client.signOut()).status).toBe(302);
      await expect(client.session()).resolves.toBeNull();
      expect(log.errors).toEqual([]);
    });

    it("a second sign-in reuses the user row; a session deleted behind the cookie's back ends cleanly", async () => {
      const email = uniqueEmail("again");
      const first = new HttpTestClient(app.origin);
      await signIn(first, email);
      const row = await target().userRow(email);
      const second = new HttpTestClient(app.origin);
      await signIn(second, email);
      // The same row (its emailVerified moves to the latest sign-in, as with Auth.js).
      expect(await target().userRow(email)).toMatchObject({ id: row!.id, email });

      // Both sessions go; the browsers still hold their cookies.
      await target().deleteSessionRows(String(row!.id));
      await expect(first.session()).resolves.toBeNull();
      const stale = second.jar.get(SESSION_COOKIE)!;
      expect((await second.signOut()).status).toBe(302);
      expect(second.jar.has(SESSION_COOKIE), "sign-out clears the cookie").toBe(false);
      // Signing out of a session that no longer exists is not an error worth logging.
      expect(log.errors).toEqual([]);

      second.jar.set(SESSION_COOKIE, stale);
      await signIn(second, email);
      await expect(second.session()).resolves.toMatchObject({ user: { email } });
    });

    it("one magic link signs in once, even followed by several requests at the same moment", async () => {
      // Adapters without RETURNING (MySQL) read the token and then delete it: two requests in
      // that window would both get it. The runtime lets only one use of a token run at a time.
      const email = uniqueEmail("race");
      const client = new HttpTestClient(app.origin);
      const csrfToken = await client.csrfToken();
      await client.request("/auth/signin/email", { form: { email, csrfToken } });
      const link = new URL(outbox.at(-1)!.url);
      const attempts = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(`${app.origin}${link.pathname}${link.search}`, { redirect: "manual" }),
        ),
      );
      const signedIn = attempts.filter((response) =>
        (response.headers.getSetCookie?.() ?? []).some((cookie) =>
          cookie.startsWith(`${SESSION_COOKIE}=`),
        ),
      );
      expect(signedIn).toHaveLength(1);
      for (const response of attempts.filter((r) => !signedIn.includes(r)))
        expect(response.headers.get("location")).toContain("error=Verification");
    });
  });
}
