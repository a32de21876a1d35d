import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importStatement } from "../../src/edit/imports.js";
import { kysely } from "../../src/orm/kysely/index.js";
import { PlanBuilder } from "../../src/plan/change-set.js";
import { readPackageJson } from "../../src/project/package-json.js";
import { detectStyle } from "../../src/syntax/source-style.js";
import {
  mysqlMigratorApp,
  postgresCtlApp,
  sqliteUserApp,
  writeProject,
} from "./kysely-projects.js";

/**
 * The generated migration and configuration against the real thing: one install of kysely,
 * @auth/kysely-adapter, the drivers and TypeScript shared by three apps in sub-folders; each app
 * gets the plan applied, a `tsc` build, Kysely's Migrator up on a throwaway database, the
 * adapter's writes and reads, and the migration's `down`.
 */
const shared = mkdtempSync(join(tmpdir(), "kysely-real-"));
const suffix = `${process.pid}_${Date.now()}`;
const pgDatabase = `kysely_auth_${suffix}`;
const mysqlDatabases = [`kysely_auth_${suffix}`, `kysely_auth_user_${suffix}`];
const timings: Record<string, number> = {};
let load: NodeJS.Require;

/** The part of mysql2/promise used here (mysql2 is installed in the temp folder only). */
interface MysqlPromise {
  createConnection(
    options: object,
  ): Promise<{ query(sql: string): Promise<unknown>; end(): Promise<void> }>;
}

/** What the adapter did, as the run script prints it. */
interface RunResult {
  /** Migrations the check itself had to run: none when \`migrate\`'s commands ran them. */
  pending: string[];
  tablesUp: string[];
  tablesDown: string[];
  byAccount: string | null;
  sessionUser: string | null;
  sessionExpiresIsDate: boolean;
  typedEmail: string | undefined;
  token: string | null;
  tokenAgain: string | null;
  updatedName: string | null;
}

/** The check run inside each app: its own Migrator, then the adapter from the generated config. */
const runScript = (client: string) => `import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, Migrator } from "kysely";
import { adapter } from "./auth.js";
import { db } from "${client}";

const migrator = new Migrator({
  db,
  provider: new FileMigrationProvider({ fs, path, migrationFolder: process.argv[2]! }),
});
const tables = async () => (await db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith("kysely_")).sort();
try {
  const up = await migrator.migrateToLatest();
  if (up.error) throw up.error;
  const pending = (up.results ?? []).map((r) => r.migrationName);
  const tablesUp = await tables();
  const user = await adapter.createUser!({ id: "", name: "Ada", email: "ada@example.com", emailVerified: null });
  await adapter.linkAccount!({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "42", access_token: "gho_x", token_type: "bearer", scope: "read:user", expires_at: 2000000000 });
  await adapter.createSession!({ sessionToken: "session-1", userId: user.id, expires: new Date(Date.now() + 3_600_000) });
  await adapter.createVerificationToken!({ identifier: "ada@example.com", token: "hashed-token", expires: new Date(Date.now() + 600_000) });
  const byAccount = await adapter.getUserByAccount!({ provider: "github", providerAccountId: "42" });
  const session = await adapter.getSessionAndUser!("session-1");
  const updated = await adapter.updateUser!({ id: user.id, name: "Ada L." });
  // The app's own DB type knows the auth tables.
  const typed = await db.selectFrom("User").select("email").where("id", "=", user.id).executeTakeFirst();
  const token = await adapter.useVerificationToken!({ identifier: "ada@example.com", token: "hashed-token" });
  const tokenAgain = await adapter.useVerificationToken!({ identifier: "ada@example.com", token: "hashed-token" });
  await adapter.deleteSession!("session-1");
  await adapter.deleteUser!(user.id);
  const down = await migrator.migrateDown();
  if (down.error) throw down.error;
  console.log(JSON.stringify({
    pending,
    tablesUp,
    tablesDown: await tables(),
    byAccount: byAccount?.email ?? null,
    sessionUser: session?.user.email ?? null,
    sessionExpiresIsDate: session?.session.expires instanceof Date,
    typedEmail: typed?.email,
    token: token?.identifier ?? null,
    tokenAgain: tokenAgain?.identifier ?? null,
    updatedName: updated.name ?? null,
  }));
} finally {
  await db.destroy();
}
`;

/** Plans the schema, writes the generated config and the check, builds with tsc, runs it. */
function runApp(
  name: string,
  files: Record<string, string | object>,
  url: string,
): { result: RunResult; migration: string } {
  const root = join(shared, name);
  writeProject(files, root);
  const tsconfig = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"));
  tsconfig.compilerOptions = {
    ...tsconfig.compilerOptions,
    noEmit: false,
    outDir: "dist",
    rootDir: ".",
  };
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify(tsconfig));
  const detection = kysely.detect(root, readPackageJson(root))!;
  const plan = new PlanBuilder(root);
  kysely.planSchema(plan, detection);
  const built = plan.build();
  for (const file of built.files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.after);
  }
  const migration = built.files.find((f) =>
    f.path.startsWith(detection.info.migrations.folder),
  )!.path;
  const wiring = kysely.wiring(detection, {
    configFile: "src/auth.ts",
    kind: "esm",
    withExtension: true,
  });
  const style = detectStyle("");
  const config = [
    ...wiring.imports.map((spec) => importStatement(spec, "esm", style)),
    "",
    `export const adapter = ${wiring.expression};`,
    "",
  ].join("\n");
  writeFileSync(join(root, "src/auth.ts"), config);
  writeFileSync(
    join(root, "src/run-auth.ts"),
    runScript(`./${detection.client!.file.replace(/^src\//, "").replace(/\.ts$/, ".js")}`),
  );
  let started = Date.now();
  try {
    execFileSync(join(shared, "node_modules/.bin/tsc"), ["-p", "."], {
      cwd: root,
      encoding: "utf8",
    });
  } catch (error) {
    throw new Error(`tsc failed in ${name}:\n${(error as { stdout?: string }).stdout}`);
  }
  timings[`${name} tsc`] = Date.now() - started;
  started = Date.now();
  const env = {
    ...process.env,
    DATABASE_URL: url,
    PATH: `${join(shared, "node_modules/.bin")}${delimiter}${process.env.PATH}`,
  };
  // The commands `migrate` runs, as it runs them (the check below then finds nothing to do).
  const migrate = kysely.migration(root, detection);
  if (!migrate.printOnly)
    for (const step of migrate.steps)
      execFileSync(step.command, step.args, { cwd: root, encoding: "utf8", env, stdio: "pipe" });
  timings[
    `${name} ${migrate.printOnly ? "(no runner)" : migrate.steps.map((s) => [s.command, ...s.args].join(" ")).join(", ")}`
  ] = Date.now() - started;
  started = Date.now();
  const out = execFileSync(
    "node",
    ["dist/src/run-auth.js", join(root, "dist", detection.info.migrations.folder)],
    {
      cwd: root,
      encoding: "utf8",
      env,
    },
  );
  timings[`${name} Migrator + adapter`] = Date.now() - started;
  return { result: JSON.parse(out.trim().split("\n").at(-1)!) as RunResult, migration };
}

beforeAll(async () => {
  writeFileSync(
    join(shared, "package.json"),
    JSON.stringify({ name: "kysely-real", private: true, type: "module" }),
  );
  const started = Date.now();
  execFileSync(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "kysely@0.28.19",
      "kysely-ctl@0.20.0",
      "@auth/kysely-adapter@1.11.2",
      "pg@8",
      "mysql2@3",
      "@libsql/kysely-libsql@0.4.1",
      "typescript@5.9.3",
      "@types/node@20",
      "@types/pg@8",
    ],
    { cwd: shared, stdio: "pipe", env: { ...process.env, npm_config_fetch_retries: "0" } },
  );
  timings.install = Date.now() - started;
  load = createRequire(join(shared, "package.json"));
  const pg = load("pg") as typeof import("pg");
  const admin = new pg.Client({
    connectionString: "postgresql://postgres@127.0.0.1:5432/postgres",
  });
  await admin.connect().catch((error: Error) => {
    throw new Error(
      `PostgreSQL on 127.0.0.1:5432 is not reachable (${error.message}): start it to run these tests.`,
    );
  });
  await admin.query(`CREATE DATABASE ${pgDatabase}`);
  await admin.end();
  const mysql = load("mysql2/promise") as MysqlPromise;
  const root = await mysql
    .createConnection({ host: "127.0.0.1", port: 3306, user: "root" })
    .catch((error: Error) => {
      throw new Error(
        `MariaDB/MySQL on 127.0.0.1:3306 (root) is not reachable (${error.message}): start it to run these tests.`,
      );
    });
  for (const name of mysqlDatabases) await root.query(`CREATE DATABASE ${name}`);
  await root.end();
}, 240_000);

afterAll(async () => {
  console.log("kysely real-database timings (ms):", timings);
  if (load) {
    const pg = load("pg") as typeof import("pg");
    const admin = new pg.Client({
      connectionString: "postgresql://postgres@127.0.0.1:5432/postgres",
    });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
    await admin.end();
    const mysql = load("mysql2/promise") as MysqlPromise;
    const root = await mysql.createConnection({ host: "127.0.0.1", port: 3306, user: "root" });
    for (const name of mysqlDatabases) await root.query(`DROP DATABASE IF EXISTS ${name}`);
    await root.end();
  }
  rmSync(shared, { recursive: true, force: true });
});

/** The MySQL app built by tsc and migrated by its compiled script (`npm run db:migrate`). */
function builtMigratorApp(): Record<string, string | object> {
  const app = mysqlMigratorApp();
  const pkg = app["package.json"] as { scripts: Record<string, string> };
  app["package.json"] = { ...pkg, scripts: { "db:migrate": "node dist/src/migrate.js" } };
  return app;
}

/** What every dialect must show: the adapter's writes read back, and `down` undoing only auth. */
function expectAdapterWorked(result: RunResult) {
  expect(result).toMatchObject({
    byAccount: "ada@example.com",
    sessionUser: "ada@example.com",
    sessionExpiresIsDate: true,
    typedEmail: "ada@example.com",
    token: "ada@example.com",
    tokenAgain: null,
    updatedName: "Ada L.",
  });
}

describe("the Kysely auth migration on real databases", () => {
  it("PostgreSQL: kysely-ctl app with uuid ids", { timeout: 120_000 }, () => {
    const { result } = runApp(
      "pg-app",
      postgresCtlApp(),
      `postgresql://postgres@127.0.0.1:5432/${pgDatabase}`,
    );
    expectAdapterWorked(result);
    expect(result.pending).toEqual([]);
    expect(result.tablesUp).toEqual(["Account", "Session", "User", "VerificationToken", "pet"]);
    expect(result.tablesDown).toEqual(["pet"]);
  });

  it("MariaDB: an app running its own Migrator, numbered migrations", { timeout: 120_000 }, () => {
    const { result, migration } = runApp(
      "mysql-app",
      builtMigratorApp(),
      `mysql://root@127.0.0.1:3306/${mysqlDatabases[0]}`,
    );
    expect(migration).toBe("src/migrations/003_auth.ts");
    expectAdapterWorked(result);
    expect(result.pending).toEqual([]);
    expect(result.tablesUp).toEqual([
      "Account",
      "Session",
      "User",
      "VerificationToken",
      "note",
      "tag",
    ]);
    expect(result.tablesDown).toEqual(["note", "tag"]);
  });

  it("MariaDB: an existing User table gains email and the other columns", {
    timeout: 120_000,
  }, () => {
    const app = builtMigratorApp();
    app["src/migrations/003_users.ts"] = `import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable("User").addColumn("id", "varchar(36)", (c) => c.primaryKey()).addColumn("name", "varchar(100)").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("User").execute();
}
`;
    app["src/database.ts"] = (app["src/database.ts"] as string)
      .replace(
        "note: { id: number; body: string };",
        "note: { id: number; body: string };\n  User: UserTable;",
      )
      .replace(
        "const dialect",
        "export interface UserTable {\n  id: string;\n  name: string | null;\n}\n\nconst dialect",
      );
    const { result, migration } = runApp(
      "mysql-user-app",
      app,
      `mysql://root@127.0.0.1:3306/${mysqlDatabases[1]}`,
    );
    expect(migration).toBe("src/migrations/004_auth.ts");
    expectAdapterWorked(result);
    expect(result.pending).toEqual([]);
    expect(result.tablesDown).toEqual(["User", "note", "tag"]);
  });

  it("SQLite (libsql): the app's User table is extended, not duplicated", {
    timeout: 120_000,
  }, () => {
    const file = join(shared, "sqlite-app.db");
    const { result, migration } = runApp("sqlite-app", sqliteUserApp(), `file:${file}`);
    expect(migration).toMatch(/^migrations\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}_auth\.ts$/);
    // No runner: `migrate` only prints, so the check's Migrator runs both migrations.
    expect(result.pending).toEqual([
      expect.stringMatching(/_users$/),
      expect.stringMatching(/_auth$/),
    ]);
    expectAdapterWorked(result);
    expect(result.tablesUp).toEqual(["Account", "Session", "User", "VerificationToken", "note"]);
    // `down` removes the auth tables and the columns it added; the app's User and note stay.
    expect(result.tablesDown).toEqual(["User", "note"]);
  });
});
