import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addProvider } from "../../src/commands/add-provider.js";
import { check } from "../../src/commands/check.js";
import { copyFixture, removeTemporary, runCommand, runInit, tree } from "../support/cli.js";

// Shapes of real open-source projects on which init's detection or edits went wrong (issue 23).

afterAll(removeTemporary);

function write(dir: string, file: string, text: string) {
  mkdirSync(join(dir, file, ".."), { recursive: true });
  writeFileSync(join(dir, file), text);
}

function editJson(dir: string, file: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(readFileSync(join(dir, file), "utf8"));
  change(json);
  writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
}

const finding = (run: Awaited<ReturnType<typeof runInit>>, label: string) =>
  run.json!.findings.find((f: { label: string }) => f.label === label);

const addDotenv = (dir: string) =>
  editJson(dir, "package.json", (pkg) => {
    pkg.dependencies = { ...(pkg.dependencies as object), dotenv: "^16.4.0" };
  });

describe("env loading found in the modules the app imports", () => {
  it("require('dotenv').config() in src/config/config.js, required by the entry", async () => {
    const dir = copyFixture("express4-cjs-js");
    addDotenv(dir);
    write(
      dir,
      "src/config/config.js",
      "require('dotenv').config()\n\nmodule.exports = { port: process.env.PORT || 4000 }\n",
    );
    const index = readFileSync(join(dir, "src/index.js"), "utf8");
    write(
      dir,
      "src/index.js",
      index.replace(
        "const path = require('path')",
        "const path = require('path')\nconst config = require('./config/config')",
      ),
    );
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Env loading")).toEqual({
      label: "Env loading",
      value: "dotenv",
      evidence: "dotenv in package.json and src/config/config.js (imported from src/index.js)",
    });
    const files = tree(dir);
    expect(files["src/env.js"]).toBeUndefined();
    expect(files["src/auth.js"]).not.toContain("loadEnv");
    expect(files[".env"]).toMatch(/^AUTH_SECRET=/m);
  });

  it("dotenv.config({ path }) in src/util/secrets.ts, two imports away, names the env file", async () => {
    const dir = copyFixture("express5-ts-split");
    addDotenv(dir);
    write(
      dir,
      "src/util/secrets.ts",
      'import dotenv from "dotenv";\nimport fs from "node:fs";\n\ndotenv.config({ path: fs.existsSync(".env.local") ? ".env.local" : ".env.example" });\n\nexport const SESSION_SECRET = process.env.SESSION_SECRET;\n',
    );
    write(dir, "src/util/logger.ts", 'import "./secrets.js";\nexport const log = console.log;\n');
    const app = readFileSync(join(dir, "src/app.ts"), "utf8");
    write(dir, "src/app.ts", `import { log } from "./util/logger.js";\n${app}log("app");\n`);
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Env loading").evidence).toBe(
      "dotenv in package.json and src/util/secrets.ts (imported from src/util/logger.ts)",
    );
    // The fallback `.env.example` is not where secrets go.
    expect(finding(run, "Env file").value).toBe(".env.local");
    const files = tree(dir);
    expect(files["src/env.ts"]).toBeUndefined();
    expect(files[".env.local"]).toMatch(/^AUTH_SECRET=/m);
    expect(files[".env.example"]).not.toMatch(/^AUTH_SECRET=.+/m);
  });

  it("a module imported through a tsconfig paths alias (@/config/env)", async () => {
    const dir = copyFixture("express5-ts-split");
    addDotenv(dir);
    const tsconfig = readFileSync(join(dir, "tsconfig.json"), "utf8");
    write(
      dir,
      "tsconfig.json",
      tsconfig.replace(
        '"strict": true,',
        '"strict": true,\n    "baseUrl": ".",\n    "paths": { "@/*": ["src/*"] },',
      ),
    );
    write(dir, "src/config/env.ts", 'import "dotenv/config";\nexport const env = process.env;\n');
    const server = readFileSync(join(dir, "src/server.ts"), "utf8");
    write(dir, "src/server.ts", `import { env } from "@/config/env";\n${server}void env;\n`);
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Env loading")).toMatchObject({
      value: "dotenv",
      evidence: "dotenv in package.json and src/config/env.ts (imported from src/server.ts)",
    });
    expect(tree(dir)["src/env.ts"]).toBeUndefined();
  });
});

describe("the dev port from where the app keeps it", () => {
  const listenOnConfig = (dir: string, importLine: string) => {
    write(
      dir,
      "src/server.ts",
      `${importLine}\nimport { app } from "./app.js";\n\napp.listen(env.PORT, () => console.log("up"));\n`,
    );
  };

  it.each([
    [
      "zod",
      'import { z } from "zod";\n\nexport const env = z\n  .object({\n    DATABASE_PORT: z.coerce.number().default(5432),\n    PORT: z.coerce.number().default(8080),\n  })\n  .parse(process.env);\n',
    ],
    [
      "envalid",
      'import { cleanEnv, port, str } from "envalid";\n\nexport const env = cleanEnv(process.env, {\n  NODE_ENV: str({ default: "development" }),\n  PORT: port({ default: 8080 }),\n});\n',
    ],
  ])("an env schema's default (%s) in an imported module", async (_name, schema) => {
    const dir = copyFixture("express5-ts-split");
    write(dir, "src/env.schema.ts", schema);
    listenOnConfig(dir, 'import { env } from "./env.schema.js";');
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Dev port")).toMatchObject({
      value: "8080",
      evidence: "src/env.schema.ts (imported from src/server.ts)",
    });
    expect(JSON.stringify(run.json!.nextSteps)).toContain(
      "http://localhost:8080/auth/callback/github",
    );
  });

  it("process.env.PORT || config.port, with config in another module, not the database's port", async () => {
    const dir = copyFixture("express4-cjs-js");
    write(dir, "src/db.js", "module.exports = { port: 5432, host: 'localhost' }\n");
    write(
      dir,
      "src/config.js",
      "module.exports = {\n  db: { host: 'localhost', port: 27017 },\n  port: 8080,\n}\n",
    );
    const index = readFileSync(join(dir, "src/index.js"), "utf8");
    write(
      dir,
      "src/index.js",
      index
        .replace(
          "const path = require('path')",
          "const path = require('path')\nconst db = require('./db')\nconst config = require('./config')",
        )
        .replace(
          "const port = process.env.PORT || 4000",
          "const port = process.env.PORT || config.port",
        ),
    );
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Dev port")).toMatchObject({
      value: "8080",
      evidence: "src/config.js (imported from src/index.js)",
    });
  });
});

describe("a config file never shadows a folder of the same name", () => {
  const runCheck = (dir: string) =>
    runCommand((io) => check({ cwd: dir, environment: {} }, io), { json: true });
  const rulesOf = (run: Awaited<ReturnType<typeof runCheck>>) =>
    (run.json!.findings as { rule: string }[]).map((f) => f.rule);

  it("SolidStart with src/auth/index.ts gets src/auth.config.ts, found again by init, add-provider and check", async () => {
    const dir = copyFixture("solid-start-1-ts");
    write(dir, "src/auth/index.ts", "export const roles = ['admin', 'user'];\n");
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    const files = tree(dir);
    expect(files["src/auth.ts"]).toBeUndefined();
    expect(files["src/auth.config.ts"]).toContain("export const authConfig");
    expect(files["src/routes/api/auth/[...auth].ts"]).toMatch(/auth\.config["']/);
    // A second init finds the file it wrote and changes nothing.
    const again = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(tree(dir)).toEqual(files);
    expect(rulesOf(await runCheck(dir))).not.toContain("module-shadows-folder");
    const add = await runCommand(
      (io) => addProvider("google", { cwd: dir, yes: true, install: false }, io),
      { json: true, yes: true },
    );
    expect(add.exitCode, add.stderr).toBe(0);
    expect(readFileSync(join(dir, "src/auth.config.ts"), "utf8")).toMatch(/^\s+Google,$/m);
    expect(tree(dir)["src/auth.ts"]).toBeUndefined();
  });

  it("Express with src/auth/ (and src/env/) gets auth.config.js and load-env.js", async () => {
    const dir = copyFixture("express4-cjs-js");
    write(dir, "src/auth/index.js", "module.exports = { roles: ['admin'] }\n");
    write(dir, "src/env/index.js", "module.exports = process.env\n");
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    const files = tree(dir);
    expect(files["src/auth.js"]).toBeUndefined();
    expect(files["src/env.js"]).toBeUndefined();
    expect(files["src/auth.config.js"]).toContain("require('./load-env.js')");
    expect(files["src/index.js"]).toContain("require('./auth.config.js')");
  });

  it("check flags an auth config that shadows a folder's index", async () => {
    const dir = copyFixture("express4-cjs-js");
    expect((await runInit({ cwd: dir, providers: "github", yes: true })).exitCode).toBe(0);
    write(dir, "src/auth/index.js", "module.exports = { roles: ['admin'] }\n");
    const run = await runCheck(dir);
    const finding = (run.json!.findings as { rule: string; file: string; severity: string }[]).find(
      (f) => f.rule === "module-shadows-folder",
    );
    expect(finding).toMatchObject({ file: "src/auth.js", severity: "error" });
  });
});

describe("env file conventions", () => {
  it("a project's .env.template is its example file: no .env.example beside it", async () => {
    const dir = copyFixture("express4-cjs-js");
    write(dir, ".env.template", "# Copy to .env\nPORT=4000\n");
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    const files = tree(dir);
    expect(files[".env.example"]).toBeUndefined();
    expect(files[".env.template"]).toMatch(/^# Copy to \.env\nPORT=4000\n/);
    expect(files[".env.template"]).toMatch(/^AUTH_SECRET=$/m);
    expect(files[".env.template"]).toMatch(/^AUTH_GITHUB_SECRET=$/m);
    expect(files[".gitignore"]).not.toContain(".env.template");
  });

  it("an example file the app falls back to: the new .env starts from it; its samples are not weak secrets, and --fix leaves them", async () => {
    const dir = copyFixture("express4-cjs-js");
    addDotenv(dir);
    const index = readFileSync(join(dir, "src/index.js"), "utf8");
    write(
      dir,
      "src/index.js",
      `const fs = require('fs')\nrequire('dotenv').config({ path: fs.existsSync('.env') ? '.env' : '.env.template' })\n${index}`,
    );
    write(
      dir,
      ".env.template",
      "PORT=4000\nMONGO_URL=mongodb://localhost/app\nAUTH_SECRET=thisisasamplesecret\n",
    );
    const init = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(init.exitCode, init.stderr).toBe(0);
    expect(finding(init, "Env file").value).toBe(".env");
    // The app read .env.template while .env was missing: the new .env keeps what it gave.
    const env = readFileSync(join(dir, ".env"), "utf8");
    expect(env).toMatch(/^PORT=4000\nMONGO_URL=mongodb:\/\/localhost\/app\n/);
    expect(env).toMatch(/^AUTH_SECRET=[\w-]{43}$/m);
    expect(env).not.toContain("thisisasamplesecret");
    expect(init.json!.plan.manual).toContainEqual(
      expect.stringContaining(
        ".env starts as a copy of .env.template: src/index.js loads .env.template",
      ),
    );
    const template = readFileSync(join(dir, ".env.template"), "utf8");
    expect(template).toMatch(/^AUTH_SECRET=thisisasamplesecret$/m);
    const run = await runCommand((io) => check({ cwd: dir, environment: {} }, io), { json: true });
    const findings = run.json!.findings as { rule: string; file?: string; fix: string }[];
    const secretRules = findings.filter((f) => f.rule.startsWith("secret-"));
    expect(secretRules.map((f) => [f.rule, f.file])).toEqual([
      ["secret-in-env-example", ".env.template"],
    ]);
    expect(secretRules[0]!.fix).toContain("src/index.js");
    await runCommand((io) => check({ cwd: dir, environment: {}, fix: true }, io), {
      json: true,
      yes: true,
    });
    expect(readFileSync(join(dir, ".env.template"), "utf8")).toBe(template);
  });

  it("check --fix still empties a secret in an example file nothing loads", async () => {
    const dir = copyFixture("express4-cjs-js");
    expect((await runInit({ cwd: dir, providers: "github", yes: true })).exitCode).toBe(0);
    write(dir, ".env.example", "AUTH_SECRET=Yq3Xk9vB2mN7pL4wR8tZ1cF6hJ0sD5gA\n");
    await runCommand((io) => check({ cwd: dir, environment: {}, fix: true }, io), {
      json: true,
      yes: true,
    });
    expect(readFileSync(join(dir, ".env.example"), "utf8")).toBe("AUTH_SECRET=\n");
  });
});

describe("small ones", () => {
  it('a TypeScript app without "type": "module" is labelled CommonJS, with why', async () => {
    const dir = copyFixture("express5-ts-split");
    editJson(dir, "package.json", (pkg) => {
      delete pkg.type;
    });
    const tsconfig = readFileSync(join(dir, "tsconfig.json"), "utf8");
    write(
      dir,
      "tsconfig.json",
      tsconfig
        .replace('"module": "NodeNext"', '"module": "commonjs"')
        .replace('"moduleResolution": "NodeNext"', '"moduleResolution": "node10"'),
    );
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(finding(run, "Modules")).toMatchObject({
      value: "CommonJS",
      evidence:
        'src/app.ts: TypeScript compiled to CommonJS (no "type": "module" in package.json, tsconfig module commonjs)',
    });
  });
});

describe("the one-line equivalent reproduces the run", () => {
  it("keeps --runtime-spec (quoted for the shell), --no-install, --force and --no-git-check", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = await runInit(
      {
        cwd: dir,
        install: false,
        runtimeSpec: "^0.1.0",
        force: true,
        gitCheck: false,
      },
      { answers: [["github"], "jwt", "/auth", false, false, true] },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "Next time, without questions: npx create-auth init --framework express --providers github --strategy jwt --mount /auth --runtime-spec '^0.1.0' --no-install --force --no-git-check --yes",
    );
  });
});

describe("a second init --protect", () => {
  it("prints no step that the first one did, and names only a path not yet protected", async () => {
    const dir = copyFixture("solid-start-1-ts");
    const first = await runInit({
      cwd: dir,
      providers: "github",
      protect: "/account",
      yes: true,
      json: true,
    });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(tree(dir)["src/middleware.ts"]).toContain("authMiddleware(");
    const again = await runInit({
      cwd: dir,
      providers: "github",
      protect: "/account",
      yes: true,
      json: true,
    });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.json!.plan.manual).toEqual([]);
    const more = await runInit({
      cwd: dir,
      providers: "github",
      protect: "/account,/admin",
      yes: true,
      json: true,
    });
    expect(more.json!.plan.manual).toEqual([
      'Add "/admin" to the protectedPaths of authMiddleware in src/middleware.ts.',
    ]);
  });
});

describe("bad input: refused, named, nothing written", () => {
  it("an entry file that does not parse: file, line and the parser's message", async () => {
    const dir = copyFixture("express4-cjs-js");
    const index = readFileSync(join(dir, "src/index.js"), "utf8");
    write(dir, "src/index.js", index.replace("res.send('Account')\n})", "res.send('Account')\n"));
    const before = tree(dir);
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode).toBe(1);
    expect(run.json!.error).toMatchObject({
      code: "parse_error",
      details: { file: "src/index.js", parser: "'}' expected." },
    });
    expect(run.json!.error.message).toMatch(
      /^src\/index\.js:\d+:\d+: '}' expected\. .*nothing was written/,
    );
    expect(tree(dir)).toEqual(before);
  });

  it("a read-only app file is not replaced behind its mode", async () => {
    const dir = copyFixture("express4-cjs-js");
    chmodSync(join(dir, "src/index.js"), 0o444);
    const before = tree(dir);
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode).toBe(1);
    expect(run.json!.error).toMatchObject({
      code: "read_only",
      details: { files: ["src/index.js"] },
    });
    expect(run.json!.error.message).toContain("src/index.js is read-only: nothing was written");
    expect(tree(dir)).toEqual(before);
    expect(statSync(join(dir, "src/index.js")).mode & 0o777).toBe(0o444);
  });
});
