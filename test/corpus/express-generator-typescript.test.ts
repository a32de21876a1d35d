import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import { launchBrowser } from "../../runtime/test/support/browser.js";
import { run, runOwnScripts } from "../support/corpus.js";
import { takesDemoInit } from "../support/demo-init.js";

// The Express 5 TypeScript project of express-generator-typescript 2, made from the npm registry
// when the test runs, through the same steps as generators.test.ts (README.md beside this file).
// A file of its own: the generator installs 43 dependencies (about 360 packages), and the
// project's type-checked eslint, tsc and vitest take minutes on a loaded machine; here it runs
// beside other files.

/**
 * Its own scripts compared. `build` runs `lint` (eslint with type-checked rules) first, so `lint`
 * is not run again. They run at once: `build` writes only `dist/`, which neither the type check
 * (`tsc -b --noEmit`) nor vitest reads, and the tests write only their JSON database in `src/`.
 */
const scripts = ["type-check", "test", "build"];

const parent = mkdtempSync(join(tmpdir(), "corpus-ts-"));
// Chromium starts while the generator installs; it is awaited when the app is up.
const browser: Promise<Browser> = launchBrowser();
// Awaited later; until then a failed launch must not count as an unhandled rejection.
browser.catch(() => {});
// Removing the project (its node_modules holds about 360 packages, 16,000 files) took 45 s at
// load 15; the hook timeout leaves room for that.
afterAll(async () => {
  await (await browser.catch(() => undefined))?.close();
  rmSync(parent, { recursive: true, force: true });
}, 600_000);

// About 4 min at load 10 and 6 min at load 15 on this 2-core machine (README.md): the timeout
// leaves room for a busier one.
it("express-generator-typescript 2: takes init, starts, signs the demo user in and keeps its scripts passing", async () => {
  // The generator runs `npm i` twice itself (newest of each dependency); npmEnv gives it the
  // shared cache and --prefer-offline through npm_config_* in its environment.
  const generated = await run(
    "npm",
    ["exec", "--yes", "--", "express-generator-typescript@2", "app"],
    parent,
  );
  expect(generated.exitCode, generated.all).toBe(0);
  const dir = join(parent, "app");
  // It installs the newest TypeScript, 6, under which its own type-check and build fail before
  // init (TS5101, TS5011); 5.9 is what it was written for. This install is the project's own
  // `npm install` too: it reifies the whole tree.
  const installed = await run("npm", ["install", "--save-dev", "typescript@~5.9"], dir);
  expect(installed.exitCode, installed.all).toBe(0);
  const express = JSON.parse(readFileSync(join(dir, "node_modules/express/package.json"), "utf8"));
  expect(express.version).toMatch(/^5\./);

  const before = await runOwnScripts(dir, scripts, { together: true });
  // As generated (with TypeScript 5.9), the project passes its own scripts; a comparison of two
  // failures would prove nothing.
  for (const [script, { passed, output }] of Object.entries(before))
    expect(passed, `${script} before init:\n${output}`).toBe(true);
  expect(Object.keys(before).sort()).toEqual([...scripts].sort());
  await takesDemoInit(dir, {
    browser,
    scripts,
    before,
    together: true,
    // `npm start` loads config/.env.production (NODE_ENV=production): init wrote its own
    // HOST:PORT there as AUTH_URL; here the app runs on another port, as where one deploys.
    startEnv: (origin) => ({ AUTH_URL: origin }),
  });
}, 1_200_000);
