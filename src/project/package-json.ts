import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import semver from "semver";
import { CliError } from "../errors.js";

export interface PackageJson {
  name?: string;
  type?: string;
  main?: string;
  /** Node's `exports` map: a string, conditions, or subpaths (`"."`, `"./*"`) to either. */
  exports?: unknown;
  packageManager?: string;
  devEngines?: { packageManager?: { name?: string } };
  workspaces?: string[] | { packages?: string[] };
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export function readPackageJson(dir: string): PackageJson {
  const path = join(dir, "package.json");
  try {
    return JSON.parse(readFileSync(path, "utf8")) as PackageJson;
  } catch (cause) {
    throw new CliError(
      "invalid_package_json",
      `${path} is not valid JSON: ${(cause as Error).message}`,
    );
  }
}

/** The nearest folder at or above `start` with a package.json. */
export function findPackageRoot(start: string): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new CliError(
        "no_project",
        `No package.json in ${resolve(start)} or any folder above it: run this inside your app's project folder, or pass --cwd.`,
      );
    }
    dir = parent;
  }
}

/** The range a dependency is declared with (any dependency field), if any. */
export function dependencyRange(pkg: PackageJson, name: string): string | undefined {
  return pkg.dependencies?.[name] ?? pkg.devDependencies?.[name] ?? pkg.peerDependencies?.[name];
}

/** The version installed in node_modules, if any. */

/**
 * The major version a version or range starts from, read by `semver` (`^5.1.0` → 5, `~4.16.1`
 * → 4, `npm:express@4` → 4); undefined for what names no version (`latest`, `workspace:*`, a
 * path) and for a range open below, whose lowest version says nothing (`<5`, `*`).
 */
export function majorOf(rangeOrVersion: string | undefined): number | undefined {
  if (!rangeOrVersion) return undefined;
  const spec = versionPart(rangeOrVersion);
  const version = semver.valid(spec) ?? (semver.validRange(spec) ? semver.minVersion(spec) : null);
  if (!version || semver.intersects(spec, "0.0.0")) return undefined;
  return semver.major(version);
}

/** The version or range of a dependency spec: `npm:express@4.16.4` → `4.16.4`, `^5` → `^5`. */
export function versionPart(spec: string): string {
  return spec.includes("@") ? spec.slice(spec.lastIndexOf("@") + 1) : spec;
}
