import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, loopbackContext } from "../support/browser.js";
import { installFixture } from "../support/fixture-app.js";
import { expectSolidStartAuthFlow } from "./flow.js";

let app: ReturnType<typeof installFixture>;
let server: Awaited<ReturnType<ReturnType<typeof installFixture>["start"]>>;
let browser: Browser;

beforeAll(async () => {
  app = installFixture("solid-start-1", inject("runtimeTarball"));
  app.run(`${app.dir}/node_modules/.bin/vinxi`, ["build"]);
  server = await app.start({ AUTH_SECRET: "solid-start-1-secret-0123456789-abcdef" });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
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
});
