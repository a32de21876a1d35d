import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, loopbackContext } from "../../runtime/test/support/browser.js";
import { bin } from "../support/cli.js";
import { hashes, npmStart, outcomes, run, runOwnScripts } from "../support/corpus.js";

// Projects made by the real generators, fetched from the npm registry when the test runs (no
// generated copy is committed): each goes through `init --demo`, installs the packed runtime
// with its own package manager, starts with its own start script and signs the demo user in
// in Chromium; its own scripts pass after init as they did before, a second init changes
// nothing, and `check` finds no error. README.md beside this file lists what is covered.

interface Generator {
  name: string;
  /** The npm package (with its major) that makes the project, and its arguments. */
  generator: string[];
  /** The Express the project installs (express-generator 4 pins `~4.16.1`). */
  express: RegExp;
  /** Commands run in the project after the generator, before anything is compared (README.md says why). */
  prepare?: string[][];
  /** The own scripts compared, when not all of `ownScripts`. */
  scripts?: string[];
  /** What `npm start` gets besides PORT, as where one deploys (`AUTH_URL` for a production start). */
  startEnv?: (origin: string) => Record<string, string>;
}

const expressGenerator = (name: string, view: string): Generator => ({
  name: `express-generator 4, ${name}`,
  generator: ["express-generator@4", view, "app"],
  express: /^4\.16\./,
});

// create-solid is not here: README.md says why. express-generator-typescript runs its own
// install and type-checked eslint and takes minutes: only with CORPUS_PROFILE=full (README.md);
// test/cli/script-env-files.test.ts and project-formatter.test.ts cover its shape by default.
const full = process.env.CORPUS_PROFILE === "full";
const generators: Generator[] = [
  expressGenerator("pug", "--view=pug"),
  expressGenerator("ejs", "--view=ejs"),
  expressGenerator("hbs", "--view=hbs"),
  expressGenerator("no view", "--no-view"),
];
if (full)
  generators.push({
    name: "express-generator-typescript 2",
    generator: ["express-generator-typescript@2", "app"],
    express: /^5\./,
    // It installs the newest TypeScript, 6, under which its own type-check and build fail before
    // init (TS5101, TS5011); 5.9 is what it was written for.
    prepare: [["npm", "install", "--save-dev", "typescript@~5.9"]],
    // Its `build` runs `lint` (eslint with type-checked rules) first: once is enough.
    scripts: ["type-check", "test", "build"],
    // `npm start` loads config/.env.production (NODE_ENV=production): init wrote its own
    // HOST:PORT there as AUTH_URL; here the app runs on another port, as where one deploys.
    startEnv: (origin) => ({ AUTH_URL: origin }),
  });

/** The scripts a project may have that must pass after init as they did before, in this order. */
const ownScripts = ["lint", "typecheck", "type-check", "test", "build"];

const temporary: string[] = [];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** The demo user signs in on the built-in page; the session endpoint then names them. */
async function signInDemoUser(origin: string) {
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

const init = (dir: string) =>
  run(
    process.execPath,
    [
      bin,
      "init",
      "--yes",
      "--demo",
      "--providers",
      "credentials",
      "--runtime-spec",
      inject("runtimeTarball"),
    ],
    dir,
  );

describe.concurrent.each(generators)("a project made by $name", ({
  generator,
  express,
  prepare = [],
  scripts = ownScripts,
  startEnv,
}) => {
  it("takes init, installs the runtime, starts, signs the demo user in and keeps its scripts passing", async () => {
    const parent = mkdtempSync(join(tmpdir(), "corpus-"));
    temporary.push(parent);
    const generated = await run("npm", ["exec", "--yes", "--", ...generator], parent);
    expect(generated.exitCode, generated.all).toBe(0);
    const dir = join(parent, "app");
    for (const [command, ...args] of prepare) {
      const prepared = await run(command!, args, dir);
      expect(prepared.exitCode, prepared.all).toBe(0);
    }
    const installed = await run("npm", ["install"], dir);
    expect(installed.exitCode, installed.all).toBe(0);
    const expressVersion = JSON.parse(
      readFileSync(join(dir, "node_modules/express/package.json"), "utf8"),
    ).version;
    expect(expressVersion).toMatch(express);
    const before = await runOwnScripts(dir, scripts);

    const first = await init(dir);
    expect(first.exitCode, first.all).toBe(0);
    // The runtime went in with the project's npm, its peers satisfied, nothing forced.
    expect(first.all).toMatch(/npm install/);
    expect(first.all).not.toMatch(/--force|--legacy-peer-deps/);
    expect(existsSync(join(dir, "node_modules/@create-auth/runtime/package.json"))).toBe(true);
    const tree = await run("npm", ["ls", "@create-auth/runtime", "express"], dir);
    expect(tree.exitCode, tree.all).toBe(0);

    const after = await runOwnScripts(dir, scripts);
    expect(outcomes(after), JSON.stringify(after, null, 2)).toEqual(outcomes(before));

    const app = await npmStart(dir, startEnv);
    try {
      const session = await signInDemoUser(app.origin);
      expect(session, app.output()).toMatchObject({ user: { email: "demo@example.com" } });
    } finally {
      await app.stop();
    }

    const settled = hashes(dir);
    const second = await init(dir);
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
  }, 900_000);
});
