import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as fc from "fast-check";
import { detect } from "package-manager-detector";
import { afterAll, describe, expect, it } from "vitest";
import { readPackageJson } from "../../src/project/package-json.js";
import { detectPackageManager } from "../../src/project/package-manager.js";
import { findWorkspaceRoot } from "../../src/project/workspace.js";

// The package manager and workspace as the ecosystem's own detector reads them, on generated
// project layouts whose signals agree (where they conflict our order is documented, and differs
// on purpose: a `packageManager` field beats a stray lockfile).

const scratch = mkdtempSync(join(tmpdir(), "pm-detect-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;

const lockfiles = {
  npm: "package-lock.json",
  pnpm: "pnpm-lock.yaml",
  yarn: "yarn.lock",
  bun: "bun.lock",
} as const;
type Manager = keyof typeof lockfiles;

const layout = fc.record({
  manager: fc.constantFrom<Manager>("npm", "pnpm", "yarn", "bun"),
  field: fc.boolean(),
  workspace: fc.constantFrom("none", "package.json", "pnpm-block", "pnpm-flow"),
});

function write(file: string, text: string) {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
}

type Layout = { manager: Manager; field: boolean; workspace: string };

/** Writes the layout; returns the app's folder. */
function build({ manager, field, workspace }: Layout): string {
  const root = join(scratch, `p${counter++}`);
  const pnpm = workspace.startsWith("pnpm");
  // A pnpm workspace file means pnpm: only generate it with pnpm, as real projects do.
  const kind = pnpm && manager !== "pnpm" ? "package.json" : workspace;
  const app = kind === "none" ? root : join(root, "apps", "web");
  const rootPkg: Record<string, unknown> = { name: "root", private: true };
  if (kind === "package.json") rootPkg.workspaces = ["apps/*"];
  if (field) rootPkg.packageManager = `${manager}@${manager === "yarn" ? "1.22.22" : "9.0.0"}`;
  write(join(root, "package.json"), JSON.stringify(rootPkg));
  if (kind !== "none") write(join(app, "package.json"), JSON.stringify({ name: "web" }));
  if (kind === "pnpm-block")
    write(
      join(root, "pnpm-workspace.yaml"),
      "packages:\n  - apps/*\nonlyBuiltDependencies:\n  - esbuild\n",
    );
  if (kind === "pnpm-flow") write(join(root, "pnpm-workspace.yaml"), "packages: ['apps/*']\n");
  write(join(root, lockfiles[manager]), "");
  return app;
}

describe("package manager (against package-manager-detector)", () => {
  it("names the same manager on layouts whose signals agree", async () => {
    await fc.assert(
      fc.asyncProperty(layout, async (spec) => {
        const app = build(spec);
        const theirs = await detect({ cwd: app });
        const ours = detectPackageManager(app, readPackageJson(app));
        expect(ours.name, JSON.stringify(spec)).toBe(theirs?.name);
      }),
      { numRuns: 60 },
    );
  });

  it("a flow-style pnpm-workspace.yaml makes the app a workspace package (pnpm, not npm)", () => {
    const app = build({ manager: "pnpm", field: false, workspace: "pnpm-flow" });
    expect(findWorkspaceRoot(app)).toBeDefined();
    expect(detectPackageManager(app, readPackageJson(app)).name).toBe("pnpm");
  });

  it("another key's list in pnpm-workspace.yaml is not a workspace glob", () => {
    const root = join(scratch, "only-built");
    write(join(root, "package.json"), JSON.stringify({ name: "root" }));
    write(
      join(root, "pnpm-workspace.yaml"),
      "packages:\n  - apps/*\nonlyBuiltDependencies:\n  - esbuild\n",
    );
    const stray = join(root, "esbuild");
    write(join(stray, "package.json"), JSON.stringify({ name: "esbuild-like" }));
    expect(findWorkspaceRoot(stray)).toBeUndefined();
  });
});
