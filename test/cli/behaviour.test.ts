import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { frameworks } from "../../src/frameworks/registry.js";
import { detectPackageManager, installCommand } from "../../src/project/package-manager.js";
import { joinList } from "../../src/ui/join-list.js";
import {
  copyFixture,
  removeTemporary,
  runBin,
  runInit,
  runInstalledBin,
  tree,
} from "../support/cli.js";

afterAll(removeTemporary);

describe("without a terminal", () => {
  it("never prompts: a missing answer fails at once, naming its flag", () => {
    const dir = copyFixture("express4-cjs-js");
    const result = runBin(["init", "--cwd", dir, "--no-install"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("Missing --providers");
  });

  it("asks for --yes before writing", () => {
    const dir = copyFixture("express4-cjs-js");
    const result = runBin(["init", "--cwd", dir, "--providers", "github", "--no-install"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("Missing --yes");
    expect(tree(dir)[".env"]).toBeUndefined();
  });

  it("--json prints one document with findings, the plan and the reproducible command", () => {
    const dir = copyFixture("express5-ts-split");
    const result = runBin([
      "init",
      "--cwd",
      dir,
      "--providers",
      "github,credentials",
      "--dry-run",
      "--json",
    ]);
    expect(result.exitCode).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({
      ok: true,
      command: "init",
      applied: false,
      answers: { providers: ["github", "credentials"], strategy: "jwt", mount: "/auth" },
      reproduce:
        "npx create-auth init --framework express --providers github,credentials --strategy jwt --mount /auth --yes",
      nextSteps: {
        callbackUrls: [{ provider: "github", url: "http://localhost:3001/auth/callback/github" }],
      },
    });
    expect(document.findings.map((f: { label: string }) => f.label)).toEqual(
      expect.arrayContaining([
        "Framework",
        "Language",
        "Modules",
        "Package manager",
        "Express app",
        "Env loading",
        "Dev port",
      ]),
    );
    const app = document.plan.files.find((f: { path: string }) => f.path === "src/app.ts");
    expect(app).toMatchObject({ action: "update", added: 3, removed: 0 });
    expect(app.diff).toContain('+app.use("/auth", ExpressAuth(authConfig));');
    expect(document.plan.install).toMatchObject({
      command: "npm",
      packages: ["@create-auth/runtime@^0.1.0"],
    });
  });

  it("--json reports errors with a stable code", () => {
    const dir = copyFixture("express4-cjs-js");
    const result = runBin(["init", "--cwd", dir, "--providers", "githb", "--json"]);
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      error: { code: "unknown_provider" },
    });
  });

  it("--help and --version come from the same definitions", () => {
    const help = runBin(["init", "--help"]);
    expect(help.exitCode).toBe(0);
    for (const flag of [
      "--providers",
      "--strategy",
      "--database",
      "--mount",
      "--trust-proxy",
      "--env-path",
      "--entry",
      "--dry-run",
      "--diff",
      "--json",
      "--no-install",
      "--runtime-spec",
    ]) {
      expect(help.stdout).toContain(flag);
    }
    expect(runBin(["--version"]).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe("both bins, and an env file that does not exist yet", () => {
  // Node reads `--env-file <file>` anywhere in its argv (even after the script) and exits 9 when
  // the file is missing, before the CLI runs: the flag is --env-path for that reason.
  const args = (dir: string) => [
    "init",
    "--cwd",
    dir,
    "--providers",
    "github",
    "--env-path",
    ".env.local",
    "--yes",
    "--no-install",
  ];

  it.each(["auth", "create-auth"])("the %s bin, symlinked as npm installs it", (name) => {
    const dir = copyFixture("express4-cjs-js");
    expect(runInstalledBin(name, ["--version"]).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const result = runInstalledBin(name, args(dir));
    expect(result.exitCode, result.stderr).toBe(0);
    expect(tree(dir)[".env.local"]).toMatch(/^AUTH_SECRET=.{43}$/m);
    expect(tree(dir)["src/env.js"]).toContain("node.loadEnvFile('.env.local')");
  });

  it("node bin/create-auth.js", () => {
    const dir = copyFixture("express4-cjs-js");
    const result = runBin(args(dir));
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain("Writing AUTH_SECRET to .env.local");
  });

  it("the old --env-file still works where Node lets it through (the file exists)", () => {
    const dir = copyFixture("express4-cjs-js");
    writeFileSync(join(dir, ".env.local"), "PORT=4000\n");
    // Node looks for the file in the working directory, whatever --cwd says.
    const result = runBin(
      args(dir).map((arg) => (arg === "--env-path" ? "--env-file" : arg)),
      { cwd: dir },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(tree(dir)[".env.local"]).toContain("AUTH_SECRET=");
  });
});

describe("answers that cannot work are explained, not generated", () => {
  it.each([
    [{ providers: "githb" }, 'Unknown provider "githb". Did you mean "github"'],
    [
      { providers: "credentials", strategy: "database" },
      "Credentials alone cannot use database sessions",
    ],
    [{ providers: "email", database: "none" }, "the email provider needs a database"],
    [
      { providers: "github", strategy: "database", database: "none" },
      "--strategy database needs a database",
    ],
    [{ providers: "github", mount: "/auth/*" }, "--mount must be a plain path"],
  ])("%j", async (flags, message) => {
    const dir = copyFixture("express4-cjs-js");
    const before = tree(dir);
    const run = await runInit({ cwd: dir, yes: true, ...flags });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(message);
    expect(tree(dir)).toEqual(before);
  });

  it("a folder without any framework the CLI knows is refused in one sentence", async () => {
    const dir = copyFixture("express4-cjs-js");
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: "empty", dependencies: { react: "^19" } }),
    );
    const run = await runInit({ cwd: dir, providers: "github", yes: true });
    expect(run.exitCode).toBe(1);
    const names = joinList(
      frameworks.map((f) => f.name),
      "or",
    );
    const packages = joinList(
      frameworks.map((f) => `"${f.packageName}"`),
      "and",
    );
    expect(run.stderr).toContain(`No ${names} found in `);
    expect(run.stderr).toContain(`package.json: looked for ${packages} in its dependencies.`);
  });

  it("a workspace root lists its apps and the --cwd for each", () => {
    const dir = copyFixture("pnpm-workspace");
    const result = runBin(["init", "--cwd", dir, "--providers", "github", "--json"]);
    expect(result.exitCode).toBe(1);
    const document = JSON.parse(result.stdout);
    expect(document.error.code).toBe("monorepo_root");
    expect(document.error.details.targets).toEqual([
      { path: "apps/api", framework: "express" },
      { path: "apps/web", framework: "solid-start" },
    ]);
  });

  it("a workspace app uses the root's package manager", async () => {
    const dir = copyFixture("pnpm-workspace");
    const run = await runInit({
      cwd: join(dir, "apps/api"),
      providers: "github",
      dryRun: true,
      json: true,
    });
    expect(run.json!.plan.install.command).toBe("pnpm");
  });
});

describe("secrets and git", () => {
  it("refuses to write a secret into an env file git tracks, unless --force", async () => {
    const dir = copyFixture("express-dotenv");
    execFileSync("git", ["add", "-f", ".env"], { cwd: dir });
    execFileSync(
      "git",
      ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "track env"],
      { cwd: dir },
    );
    const refused = await runInit({ cwd: dir, providers: "github", yes: true });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(".env is tracked by git");
    const forced = await runInit({ cwd: dir, providers: "github", yes: true, force: true });
    expect(forced.exitCode).toBe(0);
  });

  it("keeps existing env values and lines untouched", async () => {
    const dir = copyFixture("express-dotenv");
    const before = tree(dir)[".env"]!;
    await runInit({ cwd: dir, providers: "github", yes: true });
    const after = tree(dir)[".env"]!;
    expect(after.startsWith(before)).toBe(true);
    expect(after).toContain("AUTH_GITHUB_ID=");
  });

  it("warns about uncommitted changes in the files it will edit", async () => {
    const dir = copyFixture("express4-cjs-js");
    writeFileSync(join(dir, "src/index.js"), `${tree(dir)["src/index.js"]}// wip\n`);
    const run = await runInit({ cwd: dir, providers: "github", dryRun: true });
    expect(run.stderr).toContain("Uncommitted changes in src/index.js");
  });
});

describe("installing", () => {
  it("--no-install prints the command instead", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = await runInit({ cwd: dir, providers: "github", yes: true, install: false });
    expect(run.stdout).toContain(
      "Install the dependencies: npm install -- @create-auth/runtime@^0.1.0",
    );
  });

  it.each([
    ["npm", ["npm", ["install", "--", "a", "b@1"]]],
    ["pnpm", ["pnpm", ["add", "a", "b@1"]]],
    ["yarn", ["yarn", ["add", "a", "b@1"]]],
    ["bun", ["bun", ["add", "a", "b@1"]]],
  ] as const)("%s gets its own argv", (manager, expected) => {
    expect(installCommand(manager, ["a", "b@1"])).toEqual(expected);
  });

  it.each([
    ["pnpm-lock.yaml", "pnpm"],
    ["yarn.lock", "yarn"],
    ["bun.lock", "bun"],
    ["package-lock.json", "npm"],
  ])("detects %s", (lockfile, manager) => {
    const dir = copyFixture("express4-esm-js", false);
    writeFileSync(join(dir, lockfile), "");
    expect(detectPackageManager(dir, {}).name).toBe(manager);
    expect(detectPackageManager(dir, { packageManager: "bun@1.2.0" }).name).toBe("bun");
  });
});

describe("the interactive path", () => {
  it("asks each question, shows the plan, confirms, and prints the one-line equivalent", async () => {
    const dir = copyFixture("express5-ts-routers");
    const asked: string[] = [];
    const run = await runInit(
      { cwd: dir },
      { answers: [["github", "email"], "database", "embedded", "/auth", true, true, true], asked },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(asked).toEqual([
      "Which sign-in methods?",
      "Where do sessions live?",
      "Which database?",
      "Where should the auth endpoints live?",
      "Does the app run behind a reverse proxy (trust X-Forwarded-* headers)?",
      "Try the sign-in locally with the playground before you register an app? (GitHub: test users, development only)",
      "Apply these changes?",
    ]);
    expect(run.stdout).toContain('+app.use("/auth", ExpressAuth(authConfig));');
    expect(run.stdout).toContain(
      "Next time, without questions: npx create-auth init --framework express --providers github,email --strategy database --database embedded --mount /auth --trust-proxy --playground --no-install --yes",
    );
    expect(run.stdout).toContain("Sign-in playground on (AUTH_PLAYGROUND=true in .env)");
    const files = tree(dir);
    expect(files["src/index.ts"]).toContain('app.set("trust proxy", true);');
    expect(files["src/auth.ts"]).toContain("postgresAdapter(embeddedDatabase())");
    expect(files[".gitignore"]).toContain(".auth/");
    expect(files[".env"]).toMatch(/^AUTH_PLAYGROUND=true$/m);
  });

  it("--playground writes AUTH_PLAYGROUND=true and says so in the JSON and the one-line command; --yes alone leaves it off", async () => {
    const on = copyFixture("express4-cjs-js");
    const run = await runInit({
      cwd: on,
      providers: "github",
      yes: true,
      json: true,
      playground: true,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.json!.answers.playground).toBe(true);
    expect(run.json!.reproduce).toContain("--playground");
    expect(tree(on)[".env"]).toMatch(/^AUTH_PLAYGROUND=true$/m);

    const off = copyFixture("express4-cjs-js");
    const quiet = await runInit({ cwd: off, providers: "github", yes: true, json: true });
    expect(quiet.json!.answers.playground).toBe(false);
    expect(quiet.json!.reproduce).not.toContain("--playground");
    expect(tree(off)[".env"]).not.toContain("AUTH_PLAYGROUND");

    // Nothing for it to serve: credentials only.
    const none = copyFixture("express4-cjs-js");
    const credentials = await runInit({
      cwd: none,
      providers: "credentials",
      yes: true,
      json: true,
      playground: true,
    });
    expect(credentials.json!.answers.playground).toBe(false);
    expect(tree(none)[".env"]).not.toContain("AUTH_PLAYGROUND");
  });

  it("declining the confirmation changes nothing and exits 130", async () => {
    const dir = copyFixture("express4-cjs-js");
    const before = tree(dir);
    const run = await runInit(
      { cwd: dir },
      { answers: [["github"], "jwt", "/auth", false, false, false] },
    );
    expect(run.exitCode).toBe(130);
    expect(tree(dir)).toEqual(before);
  });
});

describe("the generated env loader", () => {
  // The config imports the loader first, so the loader must load as it is evaluated: a module
  // the config imports after it (an ORM client reading DATABASE_URL as it loads) runs before
  // any statement in the config's body.
  it.each([
    ["express4-esm-js", ".", "module"],
    ["express4-cjs-js", "./src", "commonjs"],
  ])("%s: a module imported after the loader sees the env file's values", (fixture, folder, type) => {
    const dir = copyFixture(fixture);
    const result = runBin(["init", "--cwd", dir, "--providers", "github", "--yes", "--no-install"]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(tree(dir)[".env"]).toMatch(/^AUTH_SECRET=.{43}$/m);
    const main =
      type === "module"
        ? `import "${folder}/env.js"; import "${folder}/reads-env.js";`
        : `require("${folder}/env.js"); require("${folder}/reads-env.js");`;
    writeFileSync(
      join(dir, folder, "reads-env.js"),
      type === "module"
        ? 'console.log(process.env.AUTH_SECRET ? "set" : "unset");\n'
        : 'console.log(process.env.AUTH_SECRET ? "set" : "unset");\nmodule.exports = {};\n',
    );
    const env = { ...process.env };
    delete env.AUTH_SECRET;
    const output = execFileSync(process.execPath, [`--input-type=${type}`, "-e", main], {
      cwd: dir,
      env,
      encoding: "utf8",
    });
    expect(output.trim()).toBe("set");
  });
});
