import { existsSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { installedVersion } from "../../project/installed-version.js";
import { dependencyRange, readPackageJson } from "../../project/package-json.js";
import {
  detectPackageManager,
  localBin,
  type PackageManagerName,
} from "../../project/package-manager.js";
import type { MigrationPlan, MigrationStep } from "../types.js";
import type { DrizzleDetection } from "./detect.js";

/** drizzle-kit through the project's package manager, never a downloaded copy. */
const runner = (manager: PackageManagerName, args: string[]) =>
  localBin(manager, "drizzle-kit", args);

/** drizzle-kit before 0.21 named commands by dialect (`generate:pg`) and had no `migrate`. */
const LEGACY_WORD = { postgresql: "pg", mysql: "mysql", sqlite: "sqlite" } as const;

const LOCAL_HOST = /^[a-z+]+:\/\/(?:[^@/]*@)?(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?\//;

/**
 * drizzle-kit's own commands for the auth tables: `generate` (a reviewed SQL migration, named
 * `auth`) then `migrate` when the project keeps migrations; `push` when its scripts push the
 * schema and it keeps none. Never `--force`: drizzle-kit then asks before anything destructive.
 */
export function drizzleMigration(root: string, detection: DrizzleDetection): MigrationPlan {
  const pkg = readPackageJson(root);
  const manager = detectPackageManager(root, pkg).name;
  const config = detection.info.config;
  const kitVersion =
    installedVersion(root, "drizzle-kit") ?? dependencyRange(pkg, "drizzle-kit") ?? "latest";
  const coerced = semver.coerce(kitVersion);
  const legacy = coerced !== null && semver.lt(coerced, "0.21.0");
  const configArgs = config && config.file !== "drizzle.config.ts" ? ["--config", config.file] : [];
  const scripts = Object.values(pkg.scripts ?? {}).join("\n");
  const out = config?.out ?? "drizzle";
  const keepsMigrations =
    existsSync(join(root, out)) || /drizzle-kit\s+(generate|migrate)/.test(scripts);
  const pushes = /drizzle-kit\s+push/.test(scripts) && !keepsMigrations;
  const step = (args: string[], why: string): MigrationStep => ({
    ...runner(manager, [...args, ...configArgs]),
    why,
  });
  const steps: MigrationStep[] = [];
  if (legacy) {
    const word = LEGACY_WORD[detection.dialect];
    steps.push(
      pushes
        ? step([`push:${word}`], "apply the schema to the database")
        : step([`generate:${word}`], `write the SQL migration for the auth tables into ${out}/`),
    );
  } else if (pushes) {
    steps.push(step(["push"], "apply the schema to the database (the project's scripts push)"));
  } else {
    steps.push(
      step(
        ["generate", "--name", "auth"],
        `write the SQL migration for the auth tables into ${out}/`,
      ),
    );
    steps.push(step(["migrate"], "apply the pending migrations to the database"));
  }
  const printOnly = !config
    ? "No drizzle.config: drizzle-kit needs one (dialect, schema, dbCredentials) before it can migrate."
    : legacy && !pushes
      ? `drizzle-kit ${kitVersion} has no migrate command: apply ${out}/ with the app's migrate() from drizzle-orm.`
      : config.url && !LOCAL_HOST.test(config.url)
        ? `${config.file} points at a database that is not on this machine: review and run these yourself.`
        : undefined;
  return printOnly ? { steps, printOnly } : { steps };
}
