import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { KyselyDetection } from "../../src/orm/kysely/detect.js";
import { kysely } from "../../src/orm/kysely/index.js";
import { PlanBuilder } from "../../src/plan/change-set.js";
import { readPackageJson } from "../../src/project/package-json.js";
import {
  commonJsApp,
  libsqlCodegenApp,
  mysqlMigratorApp,
  postgresCtlApp,
  removeProjects,
  writeProject,
} from "./kysely-projects.js";

afterAll(removeProjects);

function detect(root: string): KyselyDetection {
  const found = kysely.detect(root, readPackageJson(root));
  if (!found) throw new Error("Kysely was not detected");
  return found;
}

/** The plan's files and manual steps, written to disk as `apply` would. */
function planAndApply(root: string) {
  const plan = new PlanBuilder(root);
  kysely.planSchema(plan, detect(root));
  const built = plan.build();
  for (const file of built.files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.after);
  }
  return {
    files: Object.fromEntries(built.files.map((f) => [f.path, f.after])),
    manual: built.manual,
  };
}

const read = (root: string, path: string) => readFileSync(join(root, path), "utf8");

/** An existing `User` table: text ids, a name and email, and a required role auth cannot fill. */
const userMigration = `import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("User")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text")
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("createdAt", "timestamptz", (col) => col.notNull().defaultTo(sql\`now()\`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("User").execute();
}
`;

describe("Kysely auth schema", () => {
  it("writes a kysely-ctl migration after the others and adds the tables to the DB interface, once", () => {
    const root = writeProject(postgresCtlApp());
    const { files, manual } = planAndApply(root);
    const [migration] = Object.keys(files).filter((path) => path.startsWith("migrations/"));
    expect(migration).toMatch(/^migrations\/\d{13}_auth\.ts$/);
    expect(migration! > "migrations/1700000000000_pets.ts").toBe(true);
    const source = files[migration!]!;
    for (const table of ["User", "Account", "Session", "VerificationToken"])
      expect(source).toContain(`.createTable("${table}")`);
    // The app's ids are uuid columns: the auth tables follow.
    expect(source).toContain(
      `.addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql\`gen_random_uuid()\`))`,
    );
    expect(source).toContain(
      `.addColumn("userId", "uuid", (col) => col.notNull().references("User.id").onDelete("cascade"))`,
    );
    expect(manual).toEqual([]);
    const types = read(root, "src/db/types.ts");
    expect(types).toContain(`export interface DB {
  pet: PetTable;
  User: UserTable;
  Account: AccountTable;
  Session: SessionTable;
  VerificationToken: VerificationTokenTable;
}`);
    expect(types).toContain(
      "export interface SessionTable {\n  id: Generated<string>;\n  userId: string;\n  sessionToken: string;\n  expires: Date;\n}",
    );
    expect(types.match(/import type \{ Generated \} from "kysely";/g)).toHaveLength(1);
    // Second run: the migration exists and the interface has the tables.
    expect(planAndApply(root)).toEqual({ files: {}, manual: [] });
  });

  it("numbers a MySQL migration after the app's own and keeps a varchar key for indexes", () => {
    const root = writeProject(mysqlMigratorApp());
    const { files } = planAndApply(root);
    const source = files["src/migrations/003_auth.ts"];
    expect(source).toContain(
      `.addColumn("email", "varchar(255)", (col) => col.notNull().unique())`,
    );
    expect(source).toContain(
      `.addColumn("id", "varchar(36)", (col) => col.primaryKey().defaultTo(sql\`(uuid())\`))`,
    );
    expect(read(root, "src/database.ts")).toContain(
      "  VerificationToken: VerificationTokenTable;\n}",
    );
  });

  it("asks for kysely-codegen to be re-run instead of editing generated types", () => {
    const root = writeProject(libsqlCodegenApp());
    const { files, manual } = planAndApply(root);
    expect(Object.keys(files)).toEqual([expect.stringMatching(/^migrations\/\d{13}_auth\.ts$/)]);
    expect(manual).toEqual([expect.stringMatching(/^After migrating, re-run kysely-codegen/)]);
    const source = Object.values(files)[0]!;
    // SQLite: dates as ISO text (the adapter stores strings there), ids from randomblob.
    expect(source).toContain(`.addColumn("expires", "text", (col) => col.notNull())`);
    expect(source).toContain("sql`(lower(hex(randomblob(16))))`");
  });

  it("leaves a kysely-codegen output file alone and asks for a re-run", () => {
    const generated = `/**\n * This file was generated by kysely-codegen.\n * Please do not edit it manually.\n */\n\nexport interface Pet {\n  id: string;\n}\n\nexport interface DB {\n  pet: Pet;\n}\n`;
    const root = writeProject({ ...postgresCtlApp(), "src/db/types.ts": generated });
    const found = detect(root);
    expect(found.info.database).toMatchObject({ source: "codegen", file: "src/db/types.ts" });
    const { files, manual } = planAndApply(root);
    expect(Object.keys(files)).toEqual([expect.stringMatching(/^migrations\/\d{13}_auth\.ts$/)]);
    expect(read(root, "src/db/types.ts")).toBe(generated);
    expect(manual).toEqual([
      expect.stringContaining(
        "re-run kysely-codegen (DB in src/db/types.ts, generated by kysely-codegen)",
      ),
    ]);
  });

  it("writes a CommonJS migration for a CommonJS JavaScript app", () => {
    const root = writeProject(commonJsApp());
    const { files } = planAndApply(root);
    const [path] = Object.keys(files);
    expect(path).toMatch(/^migrations\/\d{13}_auth\.js$/);
    expect(files[path!]).toMatch(/^const \{ sql \} = require\("kysely"\);/);
    expect(files[path!]).toContain("exports.up = async function up(db) {");
  });

  it("extends an existing User table instead of creating another, and names what auth cannot fill", () => {
    const root = writeProject({
      ...postgresCtlApp(),
      "migrations/1700000000001_users.ts": userMigration,
      "src/db/types.ts": `import type { Generated } from "kysely";

export interface PetTable {
  id: Generated<string>;
  name: string;
}

export interface UserTable {
  id: string;
  name: string | null;
  email: string;
  role: string;
}

export interface DB {
  pet: PetTable;
  User: UserTable;
}
`,
    });
    const { files, manual } = planAndApply(root);
    const path = Object.keys(files).find((p) => p.startsWith("migrations/"))!;
    const source = files[path]!;
    expect(source).not.toContain(`createTable("User")`);
    expect(source).toContain(
      `await db.schema.alterTable("User").addColumn("emailVerified", "timestamptz").execute();`,
    );
    expect(source).toContain(
      `await db.schema.alterTable("User").addColumn("image", "text").execute();`,
    );
    expect(source).toContain(
      `await db.schema.alterTable("User").dropColumn("emailVerified").execute();`,
    );
    expect(source).not.toContain(`dropTable("User")`);
    // References follow the existing id's type.
    expect(source).toContain(
      `.addColumn("userId", "text", (col) => col.notNull().references("User.id")`,
    );
    expect(manual).toEqual([
      expect.stringContaining("required columns auth cannot fill when someone signs up (role;"),
    ]);
    const types = read(root, "src/db/types.ts");
    expect(types).toContain(
      "  role: string;\n  emailVerified: Date | null;\n  image: string | null;\n}",
    );
    expect(types).not.toMatch(/AuthUserTable|User: UserTable;[\s\S]*User: /);
    // Second run: nothing to write; what auth cannot fill is still said.
    expect(planAndApply(root)).toEqual({ files: {}, manual });
  });

  it("writes nothing beside a users table under another name, and says why", () => {
    const root = writeProject({
      ...postgresCtlApp(),
      "migrations/1700000000001_users.ts": userMigration.replaceAll(`"User"`, `"users"`),
    });
    const { files, manual } = planAndApply(root);
    expect(files).toEqual({});
    expect(manual).toEqual([
      expect.stringMatching(
        /^Your user table "users" \(migrations\/1700000000001_users\.ts:4\) is not the one @auth\/kysely-adapter uses/,
      ),
    ]);
  });

  it("writes no migration for a User table with integer ids", () => {
    const root = writeProject({
      ...postgresCtlApp(),
      "migrations/1700000000001_users.ts": userMigration.replace(`"id", "text"`, `"id", "serial"`),
    });
    const { files, manual } = planAndApply(root);
    expect(files).toEqual({});
    expect(manual).toEqual([
      expect.stringMatching(/^"User"\."id" is serial .*crypto\.randomUUID\(\)/),
    ]);
  });
});

describe("Kysely migration commands", () => {
  it("runs kysely-ctl through the project's package manager", () => {
    const npmRoot = writeProject(postgresCtlApp());
    expect(kysely.migration(npmRoot, detect(npmRoot)).steps).toEqual([
      {
        command: "npx",
        args: ["--no-install", "kysely", "migrate:latest"],
        why: expect.stringContaining("kysely-ctl"),
      },
    ]);
    const pnpmRoot = writeProject({
      ...postgresCtlApp(),
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    });
    expect(kysely.migration(pnpmRoot, detect(pnpmRoot))).toEqual({
      steps: [
        { command: "pnpm", args: ["exec", "kysely", "migrate:latest"], why: expect.any(String) },
      ],
    });
  });
});
