import { posix } from "node:path";
import type { PlanBuilder } from "../../plan/change-set.js";
import { authTables, idStyle } from "./columns.js";
import { addAuthTypes } from "./db-types.js";
import type { KyselyDetection } from "./detect.js";
import type { KnownColumn, UserTable } from "./info.js";
import { type MigrationFlavour, migrationFileName, migrationSource } from "./migration-file.js";

/** The user columns @auth/kysely-adapter reads and writes. */
const USER_FIELDS = ["id", "name", "email", "emailVerified", "image"];

/** Whether an id column holds the adapter's `crypto.randomUUID()` strings. */
function holdsUuidStrings(id: KnownColumn): boolean {
  if (id.sqlType) return /uuid|text|char|string/i.test(id.sqlType);
  return id.tsType === undefined || /\bstring\b/.test(id.tsType);
}

/** The module flavour of a new migration: its extension, else the neighbours' or the package's. */
function flavourOf(
  plan: PlanBuilder,
  extension: string,
  neighbour: string | undefined,
): MigrationFlavour {
  if (/\.[cm]?ts$/.test(extension)) return "ts";
  if (extension === ".mjs") return "esm";
  if (extension === ".cjs") return "cjs";
  const beside = neighbour ? (plan.read(neighbour) ?? "") : "";
  if (/^\s*export\s/m.test(beside)) return "esm";
  if (/\bexports\.\w+\s*=|module\.exports/.test(beside)) return "cjs";
  return /"type"\s*:\s*"module"/.test(plan.read("package.json") ?? "") ? "esm" : "cjs";
}

/**
 * Whether the adapter can use the app's user table, and what it lacks: a table under another
 * name or with integer ids cannot be shared, and required columns auth does not fill make
 * sign-ups fail. Each problem is a manual step; undefined means no migration is written.
 */
function userTableUse(plan: PlanBuilder, user: UserTable): string[] | undefined {
  if (user.name !== "User") {
    plan.manual.push(
      `Your user table "${user.name}" (${user.evidence}) is not the one @auth/kysely-adapter uses: the adapter queries fixed table names ("User", "Account", "Session", "VerificationToken"). create-auth wrote no migration, because a second "User" table would split your users in two. Either rename your table to "User" in a migration of your own, or keep separate auth users knowingly by creating the tables from docs/orm.md#kysely.`,
    );
    return undefined;
  }
  const id = user.columns.find((column) => column.name === "id");
  if (id && !holdsUuidStrings(id)) {
    plan.manual.push(
      `"User"."id" is ${id.sqlType ?? id.tsType} (${user.evidence}), but @auth/kysely-adapter creates users with a text UUID (crypto.randomUUID()). No migration was written: change the id to a text or uuid column first (foreign keys included), then run create-auth again.`,
    );
    return undefined;
  }
  const unfillable = user.columns.filter(
    (column) => column.required && !USER_FIELDS.includes(column.name),
  );
  if (unfillable.length > 0)
    plan.manual.push(
      `"User" has required columns auth cannot fill when someone signs up (${unfillable.map((c) => c.name).join(", ")}; ${user.evidence}): give them a default or make them nullable in a migration of yours, or sign-ups fail with a NOT NULL error.`,
    );
  const has = new Set(user.columns.map((column) => column.name));
  return USER_FIELDS.filter((field) => field !== "id" && !has.has(field));
}

/**
 * The auth tables for a Kysely app: one migration in its migrations folder, in its naming
 * convention (extending its `User` table, never creating a second one), and the tables in its
 * hand-written `DB` interface, or a step to re-run kysely-codegen. A second run finds the
 * migration (it creates `VerificationToken`) and the members, and changes nothing.
 */
export function planKyselySchema(plan: PlanBuilder, detection: KyselyDetection): void {
  const { info, dialect } = detection;
  if (!info.dialectKnown) {
    plan.manual.push(
      "No auth migration was written: the database behind Kysely is unknown. Create the tables from docs/orm.md#kysely for your database.",
    );
    return;
  }
  const extendUser = info.userTable ? userTableUse(plan, info.userTable) : [];
  if (extendUser === undefined) return;
  const existingId = info.userTable?.columns.find((column) => column.name === "id")?.sqlType;
  const ids = idStyle(dialect, info.uuidIds, existingId);
  const tables = authTables(dialect, ids);
  const { migrations } = info;
  if (!info.authMigration) {
    const name = migrationFileName(
      migrations.naming,
      migrations.files.at(-1)?.split("/").pop(),
      new Date(),
      migrations.extension,
    );
    const path = posix.join(migrations.folder, name);
    const flavour = flavourOf(plan, migrations.extension, migrations.files.at(-1));
    const content = { dialect, ids, extendUser: info.userTable ? extendUser : undefined };
    plan.write(path, migrationSource(content, flavour), "the auth tables (Kysely migration)");
  }
  const database = info.database;
  if (database?.source === "codegen") {
    plan.manual.push(
      `After migrating, re-run kysely-codegen (${database.evidence}) so its DB type has the auth tables (User, Account, Session, VerificationToken).`,
    );
  } else if (database?.file) {
    const text = plan.read(database.file) ?? "";
    const edited = addAuthTypes(
      text,
      database.file,
      database.name,
      tables,
      info.userTable?.rowInterface,
    );
    if (edited === undefined)
      plan.manual.push(
        `Add the auth tables to ${database.name} in ${database.file} (see docs/orm.md#kysely).`,
      );
    else plan.write(database.file, edited, "the auth tables in the DB type");
  }
}
