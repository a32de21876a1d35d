import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { checkoutRuntime } from "../../src/commands/init/checkout-runtime.js";
import { copyFixture, removeTemporary, runBin, tree } from "../support/cli.js";
import {
  appWithFailingBuild,
  commit,
  editPackageJson,
  initGithub,
  npmEnv,
} from "../support/install.js";
import { npm, start } from "../support/journey.js";
import { schemaErrors } from "../support/schemas.js";

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  removeTemporary();
});
/** A temporary folder removed after the tests. */
function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

const runtimeManifest = JSON.parse(
  readFileSync(new URL("../../runtime/package.json", import.meta.url), "utf8"),
);

const init = initGithub;

describe("the install is resolved before anything is written", () => {
  it("a runtime peer range the app's own ioredis misses: refused, files untouched, the conflict named", () => {
    // An optional peer the app already has at a major the runtime does not support (framework
    // versions are refused earlier, by detection).
    const dir = copyFixture("express4-cjs-js");
    editPackageJson(dir, (pkg) => {
      pkg.dependencies.ioredis = "4.28.5";
    });
    commit(dir);
    const before = tree(dir);
    const tarball = inject("runtimeTarball");

    const text = init(dir, ["--runtime-spec", tarball]);
    expect(text.exitCode).toBe(1);
    expect(text.stderr).toContain("Nothing was written");
    expect(text.stderr).toContain(`requires ioredis@"${runtimeManifest.peerDependencies.ioredis}"`);
    expect(text.stderr).toContain("the project has ioredis@4.28.5");
    expect(text.stderr).toContain("npm install --dry-run");

    const json = init(dir, ["--runtime-spec", tarball, "--json"]);
    expect(json.exitCode).toBe(1);
    const document = JSON.parse(json.stdout);
    expect(document).toMatchObject({
      ok: false,
      applied: false,
      installed: false,
      error: {
        code: "install_unresolvable",
        details: {
          reason: "peer_conflict",
          conflict: {
            package: "ioredis",
            wanted: runtimeManifest.peerDependencies.ioredis,
            found: "4.28.5",
          },
        },
      },
    });
    expect(schemaErrors("error", document)).toEqual([]);
    expect(tree(dir)).toEqual(before);
    expect(existsSync(join(dir, "node_modules"))).toBe(false);
  }, 60_000);

  it("a runtime version the registry does not have: refused with the reason and the fix", () => {
    const dir = copyFixture("express4-cjs-js");
    const before = tree(dir);
    const run = init(dir, ["--runtime-spec", "9.9.9", "--json"]);
    expect(run.exitCode).toBe(1);
    const { error } = JSON.parse(run.stdout);
    expect(error.code).toBe("install_unresolvable");
    // Not published yet: 404; once it is, no version 9.9.9.
    expect(["not_found", "no_matching_version"]).toContain(error.details.reason);
    expect(error.message).toContain("@create-auth/runtime@9.9.9");
    expect(error.message).toContain("--runtime-spec");
    expect(tree(dir)).toEqual(before);
  }, 60_000);

  it("a package manager that is not installed: refused, naming it and --no-install", () => {
    const dir = copyFixture("express4-cjs-js");
    editPackageJson(dir, (pkg) => Object.assign(pkg, { packageManager: "bun@1.2.0" }));
    commit(dir);
    const before = tree(dir);
    // Only node's own folder on PATH: no bun, whatever this machine has.
    const run = init(dir, ["--runtime-spec", inject("runtimeTarball"), "--json"], {
      PATH: dirname(process.execPath),
    });
    expect(run.exitCode).toBe(1);
    const { error } = JSON.parse(run.stdout);
    expect(error).toMatchObject({
      code: "install_unresolvable",
      details: { reason: "package_manager_missing" },
    });
    expect(error.message).toContain("bun is not installed here");
    expect(error.message).toContain("--no-install");
    expect(tree(dir)).toEqual(before);
  });

  it("--no-install skips the check: the files are written and the command printed", () => {
    const dir = copyFixture("express4-cjs-js");
    const run = init(dir, ["--runtime-spec", "9.9.9", "--no-install"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(
      "Install the dependencies: npm install -- @create-auth/runtime@9.9.9",
    );
    expect(tree(dir)["src/auth.js"]).toBeDefined();
  });
});

describe("an install that fails after the files were written", () => {
  it("restores every file exactly (exit 1, install_failed_restored)", () => {
    const dir = appWithFailingBuild();
    const before = tree(dir);
    const run = init(dir, ["--runtime-spec", inject("runtimeTarball"), "--json"]);
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: false,
      applied: false,
      installed: false,
      error: { code: "install_failed_restored", details: { restored: true } },
    });
    // What npm printed: the failing script, for a --json caller that saw none of it.
    expect(JSON.parse(run.stdout).error.details.output).toContain("gyp ERR! build error");
    // package.json and the lockfile npm wrote are back as they were, the new files gone.
    expect(tree(dir)).toEqual(before);
    // The next steps still lead somewhere: fix the install, then the same init again.
    const { list } = JSON.parse(run.stdout).nextSteps as { list: string[] };
    expect(list[0]).toMatch(/^Fix what npm reports/);
    expect(list[1]).toMatch(/^Run init again: npx create-auth init .*--runtime-spec/);
    expect(list[2]).toMatch(/--keep-on-install-failure$/);
  }, 120_000);

  it("keeps them with --keep-on-install-failure (exit 2, install_failed_kept)", () => {
    const dir = appWithFailingBuild();
    const tarball = inject("runtimeTarball");
    const run = init(dir, ["--runtime-spec", tarball, "--keep-on-install-failure", "--json"]);
    expect(run.exitCode).toBe(2);
    const document = JSON.parse(run.stdout);
    expect(document).toMatchObject({
      ok: false,
      applied: true,
      installed: false,
      error: { code: "install_failed_kept", details: { restored: false } },
    });
    expect(document.error.message).toContain(`npm install -- ${tarball}`);
    expect(tree(dir)["src/auth.js"]).toBeDefined();
  }, 120_000);
});

describe("from a checkout of this repository, without --runtime-spec", () => {
  const fromCheckout = { CREATE_AUTH_RUNTIME_FROM: "" };

  it("the plan says the runtime is vendored, and a dry run writes nothing", () => {
    const dir = copyFixture("express4-cjs-js");
    const run = init(dir, ["--dry-run"], fromCheckout);
    expect(run.exitCode).toBe(0);
    const file = `vendor/create-auth-runtime-${runtimeManifest.version}.tgz`;
    expect(run.stdout).toContain(`copy   ${file}`);
    expect(run.stdout).toContain(`run    npm install -- file:${file}`);
    const json = init(dir, ["--dry-run", "--json"], fromCheckout);
    const document = JSON.parse(json.stdout);
    expect(document.plan.install.vendor).toEqual({
      path: file,
      source: new URL("../../runtime", import.meta.url).pathname,
    });
    expect(schemaErrors("init", document)).toEqual([]);
    // --runtime-spec wins over the checkout.
    const pinned = init(dir, ["--dry-run", "--json", "--runtime-spec", "0.2.0"], fromCheckout);
    const install = JSON.parse(pinned.stdout).plan.install;
    expect(install.packages).toContain("@create-auth/runtime@0.2.0");
    expect(install.vendor).toBeUndefined();
    expect(existsSync(join(dir, "vendor"))).toBe(false);
  });

  it("a .gitignore that ignores *.tgz gets a step by hand: commit the tarball anyway", () => {
    const dir = copyFixture("express4-cjs-js");
    writeFileSync(join(dir, ".gitignore"), "node_modules/\n*.tgz\n");
    commit(dir);
    const run = init(dir, ["--dry-run", "--json"], fromCheckout);
    const file = `vendor/create-auth-runtime-${runtimeManifest.version}.tgz`;
    expect(JSON.parse(run.stdout).plan.manual).toContain(
      `git ignores ${file}: commit it anyway ("git add -f ${file}"), or "npm ci" fails on a fresh clone.`,
    );
  });

  it("vendors the packed runtime; npm ci on a fresh copy works and the app starts", async () => {
    const dir = copyFixture("express4-cjs-js");
    // The README's command: `node /path/to/create-auth/bin/create-auth.js init` in the app.
    const run = runBin(["init", "--providers", "credentials", "--demo", "--yes", "--json"], {
      cwd: dir,
      env: { ...npmEnv, ...fromCheckout },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout);
    expect(document.installed).toBe(true);
    expect(schemaErrors("init", document)).toEqual([]);
    // How long the check before writing took (docs/cli.md quotes it).
    expect(document.resolution.command).toMatch(/^npm install --dry-run /);
    console.info(`resolution check: ${document.resolution.ms} ms`);

    const file = `vendor/create-auth-runtime-${runtimeManifest.version}.tgz`;
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    expect(pkg.dependencies["@create-auth/runtime"]).toBe(`file:${file}`);
    expect(readFileSync(join(dir, file)).equals(readFileSync(inject("runtimeTarball")))).toBe(true);

    // Another machine: the project as committed, without node_modules.
    const elsewhere = temporaryDir("cli-vendored-");
    cpSync(dir, elsewhere, {
      recursive: true,
      filter: (path) => !/[/\\](node_modules|\.git)$/.test(path),
    });
    npm(elsewhere, ["ci"]);
    const app = await start(elsewhere, process.execPath, ["src/index.js"]);
    try {
      const providers = await (await fetch(`${app.origin}/auth/providers`)).json();
      expect(providers).toHaveProperty("credentials");
    } finally {
      await app.server.stop();
    }
  }, 180_000);

  it("in an npm workspace: vendored in the app, locked at the root, npm ci works there", () => {
    const root = temporaryDir("cli-workspace-");
    cpSync(
      new URL("../fixtures/express4-cjs-js", import.meta.url).pathname,
      join(root, "apps/web"),
      {
        recursive: true,
      },
    );
    writeFileSync(
      join(root, "package.json"),
      JSON.stringify({ name: "monorepo", private: true, workspaces: ["apps/*"] }),
    );
    const run = runBin(["init", "--providers", "github", "--yes", "--json"], {
      cwd: join(root, "apps/web"),
      env: { ...npmEnv, ...fromCheckout },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const file = `vendor/create-auth-runtime-${runtimeManifest.version}.tgz`;
    expect(existsSync(join(root, "apps/web", file))).toBe(true);
    const lock = readFileSync(join(root, "package-lock.json"), "utf8");
    expect(lock).toContain(`"resolved": "file:apps/web/${file}"`);
    const elsewhere = temporaryDir("cli-workspace-copy-");
    cpSync(root, elsewhere, {
      recursive: true,
      filter: (path) => !/[/\\]node_modules$/.test(path),
    });
    npm(elsewhere, ["ci"]);
    expect(existsSync(join(elsewhere, "node_modules/@create-auth/runtime/package.json"))).toBe(
      true,
    );
  }, 180_000);

  it("a failed install removes the vendored tarball with the other files", () => {
    const dir = appWithFailingBuild();
    const before = tree(dir);
    const run = init(dir, ["--json"], fromCheckout);
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout).error.code).toBe("install_failed_restored");
    expect(tree(dir)).toEqual(before);
    expect(existsSync(join(dir, "vendor"))).toBe(false);
  }, 120_000);

  it("is recognised by the checkout on disk, which a published CLI does not ship", () => {
    const checkout = checkoutRuntime(undefined, {});
    expect(checkout?.spec).toBe(`file:vendor/create-auth-runtime-${runtimeManifest.version}.tgz`);
    // The published package: bin, dist, schemas, templates, and no runtime/ or scripts/.
    const published = temporaryDir("cli-published-");
    mkdirSync(join(published, "dist"));
    expect(checkoutRuntime(published, {})).toBeUndefined();
    expect(checkoutRuntime(undefined, { CREATE_AUTH_RUNTIME_FROM: "registry" })).toBeUndefined();
  });
});
