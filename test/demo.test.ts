import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, loopbackContext } from "../runtime/test/support/browser.js";
import { cleanEnv } from "../runtime/test/support/fixture-app.js";
import { freePort } from "../runtime/test/support/process.js";

const root = new URL("..", import.meta.url).pathname;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** `npm run demo` as a newcomer runs it, on a free port; resolves when it says it is ready. */
async function startDemo(framework: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/demo.mjs", "--framework", framework], {
    cwd: root,
    env: { ...cleanEnv(), PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The demo did not start:\n${output}`)),
      280_000,
    );
    const check = setInterval(() => {
      if (output.includes("Demo ready")) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 200);
    child.once("exit", (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`The demo exited with ${code}:\n${output}`));
    });
  });
  return { child, origin: `http://127.0.0.1:${port}`, output: () => output };
}

async function expectUser(page: Page) {
  await page.waitForSelector("#user");
  expect(await page.textContent("#user")).toContain("demo@example.com");
}

const examples: Record<string, string> = {
  express: "express-app",
  "solid-start": "solid-start-app",
  fastify: "fastify-app",
  hono: "hono-app",
};

describe.each(Object.keys(examples))("npm run demo -- --framework %s", (framework) => {
  it("starts, signs in with the demo user and with the emailed link, and stops on Ctrl-C", async () => {
    // Left over from an earlier run: each run starts from a fresh copy (and database).
    const copy = join(root, ".tmp", "demo", examples[framework]!);
    mkdirSync(copy, { recursive: true });
    writeFileSync(join(copy, "left-over"), "");
    const demo = await startDemo(framework);
    expect(existsSync(join(copy, "left-over"))).toBe(false);
    expect(demo.output()).toContain(`Demo ready:  ${demo.origin}`);
    expect(demo.output()).toContain(`Protected:   ${demo.origin}/account`);
    expect(demo.output()).toContain("Sign in as   demo@example.com / demo1234");
    const authBase = framework === "solid-start" ? "/api/auth" : "/auth";
    const context = await loopbackContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${demo.origin}/account`);
      expect(page.url()).toContain(`${authBase}/signin`);
      await page.fill('input[name="password"]', "demo1234");
      await page.fill('input[id^="input-email-for-credentials"]', "demo@example.com");
      await Promise.all([
        page.waitForURL(`${demo.origin}/account`),
        page.click('button:has-text("Sign in with Credentials")'),
      ]);
      await expectUser(page);

      await page.goto(`${demo.origin}${authBase}/signout`);
      await Promise.all([page.waitForLoadState("load"), page.click("#submitButton")]);
      await page.goto(`${demo.origin}/account`);
      expect(page.url()).toContain(`${authBase}/signin`);

      const printed = demo.output().length;
      await page.fill("#input-email-for-email-provider", "demo@example.com");
      await Promise.all([
        page.waitForURL(/verify-request/),
        page.click('button:has-text("Sign in with Email")'),
      ]);
      await expect
        .poll(() => demo.output().slice(printed), { timeout: 10_000 })
        .toMatch(/Sign-in link for demo@example\.com/);
      const link = /(http:\/\/127\.0\.0\.1:\d+\S+\/callback\/email\S+)/.exec(
        demo.output().slice(printed),
      )![1]!;
      await page.goto(link);
      expect(page.url()).toBe(`${demo.origin}/account`);
      await expectUser(page);
    } finally {
      await context.close();
      const exited = new Promise<number | null>((resolve) => demo.child.once("exit", resolve));
      demo.child.kill("SIGINT");
      expect(await exited).toBe(0);
      // Stopped means stopped: nothing answers on the port any more.
      await expect(fetch(demo.origin)).rejects.toThrow();
    }
  }, 300_000);
});
