import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { dependencyRange, type PackageJson, readPackageJson } from "./package-json.js";

/** Workspace globs from package.json `workspaces` or pnpm-workspace.yaml. */
export function workspaceGlobs(root: string, pkg: PackageJson): string[] {
  const fromPackage = Array.isArray(pkg.workspaces)
    ? pkg.workspaces
    : (pkg.workspaces?.packages ?? []);
  const pnpmFile = join(root, "pnpm-workspace.yaml");
  const fromPnpm = existsSync(pnpmFile)
    ? [...readFileSync(pnpmFile, "utf8").matchAll(/^\s*-\s*["']?([^"'\n#]+?)["']?\s*$/gm)].map(
        (m) => m[1]!.trim(),
      )
    : [];
  return [...fromPackage, ...fromPnpm];
}

/** Folders matched by simple workspace globs (`apps/*`, `packages/api`). */
function expand(root: string, glob: string): string[] {
  const clean = glob.replace(/\/+$/, "");
  if (!clean.endsWith("/*") && !clean.endsWith("/**"))
    return existsSync(join(root, clean, "package.json")) ? [clean] : [];
  const base = clean.replace(/\/\*\*?$/, "");
  if (!existsSync(join(root, base))) return [];
  return readdirSync(join(root, base), { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(root, base, entry.name, "package.json")),
    )
    .map((entry) => `${base}/${entry.name}`);
}

export interface WorkspaceApp {
  path: string;
  framework: "express" | "solid-start";
}

/** Express and SolidStart apps of a workspace, relative to its root. */
export function workspaceApps(root: string, pkg: PackageJson): WorkspaceApp[] {
  const apps: WorkspaceApp[] = [];
  for (const glob of workspaceGlobs(root, pkg)) {
    for (const path of expand(root, glob)) {
      const app = readPackageJson(join(root, path));
      if (dependencyRange(app, "@solidjs/start"))
        apps.push({ path: relative(root, join(root, path)), framework: "solid-start" });
      else if (dependencyRange(app, "express"))
        apps.push({ path: relative(root, join(root, path)), framework: "express" });
    }
  }
  return apps;
}
