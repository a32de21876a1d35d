import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse as parseYaml } from "yaml";
import { type PackageJson, readPackageJson } from "./package-json.js";

/** Whether `path` (relative, `/`-separated) matches a workspace glob (`apps/*`, `packages/**`). */
function matchesGlob(path: string, glob: string): boolean {
  const pattern = glob
    .replace(/^\.\//, "")
    .replace(/\/+$/, "")
    .split("/")
    .map((part) =>
      part === "**" ? ".*" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"),
    )
    .join("/");
  return new RegExp(`^${pattern}$`).test(path);
}

/**
 * The workspace root above `projectRoot`, if the project is one of its packages: the nearest
 * folder whose pnpm-workspace.yaml or package.json `workspaces` lists it.
 */
export function findWorkspaceRoot(
  projectRoot: string,
): { root: string; pkg: PackageJson; pnpm: boolean } | undefined {
  for (let dir = dirname(projectRoot); ; dir = dirname(dir)) {
    const pnpm = existsSync(join(dir, "pnpm-workspace.yaml"));
    if (pnpm || existsSync(join(dir, "package.json"))) {
      let pkg: PackageJson = {};
      try {
        pkg = existsSync(join(dir, "package.json")) ? readPackageJson(dir) : {};
      } catch {
        // An unreadable package.json above the project is not ours to judge.
      }
      const path = relative(dir, projectRoot).split("\\").join("/");
      const globs = workspaceGlobs(dir, pkg).filter((glob) => !glob.startsWith("!"));
      if (globs.some((glob) => matchesGlob(path, glob))) return { root: dir, pkg, pnpm };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Workspace globs from package.json `workspaces` or pnpm-workspace.yaml. */
export function workspaceGlobs(root: string, pkg: PackageJson): string[] {
  const fromPackage = Array.isArray(pkg.workspaces)
    ? pkg.workspaces
    : (pkg.workspaces?.packages ?? []);
  return [...fromPackage, ...pnpmWorkspaceGlobs(root)];
}

/**
 * The `packages` of pnpm-workspace.yaml, read by a YAML parser: block or flow style
 * (`packages: ['apps/*']`), and never another key's list (`onlyBuiltDependencies: - esbuild`).
 * A file that does not parse lists nothing.
 */
function pnpmWorkspaceGlobs(root: string): string[] {
  const file = join(root, "pnpm-workspace.yaml");
  if (!existsSync(file)) return [];
  let document: unknown;
  try {
    document = parseYaml(readFileSync(file, "utf8"));
  } catch {
    return [];
  }
  const packages = (document as { packages?: unknown } | null)?.packages;
  return Array.isArray(packages) ? packages.filter((glob) => typeof glob === "string") : [];
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

/** The member packages of a workspace (folders with a package.json), relative to its root. */
export function workspacePackages(root: string, pkg: PackageJson): string[] {
  return workspaceGlobs(root, pkg).flatMap((glob) => expand(root, glob));
}
