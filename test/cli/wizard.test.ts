import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withDefaultCommand } from "../../src/cli.js";
import { type AddProviderOptions, addProvider } from "../../src/commands/add-provider.js";
import {
  copyFixture,
  removeTemporary,
  runCommand,
  runInit,
  runInstalledBin,
  tree,
} from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

/** An Express 4 CommonJS app that init has set up with GitHub. */
async function setUpApp(): Promise<string> {
  const dir = copyFixture("express4-cjs-js");
  const first = await runInit({ cwd: dir, providers: "github", yes: true });
  expect(first.exitCode, first.stderr).toBe(0);
  return dir;
}

describe("create-auth with no command", () => {
  it("create-auth starts init; auth prints the help", () => {
    const dir = copyFixture("express4-cjs-js");
    const wizard = runInstalledBin("create-auth", [], { cwd: dir });
    // Without a terminal init cannot ask: it detects, then names the flag it needs.
    expect(wizard.stdout).toContain("Framework: Express 4");
    expect(wizard.stderr).toContain("Missing --providers");
    const withFlags = runInstalledBin(
      "create-auth",
      ["--providers", "github", "--yes", "--no-install"],
      {
        cwd: dir,
      },
    );
    expect(withFlags.exitCode, withFlags.stderr).toBe(0);
    expect(tree(dir)["src/auth.js"]).toContain("GitHub");
    const help = runInstalledBin("auth", [], { cwd: dir });
    expect(help.stdout + help.stderr).toContain("Usage: create-auth [options] [command]");
  });

  it("keeps commands, --help and --version as they are", () => {
    const node = ["node", "/x/node_modules/.bin/create-auth"];
    expect(withDefaultCommand(node)).toEqual([...node, "init"]);
    expect(withDefaultCommand([...node, "--yes"])).toEqual([...node, "init", "--yes"]);
    expect(withDefaultCommand([...node, "check"])).toEqual([...node, "check"]);
    expect(withDefaultCommand([...node, "--help"])).toEqual([...node, "--help"]);
    expect(withDefaultCommand([...node, "-v"])).toEqual([...node, "-v"]);
    expect(withDefaultCommand(["node", "/x/bin/create-auth.js"])).toEqual([
      "node",
      "/x/bin/create-auth.js",
      "init",
    ]);
    expect(withDefaultCommand(["node", "/x/node_modules/.bin/auth"])).toEqual([
      "node",
      "/x/node_modules/.bin/auth",
    ]);
  });
});

describe("init on a project that has auth", () => {
  it("without a terminal: says so, lists what can still be added, exit 0, nothing written", async () => {
    const dir = await setUpApp();
    const before = tree(dir);
    const run = await runInit({ cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "Auth is already set up: src/auth.js:8 configures GitHub (sessions in a cookie, no database).",
    );
    expect(run.stdout).toContain("npx create-auth add-provider <id> (google,");
    expect(run.stdout).toContain("Add Passkeys (WebAuthn, experimental) (needs a database first)");
    // The database snippet follows the file's module system: require in CommonJS.
    expect(run.stdout).toContain(
      "In src/auth.js: const { embeddedDatabase, postgresAdapter } = require('@create-auth/runtime/adapters/postgres')",
    );
    expect(tree(dir)).toEqual(before);
    const json = await runInit({ cwd: dir, json: true });
    expect(schemaErrors("init", json.json)).toEqual([]);
    expect(json.json).toMatchObject({
      ok: true,
      setUp: { config: "src/auth.js", providers: ["github"], database: false, strategy: "jwt" },
    });
  });

  it("in a terminal: says so before the first question, which offers the rest; a provider runs add-provider", async () => {
    const dir = await setUpApp();
    const asked: string[] = [];
    const run = await runInit(
      { cwd: dir },
      { answers: ["provider:google", "client-id-1", "client-secret-1", true], asked },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(asked[0]).toBe("What would you like to add?");
    expect(run.stdout.indexOf("Auth is already set up")).toBeGreaterThan(-1);
    const files = tree(dir);
    expect(files["src/auth.js"]).toContain("require('@create-auth/runtime/providers/google')");
    expect(files[".env"]).toContain("AUTH_GOOGLE_ID=client-id-1");
  });

  it("--protect alone keeps the configured providers and adds the guard", async () => {
    const dir = await setUpApp();
    const run = await runInit({ cwd: dir, protect: "/account", yes: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readFileSync(join(dir, "src/index.js"), "utf8")).toContain(
      "app.use(requireAuth(authConfig, { paths: ['/account'] }))",
    );
    expect(tree(dir)["src/auth.js"]).not.toContain("Credentials");
  });
});

describe("add-provider snippets follow the module system", () => {
  const add = (dir: string, id: string, options: Partial<AddProviderOptions> = {}) =>
    runCommand((io) => addProvider(id, { cwd: dir, yes: true, install: false, ...options }, io), {
      json: true,
      yes: true,
    });

  it("email without a database in a CommonJS project: the adapter's snippet uses require", async () => {
    const dir = await setUpApp();
    const run = await add(dir, "email");
    expect(run.json?.error.code).toBe("invalid_combination");
    expect(run.json?.error.message).toContain(
      "const { embeddedDatabase, postgresAdapter } = require('@create-auth/runtime/adapters/postgres')",
    );
    expect(run.json?.error.message).not.toContain("import {");
  });

  it("and import in an ES module project", async () => {
    const dir = copyFixture("express4-esm-js");
    expect((await runInit({ cwd: dir, providers: "github", yes: true })).exitCode).toBe(0);
    const run = await add(dir, "email");
    expect(run.json?.error.message).toContain(
      'import { embeddedDatabase, postgresAdapter } from "@create-auth/runtime/adapters/postgres"',
    );
  });
});
