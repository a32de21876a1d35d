import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOnlyUrl } from "../../src/check/online/read-only-sql.js";
import { type MigrateOptions, migrateCommand } from "../../src/commands/migrate.js";
import { runCheck } from "../support/check-project.js";
import { copyFixture, removeTemporary, runCommand, runInit } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MARIADB_URL = process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";
const admin = new pg.Client({ connectionString: ADMIN_URL });
const databases: string[] = [];

beforeAll(() => admin.connect());
afterAll(async () => {
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  removeTemporary();
});

/** A new, empty database of its own; its connection string. */
async function freshDatabase(): Promise<string> {
  const name = `ca_online_${Date.now().toString(36)}_${databases.length}`;
  databases.push(name);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Everything a write could change: the relations, their columns, and the rows' counters. */
async function snapshot(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = await client.query(
      `SELECT c.relname, c.relkind, a.attname FROM pg_class c
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0
       WHERE c.relnamespace = 'public'::regnamespace ORDER BY 1, 3`,
    );
    const rows = await client.query(
      "SELECT relname, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables ORDER BY 1",
    );
    return { columns: columns.rows, rows: rows.rows };
  } finally {
    await client.end();
  }
}

/** A project `init` set up with the runtime's adapter, the workspace's packages installed. */
async function runtimeProject(database: "postgres" | "embedded", databaseUrl?: string) {
  const dir = copyFixture("express5-ts-split");
  const init = await runInit({ cwd: dir, yes: true, providers: "credentials,email", database });
  expect(init.exitCode, init.stderr).toBe(0);
  symlinkSync(new URL("../../node_modules", import.meta.url).pathname, join(dir, "node_modules"));
  if (databaseUrl) writeFileSync(join(dir, ".env"), `DATABASE_URL=${databaseUrl}\n`, { flag: "a" });
  return dir;
}

const migrate = (options: Partial<MigrateOptions> & { cwd: string }) =>
  runCommand((io) => migrateCommand(options, io), { json: true });

type Found = { rule: string; severity: string; message: string; file?: string };
const online = (run: { json?: Record<string, unknown> }) =>
  ((run.json?.findings ?? []) as Found[]).filter((finding) => finding.rule.startsWith("online-"));

describe("check --online: the runtime's tables on a real PostgreSQL", () => {
  it("finds the tables missing from an empty database, then nothing once migrated, writing nothing", async () => {
    const url = await freshDatabase();
    const dir = await runtimeProject("postgres", url);
    const before = await snapshot(url);
    const run = await runCheck(dir, { online: true });
    expect(schemaErrors("check", run.json)).toEqual([]);
    expect(run.exitCode).toBe(1);
    const [finding] = online(run).filter((f) => f.rule === "online-database-tables");
    expect(finding?.severity).toBe("error");
    expect(finding?.message).toContain("users, accounts, sessions, verification_token");
    expect(finding?.message).toContain("no auth_schema_migrations table");
    expect(JSON.stringify(run.json)).toContain("create-auth migrate");
    expect(await snapshot(url)).toEqual(before);

    expect((await migrate({ cwd: dir })).exitCode).toBe(0);
    const migrated = await snapshot(url);
    const clean = await runCheck(dir, { online: true, json: false });
    expect(clean.stdout).toMatch(
      /online: database PostgreSQL at postgres:\/\/.* — 7 tables OK, schema version 5/,
    );
    expect(clean.stdout).not.toMatch(/online-database/);
    expect(await snapshot(url)).toEqual(migrated);
  }, 60_000);

  it("names the missing column and table of a partly migrated schema", async () => {
    const url = await freshDatabase();
    const dir = await runtimeProject("postgres", url);
    expect((await migrate({ cwd: dir })).exitCode).toBe(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("ALTER TABLE accounts DROP COLUMN scope; DROP TABLE rate_limits");
    await client.end();
    const run = await runCheck(dir, { online: true });
    const [finding] = online(run);
    expect(finding).toMatchObject({ rule: "online-database-tables", file: "src/auth.ts" });
    expect(finding?.message).toContain("the tables rate_limits");
    expect(finding?.message).toContain("the columns accounts.scope");
    expect(finding?.message).not.toContain("schema version");
  }, 60_000);

  it("opens a session where every write fails", async () => {
    const client = new pg.Client({ connectionString: readOnlyUrl(await freshDatabase()) });
    await client.connect();
    try {
      await expect(client.query("CREATE TABLE t (id int)")).rejects.toThrow(
        /read-only transaction/,
      );
    } finally {
      await client.end();
    }
  });

  it("reports a server that does not answer, without its password", async () => {
    const dir = await runtimeProject("postgres", "postgres://app:hunter2@127.0.0.1:1/db");
    const run = await runCheck(dir, { online: true });
    const [finding] = online(run);
    expect(finding).toMatchObject({ rule: "online-database-unreachable", severity: "error" });
    expect(finding?.message).toContain("postgres://app:****@127.0.0.1:1/db");
    expect(finding?.message).toContain("ECONNREFUSED");
    expect(run.stdout).not.toContain("hunter2");
  }, 60_000);
});

describe("check --online: the embedded database (PGlite)", () => {
  it("reports a missing folder without creating it, and passes once migrated", async () => {
    const dir = await runtimeProject("embedded");
    const run = await runCheck(dir, { online: true });
    const [finding] = online(run);
    expect(finding?.rule).toBe("online-database-tables");
    expect(finding?.message).toContain("the folder .auth/db does not exist");
    expect(existsSync(join(dir, ".auth"))).toBe(false);

    expect((await migrate({ cwd: dir })).exitCode).toBe(0);
    const clean = await runCheck(dir, { online: true });
    expect(online(clean)).toEqual([]);
    expect(clean.json?.online).toContainEqual({
      probe: "database",
      target: "embedded database in .auth/db",
      status: "ok",
      detail: "7 tables OK, schema version 5",
    });
  }, 60_000);
});

/** A MariaDB database's tables and row counters: what a write would change. */
const mariadbTables = (server: mysql.Connection, name: string) =>
  server
    .query("SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?", [
      name,
    ])
    .then(([rows]) => rows);

describe("check --online: an ORM's adapter tables", () => {
  const DRIZZLE = {
    postgresql: {
      dependencies: { "drizzle-orm": "^0.45.1", pg: "^8.13.0" },
      client:
        'import { drizzle } from "drizzle-orm/node-postgres";\nimport { Pool } from "pg";\nimport * as schema from "./schema.js";\n\nexport const db = drizzle(new Pool({ connectionString: process.env.DATABASE_URL }), { schema });\n',
      schema:
        'import { pgTable, text } from "drizzle-orm/pg-core";\n\nexport const users = pgTable("users", {\n  id: text("id").primaryKey(),\n  name: text("name"),\n});\n',
    },
    mysql: {
      dependencies: { "drizzle-orm": "^0.45.1", mysql2: "^3.14.0" },
      client:
        'import { drizzle } from "drizzle-orm/mysql2";\nimport mysql from "mysql2/promise";\nimport * as schema from "./schema.js";\n\nexport const db = drizzle(mysql.createPool(process.env.DATABASE_URL!), { schema, mode: "default" });\n',
      schema:
        'import { mysqlTable, varchar } from "drizzle-orm/mysql-core";\n\nexport const users = mysqlTable("users", {\n  id: varchar("id", { length: 255 }).primaryKey(),\n  name: varchar("name", { length: 255 }),\n});\n',
    },
    sqlite: {
      dependencies: { "drizzle-orm": "^0.45.1", "@libsql/client": "^0.15.0" },
      client:
        'import { createClient } from "@libsql/client";\nimport { drizzle } from "drizzle-orm/libsql";\nimport * as schema from "./schema.js";\n\nexport const db = drizzle(createClient({ url: process.env.DATABASE_URL! }), { schema });\n',
      schema:
        'import { sqliteTable, text } from "drizzle-orm/sqlite-core";\n\nexport const users = sqliteTable("users", {\n  id: text("id").primaryKey(),\n  name: text("name"),\n});\n',
    },
  } as const;

  /** A Drizzle app, after init (schema planned, never migrated); `installed`: the workspace's packages. */
  async function drizzleProject(
    dialect: keyof typeof DRIZZLE,
    databaseUrl: string,
    installed = true,
  ) {
    const dir = copyFixture("express5-ts-split");
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    pkg.dependencies = { ...pkg.dependencies, ...DRIZZLE[dialect].dependencies };
    pkg.devDependencies = { ...pkg.devDependencies, "drizzle-kit": "^0.31.0" };
    writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2));
    mkdirSync(join(dir, "src/db"));
    writeFileSync(
      join(dir, "drizzle.config.ts"),
      `import { defineConfig } from "drizzle-kit";\n\nexport default defineConfig({\n  dialect: "${dialect}",\n  schema: "./src/db/schema.ts",\n  out: "./drizzle",\n  dbCredentials: { url: process.env.DATABASE_URL! },\n});\n`,
    );
    writeFileSync(join(dir, "src/db/index.ts"), DRIZZLE[dialect].client);
    writeFileSync(join(dir, "src/db/schema.ts"), DRIZZLE[dialect].schema);
    const init = await runInit({ cwd: dir, yes: true, providers: "email", gitCheck: false });
    expect(init.exitCode, init.stderr).toBe(0);
    expect(readFileSync(join(dir, "src/auth.ts"), "utf8")).toContain("DrizzleAdapter");
    if (installed)
      symlinkSync(
        new URL("../../node_modules", import.meta.url).pathname,
        join(dir, "node_modules"),
      );
    writeFileSync(join(dir, ".env"), `DATABASE_URL=${databaseUrl}\n`, { flag: "a" });
    return dir;
  }

  it("Drizzle on PostgreSQL: names the tables the adapter queries that are missing", async () => {
    const url = await freshDatabase();
    const dir = await drizzleProject("postgresql", url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("CREATE TABLE users (id text PRIMARY KEY, name text)");
    await client.end();
    const before = await snapshot(url);
    const run = await runCheck(dir, { online: true });
    const [finding] = online(run);
    expect(finding?.rule).toBe("online-database-tables");
    expect(finding?.message).toContain("the tables accounts, sessions, verification_tokens");
    expect(finding?.message).toContain("@auth/drizzle-adapter");
    expect(finding?.message).not.toMatch(/\busers\b/);
    expect(await snapshot(url)).toEqual(before);
  }, 60_000);

  it("Drizzle on MariaDB: the same, through the project's mysql2 in a read-only session", async () => {
    const name = `ca_online_${Date.now().toString(36)}`;
    const server = await mysql.createConnection({ uri: MARIADB_URL });
    await server.query(`CREATE DATABASE ${name}`);
    try {
      const url = `${MARIADB_URL}/${name}`;
      await server.query(
        `CREATE TABLE ${name}.users (id varchar(255) PRIMARY KEY, name varchar(255))`,
      );
      const dir = await drizzleProject("mysql", url);
      const tables = () => mariadbTables(server, name);
      const before = await tables();
      const run = await runCheck(dir, { online: true });
      const [finding] = online(run);
      expect(finding?.rule).toBe("online-database-tables");
      expect(finding?.message).toContain("the tables accounts, sessions, verification_tokens");
      expect(await tables()).toEqual(before);
    } finally {
      await server.query(`DROP DATABASE ${name}`);
      await server.end();
    }
  }, 60_000);

  it("a driver the project does not have is a warning, not a crash", async () => {
    const dir = await drizzleProject("postgresql", await freshDatabase(), false);
    const run = await runCheck(dir, { online: true });
    const [finding] = online(run);
    expect(finding).toMatchObject({ rule: "online-database-unchecked", severity: "warning" });
    expect(finding?.message).toContain("pg is not installed");
  }, 60_000);

  /**
   * A Prisma app after init (never migrated) whose node_modules holds `modules` of the workspace's
   * own (`["."]`: all of them), with DATABASE_URL in its .env.
   */
  async function prismaProject(provider: "postgresql" | "mysql", url: string, modules: string[]) {
    const dir = copyFixture("express5-ts-split");
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    pkg.dependencies = { ...pkg.dependencies, "@prisma/client": "^6.16.0" };
    pkg.devDependencies = { ...pkg.devDependencies, prisma: "^6.16.0" };
    writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2));
    mkdirSync(join(dir, "prisma"));
    writeFileSync(
      join(dir, "prisma/schema.prisma"),
      `generator client {\n  provider = "prisma-client-js"\n}\n\ndatasource db {\n  provider = "${provider}"\n  url      = env("DATABASE_URL")\n}\n\nmodel User {\n  id    Int     @id @default(autoincrement())\n  email String  @unique\n  name  String?\n  @@map("app_users")\n}\n`,
    );
    writeFileSync(
      join(dir, "src/db.ts"),
      'import { PrismaClient } from "@prisma/client";\n\nexport const prisma = new PrismaClient();\n',
    );
    const init = await runInit({ cwd: dir, yes: true, providers: "email", gitCheck: false });
    expect(init.exitCode, init.stderr).toBe(0);
    const workspace = new URL("../../node_modules", import.meta.url).pathname;
    if (modules[0] === ".") symlinkSync(workspace, join(dir, "node_modules"));
    else {
      mkdirSync(join(dir, "node_modules"));
      for (const name of modules)
        symlinkSync(join(workspace, name), join(dir, "node_modules", name));
    }
    writeFileSync(join(dir, ".env"), `DATABASE_URL=${url}\n`, { flag: "a" });
    return dir;
  }

  it("Prisma on PostgreSQL: the tables of its models (quoted names), then clean once they exist", async () => {
    const url = await freshDatabase();
    const dir = await prismaProject("postgresql", url, ["."]);
    const [finding] = online(await runCheck(dir, { online: true }));
    expect(finding?.message).toContain(
      "the tables app_users, Account, Session, VerificationToken that @auth/prisma-adapter queries",
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const table of ["app_users", "Account", "Session", "VerificationToken"])
      await client.query(`CREATE TABLE "${table}" (id int)`);
    await client.end();
    const clean = await runCheck(dir, { online: true });
    expect(online(clean)).toEqual([]);
    expect(clean.json?.online).toContainEqual(
      expect.objectContaining({ probe: "database", status: "ok", detail: "4 tables OK" }),
    );
  }, 60_000);

  it("Prisma on MariaDB: read through the mariadb driver @prisma/adapter-mariadb brings, without mysql2", async () => {
    const name = `ca_online_prisma_${Date.now().toString(36)}`;
    const server = await mysql.createConnection({ uri: MARIADB_URL });
    await server.query(`CREATE DATABASE ${name}`);
    try {
      const dir = await prismaProject("mysql", `${MARIADB_URL}/${name}`, ["mariadb"]);
      const tables = () => mariadbTables(server, name);
      const before = await tables();
      const [finding] = online(await runCheck(dir, { online: true }));
      expect(finding?.rule).toBe("online-database-tables");
      expect(finding?.message).toContain(
        "the tables app_users, Account, Session, VerificationToken that @auth/prisma-adapter queries",
      );
      expect(await tables()).toEqual(before);
      for (const table of ["app_users", "Account", "Session", "VerificationToken"])
        await server.query(`CREATE TABLE ${name}.\`${table}\` (id int)`);
      const clean = await runCheck(dir, { online: true });
      expect(online(clean)).toEqual([]);
      expect(clean.json?.online).toContainEqual(
        expect.objectContaining({ probe: "database", status: "ok", detail: "4 tables OK" }),
      );
    } finally {
      await server.query(`DROP DATABASE ${name}`);
      await server.end();
    }
  }, 60_000);

  it("a MySQL database with neither mysql2 nor mariadb in the project is a warning naming both", async () => {
    const dir = await prismaProject("mysql", `${MARIADB_URL}/none`, []);
    const [finding] = online(await runCheck(dir, { online: true }));
    expect(finding).toMatchObject({ rule: "online-database-unchecked", severity: "warning" });
    expect(finding?.message).toContain("neither mysql2 nor mariadb is installed");
    expect(finding?.message).toMatch(/[^.]\.$/);
  }, 60_000);

  it("Drizzle on SQLite: reads the file with the project's @libsql/client, never creating it", async () => {
    const dir = await drizzleProject("sqlite", "file:./local.db");
    const missing = await runCheck(dir, { online: true });
    expect(online(missing)[0]).toMatchObject({ rule: "online-database-unchecked" });
    expect(online(missing)[0]?.message).toContain("local.db does not exist");
    expect(existsSync(join(dir, "local.db"))).toBe(false);

    const client = createClient({ url: `file:${join(dir, "local.db")}` });
    await client.execute("CREATE TABLE users (id text PRIMARY KEY, name text)");
    client.close();
    const before = readFileSync(join(dir, "local.db"));
    const run = await runCheck(dir, { online: true });
    const [finding] = online(run);
    expect(finding?.rule).toBe("online-database-tables");
    expect(finding?.message).toContain("the tables accounts, sessions, verification_tokens");
    expect(readFileSync(join(dir, "local.db")).equals(before)).toBe(true);
  }, 60_000);
});
