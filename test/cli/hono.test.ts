import { execFileSync } from "node:child_process";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type CheckOptions, check } from "../../src/commands/check.js";
import { copyFixture, removeTemporary, runCommand, runInit, tree } from "../support/cli.js";

afterAll(removeTemporary);

const finding = (run: Awaited<ReturnType<typeof runInit>>, label: string) =>
  run.json!.findings.find((f: { label: string }) => f.label === label);
const nodeModules = new URL("../../node_modules", import.meta.url).pathname;

function editJson(dir: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(tree(dir)["package.json"]!);
  change(json);
  writeFileSync(join(dir, "package.json"), JSON.stringify(json, null, 2));
}

describe("Hono: what detection reports", () => {
  it("create-hono's nodejs template: the app, the server and the port, each with its evidence", async () => {
    const run = await runInit({
      cwd: copyFixture("hono-node-ts"),
      providers: "github",
      dryRun: true,
      json: true,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Framework")).toMatchObject({
      value: "Hono 4",
      evidence: 'hono "^4.13.3" in package.json',
    });
    expect(finding(run, "Hono app")).toMatchObject({
      value: "app in src/index.ts:4",
      evidence: "scripts.dev",
    });
    expect(finding(run, "Server")).toMatchObject({
      value: "Node, serve({ fetch: app.fetch }) in src/index.ts:11",
      evidence: "@hono/node-server in src/index.ts",
    });
    expect(finding(run, "Dev port")).toMatchObject({ value: "3000" });
    expect(run.json!.nextSteps.signIn).toBe("http://localhost:3000/auth/signin");
  });

  it("an app served from another file, with sub-apps, notFound and onError", async () => {
    const run = await runInit({
      cwd: copyFixture("hono-sub-apps-ts"),
      providers: "github",
      dryRun: true,
      json: true,
    });
    expect(finding(run, "Hono app")).toMatchObject({
      value: "app in src/app.ts:6",
      evidence: "scripts.dev → served from src/index.ts",
    });
    expect(finding(run, "Routing")).toMatchObject({
      value: "2 sub-apps (/books, /authors), notFound, onError",
    });
  });

  it("create-hono's bun template: Bun loads .env itself, so no loader is generated", async () => {
    const dir = copyFixture("hono-bun-ts");
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Server")).toMatchObject({
      value: "Bun, export default app in src/index.ts:9",
      evidence: "scripts.dev; Bun loads .env and .env.local itself",
    });
    const files = tree(dir);
    expect(files["src/env.ts"]).toBeUndefined();
    expect(files["src/auth.ts"]).not.toContain("loadEnv");
    expect(files[".env"]).toMatch(/^AUTH_SECRET=.{43}$/m);
    expect(files["src/index.ts"]).toContain(
      "const app = new Hono()\napp.route('/auth', HonoAuth(authConfig))\n",
    );
  });

  it("an app below .basePath('/api'): the endpoints default to /api/auth, and a mount outside is refused", async () => {
    const dir = copyFixture("hono-node-esm-js");
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(finding(run, "Hono app")).toMatchObject({
      value: "app in src/index.js:7 (basePath /api)",
    });
    expect(run.json!.answers.mount).toBe("/api/auth");
    expect(run.json!.nextSteps.callbackUrls[0].url).toBe(
      "http://localhost:8787/api/auth/callback/github",
    );
    const outside = await runInit({
      cwd: dir,
      providers: "github",
      mount: "/auth",
      yes: true,
      json: true,
    });
    expect(outside.exitCode).toBe(1);
    expect(outside.json!.error).toMatchObject({ code: "invalid_mount" });
    expect(outside.json!.error.message).toContain("pass --mount /api/auth");
  });

  it("--entry starts the search; an unnamed app and a missing one become manual steps", async () => {
    const dir = copyFixture("hono-node-ts");
    editJson(dir, (pkg) => {
      pkg.scripts = {};
    });
    writeFileSync(
      join(dir, "src/index.ts"),
      "import { Hono } from 'hono'\n\nexport default new Hono().get('/', (c) => c.text('ok'))\n",
    );
    const unnamed = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(unnamed.exitCode, unnamed.stderr).toBe(0);
    expect(finding(unnamed, "Hono app")).toMatchObject({
      value: "an unnamed app in src/index.ts:3",
    });
    expect(unnamed.json!.plan.manual[0]).toContain("the app is created without a name");

    const other = copyFixture("hono-node-ts");
    editJson(other, (pkg) => {
      pkg.scripts = {};
    });
    writeFileSync(join(other, "src/index.ts"), "export {}\n");
    writeFileSync(
      join(other, "src/boot.ts"),
      "import { Hono } from 'hono'\nimport { serve } from '@hono/node-server'\n\nconst api = new Hono()\nserve({ fetch: api.fetch, port: 4100 })\n",
    );
    const missing = await runInit({ cwd: other, providers: "github", dryRun: true, json: true });
    expect(finding(missing, "Hono app")).toMatchObject({ value: "not found" });
    expect(missing.json!.plan.manual[0]).toContain('app.route("/auth", HonoAuth(authConfig));');
    const entry = await runInit({
      cwd: other,
      providers: "github",
      entry: "src/boot.ts",
      yes: true,
      json: true,
    });
    expect(entry.exitCode, entry.stderr).toBe(0);
    expect(finding(entry, "Hono app")).toMatchObject({
      value: "api in src/boot.ts:4",
      evidence: "--entry",
    });
    expect(finding(entry, "Dev port")).toMatchObject({ value: "4100" });
    expect(tree(other)["src/boot.ts"]).toContain(
      "const api = new Hono()\napi.route('/auth', HonoAuth(authConfig))\n",
    );
  });

  it.each([
    [
      "an entry that re-exports the app (Bun)",
      "import books from './routes/books.js'\nimport app from './app.js'\n\nvoid books\nexport default app\n",
    ],
    [
      "an entry that only imports (no server call)",
      "import './routes/books.js'\nimport './app.js'\n",
    ],
  ])("a sub-app imported first is not the root: %s", async (_name, entry) => {
    const dir = copyFixture("hono-sub-apps-ts");
    writeFileSync(join(dir, "src/index.ts"), entry);
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(finding(run, "Hono app")).toMatchObject({ value: "app in src/app.ts:6" });
  });

  it("Hono before 4.8 is refused before anything is written (the runtime's peer range)", async () => {
    const dir = copyFixture("hono-node-ts");
    editJson(dir, (pkg) => {
      (pkg.dependencies as Record<string, string>).hono = "4.6.0";
    });
    const before = tree(dir);
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode).toBe(1);
    expect(run.json!.error.message).toMatch(
      /Hono 4\.6\.0 is not supported: it needs "hono" \^4\.8/,
    );
    expect(tree(dir)).toEqual(before);
  });

  it("a project with Express and Hono needs --framework", async () => {
    const dir = copyFixture("hono-node-ts");
    editJson(dir, (pkg) => {
      (pkg.dependencies as Record<string, string>).express = "^5.1.0";
    });
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(run.json!.error).toMatchObject({ code: "ambiguous_framework" });
    expect(run.json!.error.message).toContain("--framework express or --framework hono");
  });
});

describe("Hono: init keeps the app's own routes", () => {
  it("puts the auth route before the sub-apps and leaves notFound and onError byte for byte", async () => {
    const dir = copyFixture("hono-sub-apps-ts");
    const before = tree(dir)["src/app.ts"]!;
    expect((await runInit({ cwd: dir, providers: "credentials", yes: true })).exitCode).toBe(0);
    const after = tree(dir)["src/app.ts"]!;
    expect(after.indexOf("app.route('/auth', HonoAuth(authConfig))")).toBeLessThan(
      after.indexOf("app.route('/books', books)"),
    );
    expect(after.slice(after.indexOf("app.notFound"))).toBe(
      before.slice(before.indexOf("app.notFound")),
    );
    for (const file of ["src/index.ts", "src/routes/books.ts", "src/routes/authors.ts"])
      expect(tree(dir)[file]).toBe(tree(copyFixture("hono-sub-apps-ts", false))[file]);
  });

  it("the generated set-up passes check, Hono's rules included", async () => {
    const dir = copyFixture("hono-sub-apps-ts");
    expect((await runInit({ cwd: dir, providers: "github", yes: true })).exitCode).toBe(0);
    writeFileSync(
      join(dir, ".env"),
      `${tree(dir)[".env"]!.replace("AUTH_GITHUB_ID=", "AUTH_GITHUB_ID=Iv1.abc").replace("AUTH_GITHUB_SECRET=", "AUTH_GITHUB_SECRET=0123456789abcdef")}`,
    );
    editJson(dir, (pkg) => {
      pkg.dependencies = { ...(pkg.dependencies as object), "@create-auth/runtime": "^0.1.0" };
    });
    const run = await runCommand((io) => check({ cwd: dir, environment: {} } as CheckOptions, io), {
      json: true,
    });
    expect(run.json?.framework).toEqual({ name: "hono", major: 4 });
    expect(run.json?.findings).toEqual([]);
  });
});

/** Loads the app the way Node would and asks it for `path`, in-process through `app.request`. */
function request(dir: string, kind: "cjs" | "esm", appFile: string, path: string): string {
  const code =
    kind === "cjs"
      ? `const { app } = require("./${appFile}"); app.request("${path}").then(async (r) => console.log(r.status, await r.text()))`
      : `const { default: app } = await import("./${appFile}"); const r = await app.request("${path}"); console.log(r.status, await r.text())`;
  return execFileSync(
    process.execPath,
    [...(kind === "esm" ? ["--input-type=module"] : []), "-e", code],
    {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "development" },
    },
  ).toString();
}

describe("Hono: the mounted endpoints answer", () => {
  it("an ES-module app below .basePath('/api'), its own routes as before", async () => {
    const dir = copyFixture("hono-node-esm-js");
    writeFileSync(
      join(dir, "src/index.js"),
      tree(dir)["src/index.js"]!.replace(/\nconst port[\s\S]*$/, "\nexport default app;\n"),
    );
    expect((await runInit({ cwd: dir, providers: "github", yes: true })).exitCode).toBe(0);
    symlinkSync(nodeModules, join(dir, "node_modules"));
    expect(request(dir, "esm", "src/index.js", "/api/auth/providers")).toMatch(/^200 .*"github"/m);
    expect(request(dir, "esm", "src/index.js", "/api/health")).toMatch(/^200 \{"ok":true\}$/m);
  });

  // A CommonJS app's Context comes from Hono's CommonJS build while the runtime's adapter is an
  // ES module (the dual-package hazard): the adapter reads the route through the context itself.
  it("a CommonJS app (require('hono')) serves the endpoints", async () => {
    const dir = copyFixture("hono-cjs-js");
    expect((await runInit({ cwd: dir, providers: "github", yes: true })).exitCode).toBe(0);
    symlinkSync(nodeModules, join(dir, "node_modules"));
    expect(request(dir, "cjs", "src/app.js", "/auth/providers")).toMatch(/^200 .*"github"/);
  });
});
