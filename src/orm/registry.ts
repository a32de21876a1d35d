import { realpathSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { CliError } from "../errors.js";
import { dependencyRange, type PackageJson, readPackageJson } from "../project/package-json.js";
import { drizzleOrm } from "./drizzle/index.js";
import { kysely } from "./kysely/index.js";
import { prisma } from "./prisma/index.js";
import type { OrmDetection, OrmModule } from "./types.js";

/**
 * Every ORM whose set-up `init` wires through its Auth.js adapter. Adding one: its folder under
 * `src/orm/` and one entry here. The order is the order of detection messages and choices.
 */
export const orms: readonly OrmModule[] = [prisma, drizzleOrm, kysely];

/** `--database` values that name an ORM. */
export function ormById(id: string): OrmModule | undefined {
  return orms.find((orm) => orm.id === id);
}

/** The module of a detection. */
export function moduleOfOrm(detection: OrmDetection): OrmModule {
  const found = ormById(detection.orm);
  if (!found) throw new CliError("internal_error", `No ORM module for "${detection.orm}".`);
  return found;
}

/** Every ORM set-up the project has that a module can use, in registry order. */
export function detectOrms(root: string, pkg: PackageJson): OrmDetection[] {
  return orms.flatMap((orm) => orm.detect(root, pkg) ?? []);
}

/** The ORM whose Auth.js adapter a configuration module's text imports, if any. */
export function ormOfConfigText(text: string): OrmModule | undefined {
  return orms.find((orm) => {
    const name = orm.adapterPackage.replace(/[/@-]/g, "\\$&");
    return new RegExp(`(?:from|require\\()\\s*["']${name}["']`).test(text);
  });
}

/** Why an ORM the project depends on cannot be used, one line each (for `init`'s warnings). */
export function unusableOrms(root: string, pkg: PackageJson, found: OrmDetection[]): string[] {
  return orms
    .filter((orm) => !found.some((detection) => detection.orm === orm.id))
    .flatMap((orm) => orm.unusable?.(root, pkg) ?? []);
}

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

/**
 * ORMs the app reaches through a package of its workspace (`@acme/db` in `packages/db`, as
 * create-better-t-stack and Turborepo starters lay it out), which `init` does not wire yet:
 * one warning each, naming the package, so the user knows why the embedded database is offered.
 */
export function workspaceOrmWarnings(root: string, pkg: PackageJson): string[] {
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  return names.flatMap((name) => {
    const real = linkedPackage(root, name);
    if (!real) return [];
    // A registry package lives in node_modules; a workspace package is linked to its folder.
    if (real.split(sep).includes("node_modules")) return [];
    let dependency: PackageJson;
    try {
      dependency = readPackageJson(real);
    } catch {
      return [];
    }
    const orm = orms.find((module) =>
      module.packageNames.some((packageName) => dependencyRange(dependency, packageName)),
    );
    if (!orm) return [];
    const where = relative(root, real).split(sep).join("/");
    return [
      `${name} (${where}) holds the app's ${orm.name} set-up: init does not wire an ORM kept in another workspace package yet, so it offers the other databases; to use ${orm.name}, pass its client to ${orm.adapterPackage} by hand (docs/orm.md#workspaces).`,
    ];
  });
}
