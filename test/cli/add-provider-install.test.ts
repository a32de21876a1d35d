import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  copyFixture,
  removeTemporary,
  runBin,
  runBinAsync,
  runInit,
  tree,
} from "../support/cli.js";
import { appWithFailingBuild, commit, editPackageJson, npmEnv } from "../support/install.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

const runtimeManifest = JSON.parse(
  readFileSync(new URL("../../runtime/package.json", import.meta.url), "utf8"),
);

/**
 * `dir` set up as `init` sets an app up (GitHub, the embedded database, so the providers that
 * need a database can be added), with the runtime declared from the packed tarball, committed:
 * the state of an app whose first install worked.
 */
async function setUp(dir: string): Promise<string> {
  const run = await runInit({ cwd: dir, providers: "github", database: "embedded", yes: true });
  expect(run.exitCode, run.stderr).toBe(0);
  editPackageJson(dir, (pkg) => {
    pkg.dependencies["@create-auth/runtime"] = `file:${inject("runtimeTarball")}`;
  });
  commit(dir);
  return dir;
}

/** `add-provider <id> --yes` in `dir`, as the built bin, npm from the shared cache. */
const addProvider = (dir: string, id: string, flags: string[] = []) =>
  runBin(["add-provider", id, "--cwd", dir, "--yes", ...flags], { env: npmEnv });

/** Every file below `dir` (but .git and node_modules) as bytes, to compare byte for byte. */
function bytes(dir: string): Record<string, string> {
  return Object.fromEntries(
    Object.keys(tree(dir)).map((path) => [path, readFileSync(join(dir, path)).toString("base64")]),
  );
}

describe("add-provider checks the install before writing anything", () => {
  // A company registry for one scope, as an .npmrc names it, that does not have the package: the
  // requests it receives are recorded, so the test knows npm asked it.
  let registry: Server;
  let registryUrl: string;
  const asked: string[] = [];
  beforeAll(async () => {
    registry = createServer((request, response) => {
      asked.push(request.url ?? "");
      response.writeHead(404, { "content-type": "application/json" });
      response.end('{"error":"Not found"}');
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => registry.close(() => resolve())));

  it("a package the registry does not have: refused, nothing written, the reason and the fix said; once fixed it installs", async () => {
    const dir = await setUp(copyFixture("express4-cjs-js"));
    writeFileSync(join(dir, ".npmrc"), `@simplewebauthn:registry=${registryUrl}\n`);
    commit(dir);
    const before = bytes(dir);

    const text = await runBinAsync(["add-provider", "passkey", "--cwd", dir, "--yes"], {
      env: npmEnv,
    });
    expect(text.exitCode, text.stderr).toBe(1);
    expect(text.stderr).toContain(
      "Nothing was written: installing @simplewebauthn/server would fail.",
    );
    // npm asks for the range the runtime's peer admits.
    const range = runtimeManifest.peerDependencies["@simplewebauthn/server"];
    expect(text.stderr).toContain(`@simplewebauthn/server@${range} is not on the registry (404).`);
    expect(text.stderr).toContain("registry settings (.npmrc)");
    expect(text.stderr).toContain("run add-provider with --no-install");
    expect(text.stderr).toContain(
      "Checked with: npm install --dry-run --no-audit --no-fund --ignore-scripts -- @simplewebauthn/server",
    );
    expect(asked.some((url) => /^\/@simplewebauthn%2fserver/i.test(url))).toBe(true);
    expect(bytes(dir)).toEqual(before);

    const json = await runBinAsync(["add-provider", "passkey", "--cwd", dir, "--yes", "--json"], {
      env: npmEnv,
    });
    expect(json.exitCode).toBe(1);
    const document = JSON.parse(json.stdout);
    expect(document).toMatchObject({
      ok: false,
      command: "add-provider",
      provider: { id: "passkey" },
      applied: false,
      installed: false,
      plan: { install: { packages: ["@simplewebauthn/server"] } },
      error: {
        code: "install_unresolvable",
        details: {
          reason: "not_found",
          command:
            "npm install --dry-run --no-audit --no-fund --ignore-scripts -- @simplewebauthn/server",
          install: "npm install -- @simplewebauthn/server",
        },
      },
    });
    expect(schemaErrors("error", document)).toEqual([]);
    expect(bytes(dir)).toEqual(before);
    expect(existsSync(join(dir, "node_modules"))).toBe(false);

    // The registry setting fixed: the same command checks, writes and installs.
    rmSync(join(dir, ".npmrc"));
    const fixed = addProvider(dir, "passkey", ["--json"]);
    expect(fixed.exitCode, fixed.stdout).toBe(0);
    const done = JSON.parse(fixed.stdout);
    expect(done).toMatchObject({ ok: true, applied: true, installed: true });
    expect(done.resolution.command).toBe(
      "npm install --dry-run --no-audit --no-fund --ignore-scripts -- @simplewebauthn/server",
    );
    expect(schemaErrors("add-provider", done)).toEqual([]);
    expect(readFileSync(join(dir, "src/auth.js"), "utf8")).toContain("Passkey(),");
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    expect(pkg.dependencies["@simplewebauthn/server"]).toBeDefined();
    expect(existsSync(join(dir, "node_modules/@simplewebauthn/server/package.json"))).toBe(true);
  }, 180_000);
});

describe("an add-provider install that fails after the files were written", () => {
  it("restores every file byte for byte (exit 1, install_failed_restored), and says so", async () => {
    const dir = await setUp(appWithFailingBuild());
    // Line endings a rewrite would normalise: the restore must give back these exact bytes.
    const config = join(dir, "src/auth.js");
    writeFileSync(config, readFileSync(config, "utf8").replace(/\n/g, "\r\n"));
    commit(dir);
    const before = bytes(dir);

    const text = addProvider(dir, "password");
    expect(text.exitCode).toBe(1);
    expect(text.stderr).toContain("npm printed (last lines):");
    expect(text.stderr).toContain("gyp ERR! build error");
    expect(text.stderr).toContain("so every file was restored as it was: nothing was changed");
    expect(text.stderr).toContain("run add-provider again, or pass --keep-on-install-failure");
    expect(bytes(dir)).toEqual(before);

    const json = addProvider(dir, "password", ["--json"]);
    expect(json.exitCode).toBe(1);
    const document = JSON.parse(json.stdout);
    expect(document).toMatchObject({
      ok: false,
      command: "add-provider",
      applied: false,
      installed: false,
      error: {
        code: "install_failed_restored",
        details: { restored: true, command: "npm install -- nodemailer" },
      },
    });
    expect(document.error.details.files).toEqual(
      expect.arrayContaining(["src/auth.js", ".env", ".env.example"]),
    );
    expect(document.error.details.output).toContain("gyp ERR! build error");
    expect(document.resolution).toBeUndefined();
    expect(schemaErrors("error", document)).toEqual([]);
    // package.json and the lockfile npm wrote are back as they were too.
    expect(bytes(dir)).toEqual(before);
  }, 180_000);

  it("keeps them with --keep-on-install-failure (exit 2, install_failed_kept), and says what is left", async () => {
    const dir = await setUp(appWithFailingBuild());
    const text = addProvider(dir, "password", ["--keep-on-install-failure"]);
    expect(text.exitCode).toBe(2);
    expect(text.stderr).toContain(
      "The files were written (--keep-on-install-failure), but installing the dependencies failed",
    );
    expect(text.stderr).toContain("Run it yourself:\n  npm install -- nodemailer");
    expect(text.stderr).toContain("gyp ERR! build error");
    expect(text.stdout).toContain("Next steps");
    expect(text.stdout).toContain("Install the dependencies: npm install -- nodemailer");
    expect(readFileSync(join(dir, "src/auth.js"), "utf8")).toContain("Password(),");
    expect(readFileSync(join(dir, ".env"), "utf8")).toMatch(/^AUTH_EMAIL_SERVER=/m);

    const other = await setUp(appWithFailingBuild());
    const json = addProvider(other, "password", ["--keep-on-install-failure", "--json"]);
    expect(json.exitCode).toBe(2);
    const document = JSON.parse(json.stdout);
    expect(document).toMatchObject({
      ok: false,
      command: "add-provider",
      applied: true,
      installed: false,
      error: {
        code: "install_failed_kept",
        details: { restored: false, command: "npm install -- nodemailer" },
      },
    });
    expect(document.error.message).toContain("npm install -- nodemailer");
    expect(schemaErrors("error", document)).toEqual([]);
    expect(readFileSync(join(other, "src/auth.js"), "utf8")).toContain("Password(),");
  }, 240_000);
});

describe("add-provider --no-install", () => {
  it("writes the files, installs nothing, checks nothing, and prints the install command", async () => {
    // A runtime version the registry does not have: a check would refuse it; none runs.
    const dir = await setUp(copyFixture("express4-cjs-js"));
    editPackageJson(dir, (pkg) => {
      pkg.dependencies["@create-auth/runtime"] = "9.9.9";
    });
    commit(dir);
    const run = addProvider(dir, "password", ["--no-install"]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("run    npm install -- nodemailer");
    expect(run.stdout).toContain("Install the dependencies: npm install -- nodemailer");
    expect(run.stdout).not.toContain("Checking with npm");
    expect(readFileSync(join(dir, "src/auth.js"), "utf8")).toContain("Password(),");
    expect(existsSync(join(dir, "node_modules"))).toBe(false);

    // Run again: nothing to change, and the install is still to do.
    const again = addProvider(dir, "password", ["--no-install", "--json"]);
    expect(again.exitCode).toBe(0);
    const document = JSON.parse(again.stdout);
    expect(document).toMatchObject({ applied: false, installed: false });
    expect(document.plan.files).toEqual([]);
    expect(document.plan.install.packages).toEqual(["nodemailer"]);
    expect(schemaErrors("add-provider", document)).toEqual([]);
  });
});
