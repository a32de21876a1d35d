import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectPackageManager } from "../../src/project/package-manager.js";
import { copyFixture, removeTemporary, runInit, tree } from "../support/cli.js";

afterAll(removeTemporary);

function write(dir: string, file: string, text: string) {
  mkdirSync(join(dir, file, ".."), { recursive: true });
  writeFileSync(join(dir, file), text);
}

function editJson(dir: string, file: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(tree(dir)[file]!);
  change(json);
  writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
}

const finding = (run: Awaited<ReturnType<typeof runInit>>, label: string) =>
  run.json!.findings.find((f: { label: string }) => f.label === label);

describe("the env file: the one the app loads", () => {
  it("a script's --env-file names it; the secret goes there and no loader is generated", async () => {
    const dir = copyFixture("express4-cjs-js");
    editJson(dir, "package.json", (pkg) => {
      pkg.scripts = {
        dev: "node --env-file=.env.local src/index.js",
        test: "node --env-file=.env.test --test",
      };
    });
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Env file")).toMatchObject({ value: ".env.local" });
    const files = tree(dir);
    expect(files[".env.local"]).toMatch(/^AUTH_SECRET=.{43}$/m);
    expect(files[".env"]).toBeUndefined();
    expect(files["src/env.js"]).toBeUndefined();
    expect(files[".gitignore"]).toContain(".env.local");
  });

  it("dotenv's DOTENV_CONFIG_PATH in a script names it, the dev script's first", async () => {
    // express-generator-typescript's scripts: one env file per script, dotenv/config loading it.
    const dir = copyFixture("express4-cjs-js");
    editJson(dir, "package.json", (pkg) => {
      pkg.scripts = {
        start:
          "cross-env DOTENV_CONFIG_PATH=./config/.env.production node -r dotenv/config ./dist/main.js",
        "dev:basic": "cross-env DOTENV_CONFIG_PATH=./config/.env.development node src/index.js",
      };
      (pkg.dependencies as Record<string, string>).dotenv = "^17.2.3";
    });
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Env file")).toMatchObject({ value: "config/.env.development" });
    const files = tree(dir);
    expect(files["config/.env.development"]).toMatch(/^AUTH_SECRET=.{43}$/m);
    expect(files[".env"]).toBeUndefined();
  });

  it("prints where the secret goes", async () => {
    const dir = copyFixture("express4-cjs-js");
    editJson(dir, "package.json", (pkg) => {
      pkg.scripts = { start: "node --env-file .env.local src/index.js" };
    });
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true });
    expect(run.stdout).toContain(
      "Writing AUTH_SECRET to .env.local (git-ignored: added to .gitignore)",
    );
  });

  it.each([
    ['import "dotenv/config";\n', "dotenv"],
    ["process.loadEnvFile();\n", "loadEnvFile"],
  ])("%s in the entry (not the app file) counts: no env.ts", async (line, how) => {
    const dir = copyFixture("express5-ts-split");
    const server = tree(dir)["src/server.ts"]!;
    writeFileSync(join(dir, "src/server.ts"), `${line}${server}`);
    editJson(dir, "package.json", (pkg) => {
      (pkg.dependencies as Record<string, string>).dotenv = "^16.4.5";
    });
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Env loading")).toMatchObject({ value: how });
    expect(tree(dir)["src/env.ts"]).toBeUndefined();
    expect(tree(dir)["src/auth.ts"]).not.toContain("loadEnv");
  });

  it("dotenv.config({ path }) names the file", async () => {
    const dir = copyFixture("express-dotenv");
    const main = tree(dir)["src/main.js"]!;
    writeFileSync(
      join(dir, "src/main.js"),
      main.replace(
        'import "dotenv/config";',
        'import dotenv from "dotenv";\ndotenv.config({ path: ".env.development" });',
      ),
    );
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(finding(run, "Env file")).toMatchObject({ value: ".env.development" });
    expect(tree(dir)[".env.development"]).toContain("AUTH_SECRET=");
  });

  it("--env-path wins, and the generated loader reads that file", async () => {
    const dir = copyFixture("express4-esm-js");
    const run = await runInit({
      cwd: dir,
      providers: "github",
      envFile: "./config/.env.dev",
      yes: true,
      json: true,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const files = tree(dir);
    expect(files["config/.env.dev"]).toContain("AUTH_SECRET=");
    expect(files["env.js"]).toContain('node.loadEnvFile("config/.env.dev")');
    expect(run.json!.reproduce).toContain("--env-path config/.env.dev");
  });
});

describe("finding the Express app", () => {
  it("--entry starts the search, and follows its imports", async () => {
    const dir = copyFixture("express5-ts-split");
    editJson(dir, "package.json", (pkg) => {
      pkg.scripts = {};
      pkg.main = undefined;
    });
    rmSync(join(dir, "src/app.ts"));
    write(
      dir,
      "src/http/create.ts",
      'import express from "express";\n\nexport const api = express();\n',
    );
    write(dir, "src/boot.ts", 'import { api } from "./http/create.js";\n\napi.listen(3001);\n');
    rmSync(join(dir, "src/server.ts"));
    const run = await runInit({
      cwd: dir,
      providers: "github",
      entry: "src/boot.ts",
      yes: true,
      json: true,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Express app")).toMatchObject({
      value: "api in src/http/create.ts:3",
      evidence: "--entry → imported by src/boot.ts",
    });
    expect(tree(dir)["src/http/create.ts"]).toContain('api.use("/auth", ExpressAuth(authConfig));');
    expect(run.json!.reproduce).toContain("--entry src/boot.ts");
  });

  it("a missing --entry file is refused, naming it", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = await runInit({ cwd: dir, providers: "github", entry: "src/nope.js", yes: true });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain("--entry src/nope.js: no such source file");
  });

  it.each([
    [
      "require('express')() in one go",
      "const app = require('express')()\n",
      "app.use('/auth', ExpressAuth(authConfig))",
    ],
    [
      "an app built in a factory function",
      "const express = require('express')\n\nfunction createApp() {\n  const app = express()\n  app.use(express.json())\n  app.get('/', (req, res) => res.send('ok'))\n  return app\n}\n\nmodule.exports = { createApp }\n",
      "  app.use(express.json())\n  app.use('/auth', ExpressAuth(authConfig))",
    ],
  ])("%s", async (_name, source, expected) => {
    const dir = copyFixture("express4-cjs-js");
    writeFileSync(join(dir, "src/index.js"), source);
    const run = await runInit({ cwd: dir, providers: "github", yes: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(tree(dir)["src/index.js"]).toContain(expected);
  });

  it("express() as Express, in TypeScript", async () => {
    const dir = copyFixture("express5-ts-split");
    const app = tree(dir)["src/app.ts"]!;
    writeFileSync(
      join(dir, "src/app.ts"),
      app.replace("export const app = express();", "export const app = express() as Express;"),
    );
    const run = await runInit({ cwd: dir, providers: "github", yes: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(tree(dir)["src/app.ts"]).toContain(
      'export const app = express() as Express;\n\napp.use(express.json());\napp.use("/auth", ExpressAuth(authConfig));',
    );
  });

  it("module.exports = express(): found, and the mount is a manual step", async () => {
    const dir = copyFixture("express4-cjs-js");
    writeFileSync(
      join(dir, "src/index.js"),
      "const express = require('express')\n\nmodule.exports = express()\n",
    );
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Express app")).toMatchObject({
      value: "an unnamed app in src/index.js:3",
    });
    expect(run.json!.plan.manual[0]).toContain("the app is created without a name");
    expect(tree(dir)["src/auth.js"]).toBeDefined();
  });

  it("no app at all: config and env are still planned, the mount snippet is printed", async () => {
    const dir = copyFixture("express4-cjs-js");
    writeFileSync(join(dir, "src/index.js"), "module.exports = require('./server-factory')\n");
    const run = await runInit({ cwd: dir, providers: "github", yes: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain("No Express app found");
    expect(run.stderr).toContain(
      "By hand: Mount the endpoints in the file that creates the Express app",
    );
    expect(run.stderr).toContain(
      'const { ExpressAuth } = require("@create-auth/runtime/express");',
    );
    expect(run.stderr).toContain('app.use("/auth", ExpressAuth(authConfig));');
    const files = tree(dir);
    expect(files["src/auth.js"]).toContain("GitHub");
    expect(files[".env"]).toContain("AUTH_SECRET=");
    expect(files["src/index.js"]).toBe("module.exports = require('./server-factory')\n");
  });
});

describe("finding the Fastify app", () => {
  it("fastify-cli starts the app plugin: named with what the script runs; .env, no loader", async () => {
    const dir = copyFixture("fastify-cli-ts");
    editJson(dir, "package.json", (pkg) => {
      const scripts = pkg.scripts as Record<string, string>;
      scripts["dev:start"] = scripts["dev:start"]!.replace("-P dist", "-p 4321 -P dist");
      delete scripts.start;
    });
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Fastify app")).toEqual({
      label: "Fastify app",
      value: "the plugin exported by src/app.ts (instance: fastify, src/app.ts:15)",
      evidence:
        "scripts.dev:start runs fastify start dist/app.js (built from src/app.ts): fastify-cli creates the instance; @fastify/autoload loads plugins and routes from folders",
    });
    expect(finding(run, "Env loading")).toMatchObject({
      value: "framework",
      evidence: "fastify-cli (scripts.dev:start: fastify start) loads .env",
    });
    expect(finding(run, "Dev port")).toMatchObject({ value: "4321" });
    const paths = run.json!.plan.files.map((f: { path: string }) => f.path);
    expect(paths).toContain(".env");
    expect(paths).not.toContain("src/env.ts");
  });

  it("an unnamed instance is found, and the registration is a manual step", async () => {
    const dir = copyFixture("fastify5-cjs-js");
    writeFileSync(
      join(dir, "server.js"),
      "module.exports = require('fastify')({ logger: true })\n",
    );
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Fastify app")).toMatchObject({
      value: "an unnamed instance in server.js:1",
    });
    expect(run.json!.plan.manual[0]).toBe(
      "In server.js, the instance is created without a name (module.exports = require('fastify')({ logger: true })): name it (const app = Fastify(…)), register the endpoints on it, then use it as before:\n  const { FastifyAuth } = require('@create-auth/runtime/fastify');\n  const { authConfig } = require('./auth.js');\n  app.register(FastifyAuth(authConfig), { prefix: '/auth' });",
    );
    expect(tree(dir)["server.js"]).toBe("module.exports = require('fastify')({ logger: true })\n");
  });

  it("--entry names an app plugin without fastify-cli; a routes plugin alone is not the app", async () => {
    const dir = copyFixture("fastify5-cjs-js");
    writeFileSync(
      join(dir, "server.js"),
      "module.exports = async function (app) {\n  app.register(require('./routes/users'), { prefix: '/users' })\n}\n",
    );
    const unknown = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(finding(unknown, "Fastify app")).toMatchObject({ value: "not found" });
    expect(unknown.json!.plan.manual[0]).toMatch(
      /^Register the endpoints where the Fastify instance is created/,
    );
    const named = await runInit({
      cwd: dir,
      providers: "github",
      entry: "server.js",
      yes: true,
      json: true,
    });
    expect(finding(named, "Fastify app")).toMatchObject({
      value: "the plugin exported by server.js (instance: app, server.js:1)",
      evidence: "--entry",
    });
    expect(tree(dir)["server.js"]).toContain(
      "module.exports = async function (app) {\n  app.register(FastifyAuth(authConfig), { prefix: '/auth' })\n",
    );
  });

  it("the dev port is what listen({ port }) says", async () => {
    const dir = copyFixture("fastify5-cjs-js");
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(finding(run, "Dev port")).toEqual({
      label: "Dev port",
      value: "4000",
      evidence: "server.js",
    });
  });
});

describe("the module system is the app file's own", () => {
  it("an .mjs app in a CommonJS package is ESM, and the generated files are too", async () => {
    const dir = copyFixture("express4-cjs-js");
    const app = tree(dir)["src/index.js"]!;
    rmSync(join(dir, "src/index.js"));
    write(
      dir,
      "src/index.mjs",
      app.replace(/const express = require\((['"])express\1\);?/, 'import express from "express";'),
    );
    editJson(dir, "package.json", (pkg) => {
      pkg.main = "src/index.mjs";
      pkg.scripts = { start: "node src/index.mjs" };
    });
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Modules")).toMatchObject({
      value: "ESM",
      evidence: expect.stringContaining("src/index.mjs"),
    });
    const generated = run.json!.plan.files.map((f: { path: string }) => f.path);
    expect(generated).toContain("src/auth.mjs");
  });

  it("a CommonJS app says why", async () => {
    const run = await runInit({
      cwd: copyFixture("express4-cjs-js"),
      providers: "github",
      dryRun: true,
      json: true,
    });
    expect(finding(run, "Modules")).toMatchObject({
      value: "CommonJS",
      evidence: 'src/index.js: no "type" in package.json (CommonJS by default)',
    });
  });
});

describe("framework and version", () => {
  it("the installed version beats the declared range", async () => {
    const dir = copyFixture("express4-cjs-js");
    write(dir, "node_modules/express/package.json", '{ "name": "express", "version": "5.1.0" }');
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(finding(run, "Framework")).toEqual({
      label: "Framework",
      value: "Express 5",
      evidence: "express 5.1.0 in node_modules/express/package.json",
    });
  });

  // The range the runtime's install admits (its peer range): the CLI says the same, from there.
  const expressRange = JSON.parse(
    readFileSync(new URL("../../runtime/package.json", import.meta.url), "utf8"),
  ).peerDependencies.express as string;

  it.each([
    ["installed", "4.15.0", "express 4.15.0 in node_modules/express/package.json"],
    ["declared", "~4.15.0", 'express "~4.15.0" in package.json'],
    ["declared", "^3.21.2", 'express "^3.21.2" in package.json'],
  ])("an Express the runtime does not support (%s %s) is refused before anything is written", async (kind, version, evidence) => {
    const dir = copyFixture("express4-cjs-js");
    if (kind === "installed")
      write(dir, "node_modules/express/package.json", JSON.stringify({ name: "express", version }));
    else
      editJson(dir, "package.json", (pkg) => {
        (pkg.dependencies as Record<string, string>).express = version;
      });
    const before = tree(dir);
    const run = await runInit({ cwd: dir, providers: "credentials", yes: true, json: true });
    expect(run.exitCode).not.toBe(0);
    expect(run.json!.error).toMatchObject({
      code: "unsupported_version",
      message: `Express ${version} is not supported: it needs "express" ${expressRange} (found ${evidence}). Upgrade express, then run init again.`,
    });
    expect(tree(dir)).toEqual(before);
  });

  it("express-generator 4's ~4.16.1 is supported, as the runtime's peer range admits it", async () => {
    expect(expressRange).toMatch(/^\^4\.16\.0 \|\| /);
    const dir = copyFixture("express4-cjs-js");
    editJson(dir, "package.json", (pkg) => {
      (pkg.dependencies as Record<string, string>).express = "~4.16.1";
    });
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Framework")).toMatchObject({ value: "Express 4" });
  });

  it("--framework settles a project with both", async () => {
    const dir = copyFixture("express4-cjs-js");
    editJson(dir, "package.json", (pkg) => {
      (pkg.dependencies as Record<string, string>)["@solidjs/start"] = "^1.3.2";
    });
    const ambiguous = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(ambiguous.json!.error.code).toBe("ambiguous_framework");
    const chosen = await runInit({
      cwd: dir,
      framework: "express",
      providers: "github",
      dryRun: true,
      json: true,
    });
    expect(chosen.exitCode, chosen.stderr).toBe(0);
    expect(chosen.json!.reproduce).toContain("--framework express");
  });

  it("SolidStart's evidence names the config file, vinxi and src/routes; its port is vinxi's", async () => {
    const dir = copyFixture("solid-start-1-ts");
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(finding(run, "Framework").evidence).toBe(
      '@solidjs/start "^1.3.2" in package.json, app.config.ts, vinxi, src/routes',
    );
    expect(finding(run, "Dev port")).toMatchObject({ value: "3000", evidence: "vinxi's default" });
  });

  it("SolidStart 2 listens where vite.config says, else on Vite's 5173", async () => {
    const dir = copyFixture("solid-start-2-ts");
    const vite = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(vite.json!.nextSteps.callbackUrls[0].url).toBe(
      "http://localhost:5173/api/auth/callback/github",
    );
    const config = tree(dir)["vite.config.ts"]!;
    writeFileSync(
      join(dir, "vite.config.ts"),
      config.replace("plugins:", "server: { port: 4321 }, plugins:"),
    );
    const configured = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(finding(configured, "Dev port")).toMatchObject({ value: "4321" });
  });
});

describe("the package manager of a workspace app", () => {
  it("comes from the workspace root's packageManager, without a lockfile", () => {
    const dir = copyFixture("pnpm-workspace", false);
    rmSync(join(dir, "pnpm-lock.yaml"));
    expect(detectPackageManager(join(dir, "apps/api"), {})).toEqual({
      name: "pnpm",
      evidence: `"packageManager": "pnpm@9.15.0" in ${join(dir, "package.json")}`,
    });
  });

  it("pnpm-workspace.yaml alone means pnpm", () => {
    const dir = copyFixture("pnpm-workspace", false);
    rmSync(join(dir, "pnpm-lock.yaml"));
    writeFileSync(join(dir, "package.json"), '{ "name": "monorepo", "private": true }');
    expect(detectPackageManager(join(dir, "apps/api"), {}).name).toBe("pnpm");
  });

  it("a lockfile above the workspace root is someone else's", () => {
    const outer = copyFixture("pnpm-workspace", false);
    writeFileSync(join(outer, "yarn.lock"), "");
    const app = join(outer, "apps/api");
    writeFileSync(join(outer, "package.json"), '{ "name": "not-a-workspace" }');
    rmSync(join(outer, "pnpm-workspace.yaml"));
    rmSync(join(outer, "pnpm-lock.yaml"));
    expect(detectPackageManager(app, {}).evidence).not.toContain("yarn.lock");
  });
});
