import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { migrate, postgresAdapter } from "../../src/adapters/postgres/index.js";
import Password from "../../src/providers/password.js";
import { throwawayPostgres } from "../adapters/authjs-orm/databases.js";
import { startSmtpServer } from "../email/smtp.js";
import { captureLogger, SECRET } from "../helpers.js";
import { startRP } from "../oauth/rp.js";
import { launchBrowser } from "../support/browser.js";
import { expectPasswordJourney } from "./journey.js";
import { FAST_HASH } from "./support.js";

// The password provider's flows in Chromium on a real Express 5 app, with database sessions in a
// throwaway PostgreSQL database and the mails on a real SMTP server. The SolidStart side (JWT
// sessions, OWASP's hash parameters in production mode) is in solid-start/solid-start-1.e2e.test.ts.

let browser: Browser;
let app: Awaited<ReturnType<typeof startRP>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let database: Awaited<ReturnType<typeof throwawayPostgres>>;
let pool: pg.Pool;

beforeAll(async () => {
  database = await throwawayPostgres("pw_e2e_express");
  pool = new pg.Pool({
    connectionString: database.url,
    max: 4,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
    statement_timeout: 10_000,
  });
  await migrate(pool);
  smtp = await startSmtpServer();
  app = await startRP("127.0.0.1");
  app.configure({
    secret: SECRET,
    trustHost: true,
    // The refused sign-ins the journey makes on purpose would log errors.
    logger: captureLogger().logger,
    adapter: postgresAdapter(pool),
    session: { strategy: "database" },
    providers: [Password({ ...FAST_HASH, server: smtp.url, from: "Auth <auth@app.test>" })],
  });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
  await pool?.end();
  await database?.drop();
});

describe("email and password accounts in Chromium on Express (PostgreSQL, SMTP)", () => {
  it("signs up, confirms by mail, resets a forgotten password and changes it, ending other sessions", async () => {
    await expectPasswordJourney(
      browser,
      { origin: app.origin, base: "/auth", sessionPath: "/", home: "/", smtp },
      "ada@example.com",
    );
  }, 90_000);
});
