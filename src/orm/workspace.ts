import { realpathSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";
import { dependencyRange, type PackageJson, readPackageJson } from "../project/package-json.js";
import type { OrmDetection, OrmModule } from "./types.js";

// An ORM kept in a sibling package of the app's workspace (create-better-t-stack's and Turborepo
// starters' `packages/db`, which `apps/server` depends on as `@acme/db`): found through the app's
// dependency, detected by the ORM's own module in the package's folder, and recorded on the
// detection as `workspace`. What that means for imports, schema edits and migrations is in
// workspace-wiring.ts.

/** Where Node finds package `name` from `root` (node_modules here or above), real path. */
function linkedPackage(root: string, name: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    try {
      return realpathSync(join(dir, "node_modules", name));
    } catch {
      if (dirname(dir) === dir) return undefined;
    }
  }
}

/** A package of the app's workspace that the app depends on. */
interface WorkspacePackage {
  name: string;
  /** Absolute real path. */
  real: string;
  /** Relative to the app's root, `/`-separated. */
  dir: string;
  pkg: PackageJson;
}

/** The app's dependencies that resolve to a folder of its workspace rather than a registry copy. */
function workspaceDependencies(root: string, pkg: PackageJson): WorkspacePackage[] {
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  return names.flatMap((name) => {
    const real = linkedPackage(root, name);
    // A registry package lives in node_modules; a workspace package is linked to its folder.
    if (!real || real.split(sep).includes("node_modules")) return [];
    try {
      const dir = relative(realpathSync(root), real).split(sep).join("/");
      return [{ name, real, dir, pkg: readPackageJson(real) }];
    } catch {
      return [];
    }
  });
}

/**
 * The ORM set-ups of the workspace packages the app depends on, each detected by `modules` in
 * the package's folder and marked with where it lives; one warning for each package whose ORM
 * no module can use.
 */
export function workspaceOrms(
  root: string,
  pkg: PackageJson,
  modules: readonly OrmModule[],
): { detections: OrmDetection[]; warnings: string[] } {
  const detections: OrmDetection[] = [];
  const warnings: string[] = [];
  for (const dependency of workspaceDependencies(root, pkg)) {
    const uses = modules.filter((module) =>
      module.packageNames.some((name) => dependencyRange(dependency.pkg, name)),
    );
    const where = `${dependency.name} (${dependency.dir})`;
    for (const module of uses) {
      const found = module.detect(dependency.real, dependency.pkg);
      if (found) {
        detections.push({
          ...found,
          evidence: `${found.evidence}, in ${where}`,
          workspace: { dir: dependency.dir, name: dependency.name },
        });
        continue;
      }
      const why = module.unusable?.(dependency.real, dependency.pkg);
      warnings.push(
        `${where} depends on ${module.name}, but its set-up cannot be used${why ? `: ${why}` : "."}`,
      );
    }
  }
  return { detections, warnings };
}

/** The folder the ORM's files are relative to: the app's root, or its workspace package. */
export function ormRoot(root: string, detection: OrmDetection): string {
  return detection.workspace ? join(root, detection.workspace.dir) : root;
}

/** A path relative to the ORM's folder, made relative to the app's root. */
export function fromOrmRoot(detection: OrmDetection, path: string): string {
  return detection.workspace ? posix.join(detection.workspace.dir, path) : path;
}
