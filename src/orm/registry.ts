import { CliError } from "../errors.js";
import type { PackageJson } from "../project/package-json.js";
import { drizzleOrm } from "./drizzle/index.js";
import { kysely } from "./kysely/index.js";
import { prisma } from "./prisma/index.js";
import type { OrmDetection, OrmModule } from "./types.js";
import { workspaceOrms } from "./workspace.js";

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

/**
 * The ORM set-ups the app uses: its own, else those of the workspace packages it depends on
 * (workspace.ts), with a warning for each such package whose ORM cannot be wired.
 */
export function detectAppOrms(
  root: string,
  pkg: PackageJson,
): { detections: OrmDetection[]; warnings: string[] } {
  const own = detectOrms(root, pkg);
  if (own.length > 0) return { detections: own, warnings: [] };
  return workspaceOrms(root, pkg, orms);
}

/** The app's set-up of one ORM: in the app, else in a workspace package it depends on. */
export function detectOrm(
  root: string,
  pkg: PackageJson,
  orm: OrmModule,
): OrmDetection | undefined {
  return orm.detect(root, pkg) ?? workspaceOrms(root, pkg, [orm]).detections[0];
}
