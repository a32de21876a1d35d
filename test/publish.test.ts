import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { copyFixture, removeTemporary } from "./support/cli.js";

const repository = new URL("../", import.meta.url).pathname;
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  removeTemporary();
});

interface Packed {
  manifest: Record<string, unknown> & {
    files?: string[];
    bin?: Record<string, string>;
    exports?: unknown;
    engines?: { node?: string };
    private?: boolean;
  };
  files: Map<string, number>;
}

/** What `npm publish --dry-run` would upload from `dir`: the manifest and each file's mode. */
function publishDryRun(dir: string): Packed {
  const stdout = execFileSync("npm", ["publish", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  }).toString();
  const report = JSON.parse(stdout) as Record<string, { files: { path: string; mode: number }[] }>;
  const [result] = Object.values(report);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  return { manifest, files: new Map(result!.files.map((file) => [file.path, file.mode])) };
}

/** Every file path an `exports` map points to (conditions and subpaths flattened). */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === "string") return [exports];
  if (Array.isArray(exports)) return exports.flatMap(exportTargets);
  if (exports && typeof exports === "object") return Object.values(exports).flatMap(exportTargets);
  return [];
}

/** `./dist/*.js` → a pattern over packed paths (`dist/…`). */
function pattern(target: string): RegExp {
  const path = target.replace(/^\.\//, "");
  return new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".+")}$`);
}

describe.each([
  ["create-auth", repository],
  ["@create-auth/runtime", join(repository, "runtime")],
])("npm publish --dry-run of %s", (name, dir) => {
  const packed = publishDryRun(dir);
  const paths = [...packed.files.keys()];

  it("is publishable: not private, its name, an engines range", () => {
    expect(packed.manifest.name).toBe(name);
    expect(packed.manifest.private).toBeUndefined();
    expect(packed.manifest.engines?.node).toMatch(/^>=\d+/);
  });

  it("ships what `files` lists, and no tests or sources", () => {
    for (const entry of packed.manifest.files ?? []) {
      if (entry.startsWith("!")) continue;
      expect(
        paths.some((path) => path === entry || path.startsWith(`${entry}/`)),
        `nothing packed from "${entry}" (is it built?)`,
      ).toBe(true);
    }
    expect(paths.filter((path) => /\.test\.|(^|\/)(src|test)\//.test(path))).toEqual([]);
  });

  it("packs every file `exports` points to", () => {
    const targets = exportTargets(packed.manifest.exports ?? {});
    for (const target of targets)
      expect(
        paths.some((path) => pattern(target).test(path)),
        `exports target ${target} is not in the package`,
      ).toBe(true);
  });

  it("packs each bin as an executable file with a node shebang", () => {
    for (const [bin, target] of Object.entries(packed.manifest.bin ?? {})) {
      const path = target.replace(/^\.\//, "");
      const mode = packed.files.get(path);
      expect(mode, `bin ${bin} (${path}) is not in the package`).toBeDefined();
      expect((mode ?? 0) & 0o111, `bin ${bin} is not executable`).not.toBe(0);
      expect(readFileSync(join(dir, path), "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    }
  });
});

describe("the packed CLI, installed", () => {
  it("runs from its tarball, and plans to install @create-auth/runtime from the registry", () => {
    const work = mkdtempSync(join(tmpdir(), "create-auth-published-"));
    temporary.push(work);
    const tarball = execFileSync(
      "npm",
      ["pack", "--silent", "--ignore-scripts", "--pack-destination", work],
      { cwd: repository },
    )
      .toString()
      .trim()
      .split("\n")
      .at(-1)!;
    const user = join(work, "user");
    execFileSync("mkdir", [user]);
    writeFileSync(join(user, "package.json"), JSON.stringify({ name: "user", private: true }));
    // The CLI depends on @create-auth/runtime (it reads the runtime's peer ranges), which is
    // not on the registry yet: the packed runtime is installed beside it, as a release would
    // publish both.
    execFileSync(
      "npm",
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        inject("runtimeTarball"),
        join(work, tarball),
      ],
      { cwd: user, stdio: "pipe" },
    );
    const app = copyFixture("express4-cjs-js");
    // As a user's shell has it: no switch from the test configuration.
    const { CREATE_AUTH_RUNTIME_FROM: _, ...env } = process.env;
    const run = spawnSync(
      join(user, "node_modules/.bin/create-auth"),
      ["init", "--cwd", app, "--providers", "github", "--dry-run", "--json"],
      { env: { ...env, CI: "true" }, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    const install = JSON.parse(run.stdout).plan.install;
    expect(install.packages).toContain("@create-auth/runtime@^0.1.0");
    expect(install.vendor).toBeUndefined();
  }, 180_000);
});
