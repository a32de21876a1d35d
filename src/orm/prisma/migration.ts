import { existsSync } from "node:fs";
import { join } from "node:path";
import { readPackageJson } from "../../project/package-json.js";
import {
  detectPackageManager,
  localBin,
  type PackageManagerName,
} from "../../project/package-manager.js";
import type { MigrationPlan, MigrationStep } from "../types.js";
import type { PrismaDetection } from "./detect.js";
import {
  migrationsFolder,
  pendingAuthMigration,
  usesWasmEngine,
  wasmPostgresSteps,
} from "./js-engine-migration.js";

/** `prisma …` through the project's package manager, never a global or downloaded copy. */
export function prismaStep(
  manager: PackageManagerName,
  args: string[],
  why: string,
): MigrationStep {
  return { ...localBin(manager, "prisma", args), why };
}

/**
 * Prisma 7's `migrate dev` and `db push` no longer run `prisma generate` (Prisma 6's do), and a
 * client generated before the auth models has no `prisma.account`: the first sign-in would fail.
 * An unreadable version counts as 7 or later (one more `generate` is harmless).
 */
function generatesAfterMigrating(version: string): boolean {
  const major = Number(/\d+/.exec(version)?.[0]);
  return Number.isFinite(major) && major <= 6;
}

/** Whether the app's scripts sync the schema with `prisma db push` rather than migrations. */
function pushesSchema(root: string): boolean {
  const scripts = readPackageJson(root).scripts ?? {};
  return Object.values(scripts).some((script) => /\bprisma\s+db\s+push\b/.test(script));
}

/**
 * `prisma migrate dev --name auth`, or `prisma db push` for an app that has no migrations and
 * pushes its schema in its scripts; then `prisma generate` on Prisma 7, whose commands no longer
 * regenerate the client. Never a command that resets or drops data. With `engine: "js"` in
 * prisma.config.ts, Prisma 6's Wasm schema engine fails `migrate dev` (SQLite: "no such table:
 * _prisma_migrations"; PostgreSQL: "Column type 'name' could not be deserialized") and `db push`
 * on PostgreSQL; only `db push` on SQLite works. On
 * PostgreSQL the auth migration `init` prepared goes through `migrate diff`, `db execute` and
 * `migrate resolve` instead (js-engine-migration.ts); anything else there is printed, not run.
 */
export function prismaMigration(root: string, detection: PrismaDetection): MigrationPlan {
  const manager = detectPackageManager(root, readPackageJson(root)).name;
  const { config, wasm: wasmEngine } = usesWasmEngine(root);
  const hasMigrations = existsSync(join(root, migrationsFolder(detection)));
  const generate = generatesAfterMigrating(detection.version)
    ? []
    : [
        prismaStep(
          manager,
          ["generate"],
          "regenerate the client with the auth models (Prisma 7's migrate does not)",
        ),
      ];
  if (!hasMigrations && pushesSchema(root)) {
    const push = [
      prismaStep(
        manager,
        ["db", "push"],
        "sync the database with the schema, as the app's scripts do",
      ),
      ...generate,
    ];
    if (wasmEngine && detection.dialect !== "sqlite")
      return { steps: push, printOnly: wasmReason(config) };
    return { steps: push };
  }
  const pending =
    wasmEngine && detection.dialect === "postgresql" && pendingAuthMigration(root, detection);
  if (pending)
    return {
      steps: wasmPostgresSteps(detection, pending, (args, why) => prismaStep(manager, args, why)),
    };
  const steps = [
    prismaStep(
      manager,
      ["migrate", "dev", "--name", "auth"],
      "create and apply the migration for the auth models",
    ),
    ...generate,
  ];
  return wasmEngine ? { steps, printOnly: wasmReason(config) } : { steps };
}

function wasmReason(config: string | undefined): string {
  return `${config} sets engine: "js", and Prisma 6's Wasm schema engine cannot run this migration; run it where the classic schema engine is available (remove engine: "js" for the command), then \`prisma generate\`.`;
}
