import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "../../src/adapters/postgres/index.js";
import { throwawayPostgres } from "../adapters/authjs-orm/databases.js";
import { startSmtpServer } from "../email/smtp.js";
import { expectPasswordJourney } from "../password/journey.js";
import { launchBrowser, loopbackContext } from "../support/browser.js";
import { installFixture } from "../support/fixture-app.js";
import { expectSolidStartAuthFlow } from "./flow.js";

let app: ReturnType<typeof installFixture>;
let server: Awaited<ReturnType<ReturnType<typeof installFixture>["start"]>>;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let database: Awaited<ReturnType<typeof throwawayPostgres>>;

beforeAll(async () => {
  // One build serves both the credentials checks and the password provider's journey: given
  // DATABASE_URL, the fixture's config adds the password provider (src/auth.ts), which needs
  // `pg` and `nodemailer` installed next to the app, as a user would.
  app = installFixture("solid-start-1", inject("runtimeTarball"), ["pg@8", "nodemailer@7"]);
  app.run(`${app.dir}/node_modules/.bin/vinxi`, ["build"]);
  database = await throwawayPostgres("pw_e2e_solid");
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  await migrate(pool);
  await pool.end();
  smtp = await startSmtpServer();
  server = await app.start({
    AUTH_SECRET: "solid-start-1-secret-0123456789-abcdef",
    DATABASE_URL: database.url,
    AUTH_EMAIL_SERVER: smtp.url,
  });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  await database?.drop();
  app?.remove();
});

describe("a real SolidStart 1 app (vinxi build, Nitro node server)", () => {
  it("serves the auth endpoints, protects routes through the middleware and reads sessions", async () => {
    await expectSolidStartAuthFlow(server.origin);
  });

  it("the browser client signs in and out through the bundled runtime", async () => {
    const context = await loopbackContext(browser);
    const page = await context.newPage();
    try {
      await page.goto(server.origin);
      await page.waitForFunction(() => document.querySelector("#status")?.textContent === "ready");
      await page.click("#wrong");
      await page.waitForFunction(() => document.querySelector("#status")?.textContent !== "ready");
      expect(await page.textContent("#status")).toBe("CredentialsSignin:none");
      await page.click("#right");
      await page.waitForFunction(() =>
        document.querySelector("#status")?.textContent?.startsWith("ok"),
      );
      expect(await page.textContent("#status")).toBe("ok:Ada Lovelace");
      await Promise.all([page.waitForNavigation(), page.click("#out")]);
      const me = await page.evaluate(async () => (await fetch("/api/me")).json());
      expect(me).toEqual({ session: null });
    } finally {
      await context.close();
    }
  }, 60_000);

  it("email and password accounts in Chromium: sign-up, confirmation, reset and change (PostgreSQL, SMTP, JWT sessions, OWASP's hash)", async () => {
    await expectPasswordJourney(
      browser,
      { origin: server.origin, base: "/api/auth", sessionPath: "/api/me", home: "/", smtp },
      "grace@example.com",
    );
  }, 120_000);
});
