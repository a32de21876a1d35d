import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { check } from "../../src/commands/check.js";
import { copyFixture, removeTemporary, runCommand, runInit } from "../support/cli.js";

// Projects whose files the CLI used to read differently from the tools the app runs with
// (issue 26): each goes through init and check with no false error and no exposed secret.

afterAll(removeTemporary);

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
const write = (dir: string, file: string, text: string) => writeFileSync(join(dir, file), text);
const json = (dir: string, file: string) => JSON.parse(read(dir, file)) as Record<string, unknown>;

/** init with flags, applied without installing; then check's errors other than unset ids. */
async function initThenCheck(dir: string) {
  const init = await runInit({ cwd: dir, yes: true, providers: "credentials", json: true });
  expect(init.exitCode, init.stderr).toBe(0);
  const run = await runCommand((io) => check({ cwd: dir, environment: {} }, io), { json: true });
  const findings = (run.json?.findings ?? []) as { rule: string; severity: string }[];
  // The runtime is not installed (no install in these tests): that one finding is expected.
  const errors = findings.filter((f) => f.severity === "error" && f.rule !== "runtime-version");
  return { init, errors: errors.map((f) => f.rule) };
}

describe("init and check read what the app reads", () => {
  it("a pnpm monorepo with flow-style workspaces installs with pnpm", async () => {
    const dir = copyFixture("pnpm-workspace");
    const root = json(dir, "package.json");
    delete root.packageManager;
    write(dir, "package.json", JSON.stringify(root, null, 2));
    write(
      dir,
      "pnpm-workspace.yaml",
      "packages: ['apps/*']\nonlyBuiltDependencies:\n  - esbuild\n",
    );
    const app = join(dir, "apps/api");
    const plan = await runInit({ cwd: app, providers: "credentials", dryRun: true, json: true });
    expect(plan.exitCode, plan.stderr).toBe(0);
    const install = (plan.json?.plan as { install?: { command: string } }).install;
    expect(install?.command).toBe("pnpm");
    expect((await initThenCheck(app)).errors).toEqual([]);
  });

  it("a .gitignore that un-ignores .env gets it ignored again: the secret is never committable", async () => {
    const dir = copyFixture("express4-cjs-js");
    write(dir, ".gitignore", "node_modules\n.env\n!.env\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], { cwd: dir });
    git("add", ".gitignore");
    git("commit", "-qm", "unignore");
    const { errors } = await initThenCheck(dir);
    expect(errors).toEqual([]);
    // git itself: .env (holding AUTH_SECRET now) is ignored.
    expect(() => execFileSync("git", ["check-ignore", "-q", ".env"], { cwd: dir })).not.toThrow();
    expect(read(dir, ".env")).toMatch(/^AUTH_SECRET=/m);
  });

  it('a CommonJS app with "node": ">=20.19.0" is not told its Node is too old', async () => {
    const dir = copyFixture("express4-cjs-js");
    const pkg = json(dir, "package.json");
    pkg.engines = { node: ">=20.19.0" };
    write(dir, "package.json", JSON.stringify(pkg, null, 2));
    const { errors } = await initThenCheck(dir);
    expect(errors).not.toContain("cjs-node-version");
    expect(errors).toEqual([]);
  });

  it("a tsconfig with module: preserve (bundler resolution) gets no resolution error", async () => {
    const dir = copyFixture("express5-ts-split");
    write(
      dir,
      "tsconfig.json",
      read(dir, "tsconfig.json")
        .replace('"module": "NodeNext"', '"module": "preserve"')
        .replace('"moduleResolution": "NodeNext",', ""),
    );
    const plan = await runInit({ cwd: dir, providers: "credentials", dryRun: true, json: true });
    expect((plan.json?.plan as { manual: string[] }).manual.join("\n")).not.toMatch(/TS2307/);
    const { errors } = await initThenCheck(dir);
    expect(errors).toEqual([]);
  });
});
