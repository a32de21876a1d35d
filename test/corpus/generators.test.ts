import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../../runtime/test/support/browser.js";
import { run, runOwnScripts } from "../support/corpus.js";
import { takesDemoInit } from "../support/demo-init.js";

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
}

const expressGenerator = (name: string, view: string): Generator => ({
  name: `express-generator 4, ${name}`,
  generator: ["express-generator@4", view, "app"],
  express: /^4\.16\./,
});

// create-solid is not here: README.md says why. express-generator-typescript has a file of its
// own (express-generator-typescript.test.ts): its scripts take minutes, and there it runs
// beside other files instead of holding this one.
const generators: Generator[] = [
  expressGenerator("pug", "--view=pug"),
  expressGenerator("ejs", "--view=ejs"),
  expressGenerator("hbs", "--view=hbs"),
  expressGenerator("no view", "--no-view"),
];

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

describe.concurrent.each(generators)("a project made by $name", ({ generator, express }) => {
  it("takes init, installs the runtime, starts, signs the demo user in and keeps its scripts passing", async () => {
    const parent = mkdtempSync(join(tmpdir(), "corpus-"));
    temporary.push(parent);
    const generated = await run("npm", ["exec", "--yes", "--", ...generator], parent);
    expect(generated.exitCode, generated.all).toBe(0);
    const dir = join(parent, "app");
    const installed = await run("npm", ["install"], dir);
    expect(installed.exitCode, installed.all).toBe(0);
    const expressVersion = JSON.parse(
      readFileSync(join(dir, "node_modules/express/package.json"), "utf8"),
    ).version;
    expect(expressVersion).toMatch(express);
    const before = await runOwnScripts(dir, ownScripts);
    await takesDemoInit(dir, { browser, scripts: ownScripts, before });
  }, 900_000);
});
