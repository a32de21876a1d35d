import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { execa } from "execa";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, loopbackContext } from "../../runtime/test/support/browser.js";
import { cleanEnv } from "../../runtime/test/support/fixture-app.js";
import { freePort, type StartedProcess, waitForHttp } from "../../runtime/test/support/process.js";
import { bin } from "../support/cli.js";

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

// express-generator-typescript and create-solid are not here: README.md says why.
const generators: Generator[] = [
  expressGenerator("pug", "--view=pug"),
  expressGenerator("ejs", "--view=ejs"),
  expressGenerator("hbs", "--view=hbs"),
  expressGenerator("no view", "--no-view"),
];

/** The scripts a project may have that must pass after init as they did before, in this order. */
const ownScripts = ["lint", "typecheck", "type-check", "test", "build"];

// One npm cache for everything (the user's), and the registry only for what it does not hold.
const npmEnv = {
  ...cleanEnv(),
  CI: "true",
  npm_config_prefer_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};

const temporary: string[] = [];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const run = (command: string, args: string[], cwd: string) =>
  execa(command, args, {
    cwd,
    env: npmEnv,
    extendEnv: false,
    reject: false,
    all: true,
  });

/** Every file of the project but its dependencies and git data, with a hash of its content. */
function hashes(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      if (entry === "node_modules" || entry === ".git") continue;
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else
        files[relative(dir, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  walk(dir);
  return files;
}

/** The project's own scripts among `ownScripts`, each with whether it passed and its output. */
async function runOwnScripts(dir: string) {
  const { scripts = {} } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const results: Record<string, { passed: boolean; output: string }> = {};
  for (const script of ownScripts.filter((name) => scripts[name])) {
    const result = await run("npm", ["run", script], dir);
    results[script] = { passed: result.exitCode === 0, output: result.all ?? "" };
  }
  return results;
}

const outcomes = (results: Record<string, { passed: boolean }>) =>
  Object.fromEntries(Object.entries(results).map(([script, { passed }]) => [script, passed]));

/**
 * `npm start` on a free port, in a process group of its own: stopping it ends npm, its shell
 * and the app.
 */
async function npmStart(dir: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn("npm", ["start"], {
    cwd: dir,
    env: { ...npmEnv, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const app: StartedProcess = {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        process.kill(-child.pid!, "SIGTERM");
      }),
  };
  try {
    await waitForHttp(origin, app);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return { ...app, origin };
}

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
    const before = await runOwnScripts(dir);

    const first = await init(dir);
    expect(first.exitCode, first.all).toBe(0);
    // The runtime went in with the project's npm, its peers satisfied, nothing forced.
    expect(first.all).toMatch(/npm install/);
    expect(first.all).not.toMatch(/--force|--legacy-peer-deps/);
    expect(existsSync(join(dir, "node_modules/@create-auth/runtime/package.json"))).toBe(true);
    const tree = await run("npm", ["ls", "@create-auth/runtime", "express"], dir);
    expect(tree.exitCode, tree.all).toBe(0);

    const after = await runOwnScripts(dir);
    expect(outcomes(after), JSON.stringify(after, null, 2)).toEqual(outcomes(before));

    const app = await npmStart(dir);
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
  }, 300_000);
});
