import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { expect } from "vitest";
import { loopbackContext } from "../../runtime/test/support/browser.js";
import { bin } from "./cli.js";
import {
  hashes,
  initPacked,
  npmStart,
  outcomes,
  run,
  runOwnScripts,
  type ScriptResults,
} from "./corpus.js";

// What a project made by a real Express generator goes through once it is installed and its own
// scripts have run (test/corpus/README.md, steps 3–7): `init --demo` with the packed runtime, the
// same scripts again, `npm start` with the demo user signing in in Chromium, a second init that
// changes nothing and `check` with no error. generators.test.ts and
// express-generator-typescript.test.ts make the projects.

/** `init --yes --demo --providers credentials` with the runtime packed for this run. */
const initDemo = (dir: string) => initPacked(dir, ["--demo", "--providers", "credentials"]);

/** The demo user signs in on the built-in page; the session endpoint then names them. */
async function signInDemoUser(browser: Browser, origin: string) {
  const context = await loopbackContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/auth/signin`);
    await page.fill('input[name="email"]', "demo@example.com");
    await page.fill('input[name="password"]', "demo1234");
    await Promise.all([
      page.waitForURL((url) => !url.pathname.startsWith("/auth/")),
      page.click('button:has-text("Sign in with Credentials")'),
    ]);
    return await page.evaluate(async (url) => (await fetch(url)).json(), `${origin}/auth/session`);
  } finally {
    await context.close();
  }
}

export interface DemoInitOptions {
  /** Chromium, awaited only when the app is up (it may still be starting). */
  browser: Browser | Promise<Browser>;
  /** The project's own scripts compared, and how they ran before init. */
  scripts: readonly string[];
  before: ScriptResults;
  /** Run the scripts at once, as before init (only where none writes what another reads). */
  together?: boolean;
  /** What `npm start` gets besides PORT, as where one deploys (`AUTH_URL` for a production start). */
  startEnv?: (origin: string) => Record<string, string>;
}

/** Steps 3–7 of test/corpus/README.md on the installed project in `dir`. */
export async function takesDemoInit(dir: string, options: DemoInitOptions) {
  const first = await initDemo(dir);
  expect(first.exitCode, first.all).toBe(0);
  // The runtime went in with the project's npm, its peers satisfied, nothing forced.
  expect(first.all).toMatch(/npm install/);
  expect(first.all).not.toMatch(/--force|--legacy-peer-deps/);
  expect(existsSync(join(dir, "node_modules/@create-auth/runtime/package.json"))).toBe(true);
  const tree = await run("npm", ["ls", "@create-auth/runtime", "express"], dir);
  expect(tree.exitCode, tree.all).toBe(0);

  const after = await runOwnScripts(dir, options.scripts, { together: options.together });
  expect(outcomes(after), JSON.stringify(after, null, 2)).toEqual(outcomes(options.before));

  const app = await npmStart(dir, options.startEnv);
  try {
    const session = await signInDemoUser(await options.browser, app.origin);
    expect(session, app.output()).toMatchObject({ user: { email: "demo@example.com" } });
  } finally {
    await app.stop();
  }

  const settled = hashes(dir);
  const second = await initDemo(dir);
  expect(second.exitCode, second.all).toBe(0);
  expect(hashes(dir)).toEqual(settled);

  const check = await run(process.execPath, [bin, "check", "--json"], dir);
  const findings = (
    JSON.parse(check.stdout) as {
      findings: { rule: string; severity: string; message: string }[];
    }
  ).findings;
  // Credentials alone have no provider id to set: no error at all.
  expect(findings.filter((finding) => finding.severity === "error")).toEqual([]);
}
