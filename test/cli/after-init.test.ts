import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addProvider } from "../../src/commands/add-provider.js";
import { check } from "../../src/commands/check.js";
import { migrateCommand } from "../../src/commands/migrate.js";
import { secret } from "../../src/commands/secret.js";
import { copyFixture, removeTemporary, runBin, runCommand, runInit } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
const write = (dir: string, file: string, text: string) => writeFileSync(join(dir, file), text);
const edit = (dir: string, file: string, change: (text: string) => string) =>
  write(dir, file, change(read(dir, file)));
const json = { json: true };
const bin = new URL("../../bin/create-auth.js", import.meta.url).pathname;

/** An Express 5 app that loads `.env.local` with dotenv, set up by init. */
async function dotenvLocalApp() {
  const dir = copyFixture("express5-ts-split");
  edit(
    dir,
    "src/server.ts",
    (t) => `import dotenv from "dotenv";\ndotenv.config({ path: ".env.local" });\n${t}`,
  );
  edit(dir, "package.json", (t) =>
    t.replace('"express": "^5.1.0"', '"dotenv": "^16.4.0",\n    "express": "^5.1.0"'),
  );
  const init = await runInit({ cwd: dir, yes: true, providers: "github", json: true });
  expect(init.json?.answers.envFile).toBe(".env.local");
  return dir;
}

describe("every command after init uses the env file the app loads", () => {
  it("check, secret --rotate and add-provider read and write .env.local", async () => {
    const dir = await dotenvLocalApp();
    expect(existsSync(join(dir, ".env"))).toBe(false);
    const checked = await runCommand((io) => check({ cwd: dir, environment: {} }, io), json);
    expect(checked.json?.envFile).toBe(".env.local");
    expect(checked.json?.findings.map((f: { rule: string }) => f.rule)).toEqual([
      "provider-env-missing",
      "runtime-version",
    ]);
    const rotated = await runCommand(
      (io) => secret({ cwd: dir, rotate: true, yes: true }, io),
      json,
    );
    expect(rotated.json).toMatchObject({ key: "AUTH_SECRET_NEXT", envFile: ".env.local" });
    expect(read(dir, ".env.local")).toMatch(/^AUTH_SECRET_NEXT=.+$/m);
    const added = await runCommand(
      (io) => addProvider("gitlab", { cwd: dir, yes: true, install: false }, io),
      json,
    );
    expect(added.json?.envFile).toBe(".env.local");
    expect(existsSync(join(dir, ".env"))).toBe(false);
  });

  it("--env-path is taken relative to the project, and must stay inside it", async () => {
    const dir = copyFixture("check-express");
    const run = await runCommand((io) => secret({ cwd: dir, envFile: "./.env.local" }, io), json);
    expect(run.json?.envFile).toBe(".env.local");
    expect(read(dir, ".gitignore")).toMatch(/^\.env\.local$/m);
    const git = spawnSync("git", ["check-ignore", "-q", ".env.local"], { cwd: dir });
    expect(git.status).toBe(0);
    const outside = await runCommand(
      (io) => secret({ cwd: dir, envFile: "../elsewhere.env" }, io),
      json,
    );
    expect(outside.json?.error).toMatchObject({ code: "invalid_flag" });
  });

  it("a blank value in the env file does not hide the environment's", async () => {
    const dir = copyFixture("check-express");
    write(dir, ".env", `AUTH_SECRET=\nAUTH_GITHUB_ID=\nAUTH_GITHUB_SECRET=x\n`);
    const run = await runCommand(
      (io) =>
        check(
          {
            cwd: dir,
            environment: {
              AUTH_SECRET: "Yq3Xk9vB2mN7pL4wR8tZ1cF6hJ0sD5gA-e_UoIiKyTx",
              AUTH_GITHUB_ID: "id",
            },
          },
          io,
        ),
      json,
    );
    expect(run.json?.findings).toEqual([]);
  });
});

describe("init, then the other commands, on shapes people write", () => {
  it("init fills a blank AUTH_SECRET instead of keeping it blank", async () => {
    const dir = copyFixture("express5-ts-split");
    write(dir, ".env", "AUTH_SECRET=\n");
    expect((await runInit({ cwd: dir, yes: true, providers: "credentials" })).exitCode).toBe(0);
    expect(read(dir, ".env")).toMatch(/^AUTH_SECRET=[\w-]{43}$/m);
    expect(read(dir, ".env").match(/^AUTH_SECRET=/gm)).toHaveLength(1);
  });

  it("init says when TypeScript cannot find or read the runtime, and only then", async () => {
    const manual = async (dir: string) =>
      (
        await runInit({ cwd: dir, providers: "credentials", dryRun: true, json: true })
      ).json?.plan.manual.join("\n") as string;
    // CommonJS on Node10 resolution finds the runtime's folder per entry point: nothing to say.
    const node10 = copyFixture("express5-ts-split");
    edit(node10, "tsconfig.json", (t) =>
      t
        .replace('"module": "NodeNext"', '"module": "CommonJS"')
        .replace('"moduleResolution": "NodeNext",', ""),
    );
    expect(await manual(node10)).not.toMatch(/TS2307|Upgrade TypeScript/);
    const classic = copyFixture("express5-ts-split");
    edit(classic, "tsconfig.json", (t) =>
      t.replace('"moduleResolution": "NodeNext"', '"moduleResolution": "Classic"'),
    );
    expect(await manual(classic)).toMatch(/resolves modules as "classic".*TS2307/);
    const old = copyFixture("express5-ts-split");
    edit(old, "package.json", (t) => t.replace(/"typescript": "[^"]+"/, '"typescript": "4.1.5"'));
    expect(await manual(old)).toMatch(/Upgrade TypeScript \(4\.1\.5 here\)/);
  });

  it("init leaves a configuration of the user's own alone, without an unused env loader", async () => {
    const dir = copyFixture("check-express");
    const run = await runInit({ cwd: dir, yes: true, providers: "github", json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(existsSync(join(dir, "src/env.ts"))).toBe(false);
  });

  it("a handler held in a variable counts as mounted", async () => {
    const dir = copyFixture("check-express");
    write(
      dir,
      ".env",
      "AUTH_SECRET=Yq3Xk9vB2mN7pL4wR8tZ1cF6hJ0sD5gA-e_UoIiKyTx\nAUTH_GITHUB_ID=a\nAUTH_GITHUB_SECRET=b\n",
    );
    edit(dir, "src/app.ts", (t) =>
      t.replace(
        'app.use("/auth", ExpressAuth(authConfig));',
        'const auth = ExpressAuth(authConfig);\napp.use("/auth", auth);',
      ),
    );
    const checked = await runCommand((io) => check({ cwd: dir, environment: {} }, io), json);
    expect(checked.json?.findings).toEqual([]);
    await runInit({ cwd: dir, yes: true, providers: "github" });
    expect(read(dir, "src/app.ts").match(/ExpressAuth\(/g)).toHaveLength(1);
  });

  it.each([
    ["module.exports = { … }", "module.exports = {\n  providers: [\n    GitHub,\n  ],\n};\n"],
    [
      "exports.authConfig = { … }",
      "exports.authConfig = {\n  providers: [\n    GitHub,\n  ],\n};\n",
    ],
  ])("add-provider edits a CommonJS configuration: %s", async (_, body) => {
    const dir = copyFixture("express4-cjs-js");
    write(
      dir,
      "src/auth.js",
      `const GitHub = require("@create-auth/runtime/providers/github").default;\n\n${body}`,
    );
    const run = await runCommand(
      (io) => addProvider("google", { cwd: dir, yes: true, install: false }, io),
      json,
    );
    expect(run.exitCode, run.stdout).toBe(0);
    const config = read(dir, "src/auth.js");
    expect(config).toContain(
      'const Google = require("@create-auth/runtime/providers/google").default;',
    );
    expect(config).toMatch(/ {4}GitHub,\n {4}Google,\n {2}\]/);
  });

  it("a comment after the last provider stays on its line", async () => {
    const dir = copyFixture("check-express");
    write(
      dir,
      "src/auth.ts",
      'import GitHub from "@create-auth/runtime/providers/github";\n\nexport const authConfig = {\n  providers: [\n    GitHub // main login\n  ],\n};\n',
    );
    await runCommand((io) => addProvider("discord", { cwd: dir, yes: true, install: false }, io));
    expect(read(dir, "src/auth.ts")).toContain("    GitHub, // main login\n    Discord\n  ],");
  });

  it("add-provider says what is still to do by hand, every time", async () => {
    const dir = copyFixture("check-express");
    write(
      dir,
      "src/auth.ts",
      'import { build } from "./providers.js";\nexport const authConfig = { providers: build() };\n',
    );
    const first = await runCommand((io) =>
      addProvider("twitch", { cwd: dir, yes: true, install: false }, io),
    );
    expect(first.stdout).not.toContain("Added twitch");
    expect(first.stderr).toContain("add twitch to src/auth.ts by hand");
    const again = await runCommand((io) =>
      addProvider("twitch", { cwd: dir, yes: true, install: false }, io),
    );
    expect(again.stdout).not.toContain("already configured");
    expect(again.stderr).toContain('import Twitch from "@create-auth/runtime/providers/twitch"');
  });
});

describe("check: fixes and reports that hold up", () => {
  it("--fix rewrites a wildcard mount written over several lines", async () => {
    const dir = copyFixture("check-express");
    write(
      dir,
      ".env",
      "AUTH_SECRET=Yq3Xk9vB2mN7pL4wR8tZ1cF6hJ0sD5gA-e_UoIiKyTx\nAUTH_GITHUB_ID=a\nAUTH_GITHUB_SECRET=b\n",
    );
    edit(dir, "src/app.ts", (t) =>
      t.replace(
        'app.use("/auth", ExpressAuth(authConfig));',
        'app.use(\n  "/auth/*",\n  ExpressAuth(authConfig),\n);',
      ),
    );
    const before = await runCommand((io) => check({ cwd: dir, environment: {} }, io), json);
    expect(before.json?.findings[0]).toMatchObject({ rule: "express5-wildcard-mount", line: 10 });
    const fixed = await runCommand(
      (io) => check({ cwd: dir, environment: {}, fix: true }, io),
      json,
    );
    expect(fixed.json?.findings).toEqual([]);
    expect(read(dir, "src/app.ts")).toContain(
      'app.use(\n  "/auth",\n  ExpressAuth(authConfig),\n);',
    );
  });

  it("--fix skips what it may not do to a tracked env file, and still reports", async () => {
    const dir = copyFixture("check-express");
    write(dir, ".env", "AUTH_SECRET=changeme\nAUTH_GITHUB_ID=a\nAUTH_GITHUB_SECRET=b\n");
    execFileSync("git", ["add", "-f", ".env"], { cwd: dir });
    const run = await runCommand((io) => check({ cwd: dir, environment: {}, fix: true }, io));
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain("Not fixed (secret-placeholder)");
    expect(run.stdout).toContain("secret-in-tracked-file");
    expect(read(dir, ".env")).toContain("AUTH_SECRET=changeme");
  });

  it("an env file that is a folder is a clear error, not a stack trace", async () => {
    const dir = copyFixture("check-express");
    mkdirSync(join(dir, ".env"));
    const run = runBin(["secret", "--cwd", dir]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(".env is a folder, not a file");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("a reader that stops early is not an error", () => {
    const dir = copyFixture("check-express");
    const run = spawnSync(
      "sh",
      ["-c", `"${process.execPath}" "${bin}" check --list | head -c 20`],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    expect(run.stderr).not.toContain("EPIPE");
  });

  it("--json makes usage errors JSON too, and --list matches the schema", async () => {
    const usage = runBin(["check", "--no-such-flag", "--json"]);
    expect(usage.exitCode).toBe(1);
    expect(JSON.parse(usage.stdout)).toMatchObject({ ok: false, error: { code: "usage" } });
    expect(schemaErrors("error", JSON.parse(usage.stdout))).toEqual([]);
    const list = await runCommand((io) => check({ cwd: ".", list: true }, io), json);
    expect(schemaErrors("check", list.json)).toEqual([]);
  });
});

describe("migrate reads the connection string the app would", () => {
  it("a blank DATABASE_URL in the env file does not hide the environment's", async () => {
    const dir = copyFixture("express5-ts-split");
    await runInit({ cwd: dir, yes: true, providers: "email", database: "postgres" });
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = "postgres://app:pw@127.0.0.1:1/none";
    try {
      const run = await runCommand((io) => migrateCommand({ cwd: dir }, io), json);
      // It got as far as loading the runtime: the URL came from the environment.
      expect(run.json?.error.code).not.toBe("missing_answer");
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});
