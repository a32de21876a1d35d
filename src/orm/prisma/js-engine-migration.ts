import { existsSync, readdirSync } from "node:fs";
import { join, posix } from "node:path";
import type { PlanBuilder } from "../../plan/change-set.js";
import { readText } from "../../project/read-text.js";
import type { MigrationStep } from "../types.js";
import type { PrismaDetection } from "./detect.js";
import { configString, prismaConfigFile } from "./schema-location.js";

/**
 * The schema as it was before `init` added auth, kept in the auth migration's folder. With
 * `engine: "js"` Prisma 6 cannot diff against the live database or the migration history on
 * PostgreSQL (`--from-url`/`--shadow-database-url` are refused beside a driver adapter, and
 * `--from-migrations` replays onto the app's own database), so the only source for "what the
 * database holds" is the schema `init` read. Not a `.prisma` file: a multi-file schema folder
 * loads every `.prisma` file beneath it.
 */
export const SNAPSHOT = "schema-before-auth.prisma.txt";

/** Whether prisma.config.* sets `engine: "js"` (the Wasm schema engine of Prisma 6.16+). */
export function usesWasmEngine(root: string): { config?: string; wasm: boolean } {
  const config = prismaConfigFile(root);
  return {
    config,
    wasm: config !== undefined && configString(root, config, "engine").value === "js",
  };
}

/** The folder Prisma keeps migrations in: beside the schema file, or inside the schema folder. */
export function migrationsFolder(detection: PrismaDetection): string {
  const { schema } = detection.info;
  return schema.multiFile
    ? posix.join(schema.path, "migrations")
    : posix.join(posix.dirname(schema.path), "migrations");
}

/** Prisma's migration folder stamp, UTC `YYYYMMDDHHMMSS`. */
function stamp(now: Date): string {
  return now.toISOString().replace(/\D/g, "").slice(0, 14);
}

/**
 * At `init`: when the PostgreSQL + `engine: "js"` app keeps migrations and the plan changes its
 * schema, writes the schema as it was into `<migrations>/<stamp>_auth/`, where `migrate` diffs
 * from it. A second `init` changes no schema file and so writes nothing.
 */
export function planSchemaSnapshot(
  plan: PlanBuilder,
  detection: PrismaDetection,
  now = new Date(),
): void {
  if (detection.dialect !== "postgresql" || !usesWasmEngine(plan.root).wasm) return;
  const folder = migrationsFolder(detection);
  if (!existsSync(join(plan.root, folder))) return;
  const { files, multiFile, path } = detection.info.schema;
  const original = files.map((file) => readText(plan.root, file));
  const newFile = multiFile && !files.includes(posix.join(path, "auth.prisma"));
  const added = newFile && plan.exists(posix.join(path, "auth.prisma"));
  if (!added && files.every((file, i) => plan.read(file) === original[i])) return;
  const text =
    files.length === 1
      ? original[0]!
      : files.map((file, i) => `// ${file}\n${original[i]}`).join("\n");
  plan.write(
    posix.join(folder, `${stamp(now)}_auth`, SNAPSHOT),
    text,
    'the schema before auth, which `create-auth migrate` diffs from (Prisma\'s engine: "js" cannot diff the database)',
  );
}

/** The auth migration `init` prepared: its folder name and whether its SQL is written yet. */
export function pendingAuthMigration(
  root: string,
  detection: PrismaDetection,
): { name: string; folder: string; written: boolean } | undefined {
  const folder = migrationsFolder(detection);
  if (!existsSync(join(root, folder))) return undefined;
  const name = readdirSync(join(root, folder))
    .filter((entry) => existsSync(join(root, folder, entry, SNAPSHOT)))
    .sort()
    .at(-1);
  if (!name) return undefined;
  const path = posix.join(folder, name);
  return { name, folder: path, written: existsSync(join(root, path, "migration.sql")) };
}

/**
 * The steps that migrate through what Prisma 6.19's Wasm engine can do on PostgreSQL (checked on
 * PostgreSQL 15): `migrate diff` between two schema files writes the migration, `db execute`
 * applies it in one transaction, and `migrate resolve --applied` records it in
 * `_prisma_migrations` with its checksum, so `migrate status` and a later `migrate deploy` see
 * it as applied. `migrate deploy` itself fails there ("Column type 'name' could not be
 * deserialized", prisma/orm#27403).
 */
export function wasmPostgresSteps(
  detection: PrismaDetection,
  migration: { name: string; folder: string; written: boolean },
  step: (args: string[], why: string) => MigrationStep,
): MigrationStep[] {
  const schema = detection.info.schema.path;
  const sql = posix.join(migration.folder, "migration.sql");
  const diff = step(
    [
      "migrate",
      "diff",
      "--from-schema-datamodel",
      posix.join(migration.folder, SNAPSHOT),
      "--to-schema-datamodel",
      schema,
      "--script",
      "--output",
      sql,
    ],
    "write the auth migration: the schema before init to the schema now",
  );
  return [
    ...(migration.written ? [] : [diff]),
    // Run twice, the SQL would fail on its first CREATE TABLE, and the history already has it.
    {
      ...step(
        ["db", "execute", "--schema", schema, "--file", sql],
        "apply it to the database in one transaction",
      ),
      skipWhenTablesExist: true,
    },
    {
      ...step(
        ["migrate", "resolve", "--applied", migration.name],
        "record it as applied in Prisma's migration history",
      ),
      alreadyDone: /\bP3008\b/,
    },
    step(["generate"], "regenerate the client with the auth models, as migrate dev would"),
  ];
}
