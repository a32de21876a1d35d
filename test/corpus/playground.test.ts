import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, loopbackContext } from "../../runtime/test/support/browser.js";
import { bin } from "../support/cli.js";
import { npmStart, run } from "../support/corpus.js";

// The first ten minutes with an OAuth provider: a fresh express-generator app (from the
// registry, as generators.test.ts makes them) takes `init --playground` with GitHub and no
// client id, starts with its own `npm start`, and "Sign in with GitHub" in Chromium goes
// through the runtime's local playground, a test user is picked, and the app has a session.

const temporary: string[] = [];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe("the sign-in playground in a project made by express-generator 4", () => {
  it("init --playground with GitHub, npm start, Sign in with GitHub, pick a test user: signed in", async () => {
    const parent = mkdtempSync(join(tmpdir(), "corpus-playground-"));
    temporary.push(parent);
    const generated = await run(
      "npm",
      ["exec", "--yes", "--", "express-generator@4", "--no-view", "app"],
      parent,
    );
    expect(generated.exitCode, generated.all).toBe(0);
    const dir = join(parent, "app");
    const installed = await run("npm", ["install"], dir);
    expect(installed.exitCode, installed.all).toBe(0);

    const init = await run(
      process.execPath,
      [
        bin,
        "init",
        "--yes",
        "--providers",
        "github",
        "--playground",
        "--runtime-spec",
        inject("runtimeTarball"),
      ],
      dir,
    );
    expect(init.exitCode, init.all).toBe(0);
    expect(init.all).toContain("Sign-in playground on");
    expect(readFileSync(join(dir, ".env"), "utf8")).toMatch(/^AUTH_PLAYGROUND=true$/m);

    const app = await npmStart(dir);
    const context = await loopbackContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${app.origin}/auth/signin`);
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/auth/playground/authorize"),
        page.click('button:has-text("Sign in with GitHub")'),
      ]);
      expect(await page.textContent("body")).toContain("no real GitHub account is used");
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith("/auth/")),
        page.click('button:has-text("Continue as Alice Example")'),
      ]);
      const session = await page.evaluate(
        async (url) => (await fetch(url)).json(),
        `${app.origin}/auth/session`,
      );
      expect(session, app.output()).toMatchObject({
        user: { name: "Alice Example", email: "alice@example.com" },
      });
      expect(app.output()).toContain("[auth][playground]");
    } finally {
      await context.close();
      await app.stop();
    }
  }, 300_000);
});
