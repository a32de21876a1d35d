import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runtimeDependency } from "../../src/commands/init/runtime-spec.js";
import { applyChanges } from "../../src/plan/apply.js";
import { unifiedDiff } from "../../src/plan/diff.js";
import { gitState } from "../../src/project/git.js";
import { copyFixture, removeTemporary, runInit, tree } from "../support/cli.js";

afterAll(removeTemporary);

/** The order in which `needles` appear in `text` (-1 when missing). */
const positions = (text: string, needles: string[]) => needles.map((n) => text.indexOf(n));

describe("where the mount goes", () => {
  it("after the global middleware of an express-generator app, before its routers, comments and all", async () => {
    const dir = copyFixture("express-generator-js");
    const run = await runInit({ cwd: dir, providers: "github", yes: true });
    expect(run.exitCode, run.stderr).toBe(0);
    const app = tree(dir)["app.js"]!;
    const [logger, parsers, statics, mount, routes, notFound] = positions(app, [
      "app.use(logger('dev'));",
      "app.use(cookieParser());",
      "app.use(express.static(",
      "app.use('/auth', ExpressAuth(authConfig));",
      "app.use('/', indexRouter);",
      "// catch 404",
    ]);
    expect(logger).toBeGreaterThan(0);
    expect(parsers).toBeGreaterThan(logger!);
    expect(statics).toBeGreaterThan(parsers!);
    // Static files are neither before nor after auth by necessity: the mount follows the parsers.
    expect(mount).toBeGreaterThan(parsers!);
    expect(routes).toBeGreaterThan(mount!);
    expect(notFound).toBeGreaterThan(routes!);
  });

  it("recognises middleware by the module it comes from, not its local name", async () => {
    const dir = copyFixture("express4-cjs-js");
    writeFileSync(
      join(dir, "src/index.js"),
      "const express = require('express')\nconst log = require('morgan')\nconst guard = require('helmet')\n\nconst app = express()\n// request logging\napp.use(log('tiny'))\napp.use(guard())\napp.get('/', (req, res) => res.send('ok'))\n",
    );
    await runInit({ cwd: dir, providers: "github", yes: true });
    expect(tree(dir)["src/index.js"]).toContain(
      "app.use(guard())\napp.use('/auth', ExpressAuth(authConfig))\napp.get('/'",
    );
  });
});

describe("a second init on an app that is set up", () => {
  it("does not touch the config, writes no keys for a provider it lacks, and names add-provider", async () => {
    const dir = copyFixture("express4-cjs-js");
    expect((await runInit({ cwd: dir, providers: "github", yes: true })).exitCode).toBe(0);
    const before = tree(dir);
    const run = await runInit({ cwd: dir, providers: "github,google", yes: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(tree(dir)).toEqual(before);
    expect(run.json!.plan.manual).toEqual([
      "src/auth.js exists and does not configure google; use `npx create-auth add-provider google` (init leaves an existing configuration as it is)",
    ]);
    expect(run.json!.nextSteps.callbackUrls.map((c: { provider: string }) => c.provider)).toEqual([
      "github",
    ]);
    const text = await runInit({ cwd: dir, providers: "google", yes: true });
    expect(text.stdout).toContain("Already set up: nothing to change.");
    expect(text.stderr).toContain("use `npx create-auth add-provider google`");
  });
});

describe("--runtime-spec", () => {
  it.each([
    ["0.2.0", "@create-auth/runtime@0.2.0"],
    ["^0.2", "@create-auth/runtime@^0.2"],
    ["~0.1.3", "@create-auth/runtime@~0.1.3"],
    ["next", "@create-auth/runtime@next"],
    ["@create-auth/runtime@0.3.0", "@create-auth/runtime@0.3.0"],
    ["../runtime.tgz", "/home/me/runtime.tgz"],
    ["runtime-0.1.0.tgz", "/home/me/app/runtime-0.1.0.tgz"],
    ["./vendor/runtime", "/home/me/app/vendor/runtime"],
    ["file:../runtime", "file:/home/me/runtime"],
    ["/abs/runtime.tgz", "/abs/runtime.tgz"],
    ["https://example.com/runtime.tgz", "https://example.com/runtime.tgz"],
  ])("%s → %s", (spec, expected) => {
    expect(runtimeDependency(spec, "/home/me/app")).toBe(expected);
  });

  it("a version is installed as the runtime at that version, not as a package named 0.2.0", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = await runInit({
      cwd: dir,
      providers: "github",
      runtimeSpec: "0.2.0",
      dryRun: true,
      json: true,
    });
    expect(run.json!.plan.install.args).toEqual(["install", "--", "@create-auth/runtime@0.2.0"]);
  });
});

describe("secrets are never displayed", () => {
  const url = "postgres://app:s3cr3t-pw@127.0.0.1:5432/test";

  it("--diff, --json and the confirmation mask them; the file gets the real values", async () => {
    const dir = copyFixture("express-dotenv");
    const flags = { providers: "github", database: "postgres", databaseUrl: url };
    const diff = await runInit({ cwd: dir, ...flags, diff: true });
    const json = await runInit({ cwd: dir, ...flags, dryRun: true, json: true });
    const asked = await runInit(
      { cwd: dir, ...flags },
      { answers: ["jwt", "/auth", false, false, false] },
    );
    for (const output of [diff.stdout, JSON.stringify(json.json), asked.stdout]) {
      expect(output).toContain("+AUTH_SECRET=<hidden>");
      expect(output).toContain("+DATABASE_URL=<hidden>");
      expect(output).not.toContain("s3cr3t");
      expect(output).not.toMatch(/AUTH_SECRET=[A-Za-z0-9_-]{43}/);
      // A secret the user already had, shown as context, is masked too.
      expect(output).not.toContain("abc123");
    }
    expect(json.json!.answers.databaseUrl).toBe("<hidden>");
    expect((await runInit({ cwd: dir, ...flags, yes: true })).exitCode).toBe(0);
    expect(tree(dir)[".env"]).toContain(`DATABASE_URL=${url}`);
    expect(tree(dir)[".env"]).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{43}$/m);
  });

  it("a changed secret still shows as changed, and a multi-line value is masked to its end", () => {
    const change = {
      path: ".env.local",
      before:
        'AUTH_SECRET=old\nPRIVATE_KEY="-----BEGIN KEY-----\nMIIB\n-----END KEY-----"\nPORT=1\n',
      after:
        'AUTH_SECRET=new\nPRIVATE_KEY="-----BEGIN KEY-----\nMIIB\n-----END KEY-----"\nPORT=2\n',
      reasons: [],
    };
    const diff = unifiedDiff(change);
    expect(diff).toContain("-AUTH_SECRET=<hidden>\n+AUTH_SECRET=<hidden>");
    expect(diff).not.toContain("MIIB");
    expect(diff).toContain("+PORT=2");
  });
});

describe("git", () => {
  it("warns about uncommitted changes inside a workspace app, and --no-git-check silences it", async () => {
    const root = copyFixture("pnpm-workspace");
    const dir = join(root, "apps/api");
    writeFileSync(join(dir, "src/index.js"), `${tree(dir)["src/index.js"]}// wip\n`);
    const warned = await runInit({ cwd: dir, providers: "github", dryRun: true });
    expect(warned.stderr).toContain("Uncommitted changes in src/index.js");
    const quiet = await runInit({ cwd: dir, providers: "github", dryRun: true, gitCheck: false });
    expect(quiet.stderr).not.toContain("Uncommitted changes");
  });

  it("a renamed file counts under its new name", () => {
    const dir = copyFixture("express5-ts-split");
    execFileSync("git", ["mv", "src/health.ts", "src/healthz.ts"], { cwd: dir });
    expect(gitState(join(dir, "src")).dirty).toEqual(["healthz.ts"]);
  });

  it("names a changed file outside the folder by its ../ path, as plans that edit a sibling workspace package name it", () => {
    const dir = copyFixture("express5-ts-split");
    writeFileSync(join(dir, "package.json"), `${tree(dir)["package.json"]}\n`);
    expect(gitState(join(dir, "src")).dirty).toEqual(["../package.json"]);
  });
});

describe("writing files", () => {
  it("keeps a file's mode and writes through a symlink", () => {
    const dir = copyFixture("express4-cjs-js", false);
    mkdirSync(join(dir, "shared"));
    writeFileSync(join(dir, "shared/.env"), "PORT=1\n");
    chmodSync(join(dir, "shared/.env"), 0o600);
    symlinkSync("shared/.env", join(dir, ".env"));
    applyChanges({
      root: dir,
      files: [{ path: ".env", before: "PORT=1\n", after: "PORT=1\nAUTH_SECRET=x\n", reasons: [] }],
      manual: [],
    });
    expect(readlinkSync(join(dir, ".env"))).toBe("shared/.env");
    expect(tree(dir)["shared/.env"]).toBe("PORT=1\nAUTH_SECRET=x\n");
    expect(statSync(join(dir, "shared/.env")).mode & 0o777).toBe(0o600);
  });

  it("makes the missing folders of a file in a sibling workspace package, and a rollback removes them", () => {
    // The app's path is longer than the new folder's: folders are found by what exists, not by
    // how long their paths are.
    const root = copyFixture("express4-cjs-js", false);
    const app = join(root, "apps/a-server-with-a-rather-long-folder-name");
    mkdirSync(app, { recursive: true });
    mkdirSync(join(root, "packages/db"), { recursive: true });
    const plan = {
      root: app,
      files: [
        {
          path: "../../packages/db/src/schema/auth.ts",
          before: undefined,
          after: "x\n",
          reasons: [],
        },
        { path: "src/auth.ts", before: undefined, after: "y\n", reasons: [] },
      ],
      manual: [],
    };
    vi.stubEnv("CREATE_AUTH_TEST_FAIL_WRITE", "src/auth.ts");
    try {
      expect(() => applyChanges(plan)).toThrow(/Every file was restored/);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(existsSync(join(root, "packages/db/src"))).toBe(false);
    applyChanges(plan);
    expect(tree(root)["packages/db/src/schema/auth.ts"]).toBe("x\n");
    expect(tree(app)["src/auth.ts"]).toBe("y\n");
  });
});

describe("at a workspace root, interactively", () => {
  it("asks which app, sets that one up, and the one-line command selects it again", async () => {
    const root = copyFixture("pnpm-workspace");
    const asked: string[] = [];
    const run = await runInit(
      { cwd: root },
      { answers: ["apps/api", ["github"], "jwt", "/auth", false, false, true], asked },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(asked[0]).toBe("This is a workspace root. Which app?");
    expect(tree(join(root, "apps/api"))["src/index.js"]).toContain("ExpressAuth(authConfig)");
    expect(run.stdout).toMatch(
      /Next time, without questions: npx create-auth init --cwd \S*apps\/api --framework express/,
    );
  });
});
