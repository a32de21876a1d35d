import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type MigrateOptions, migrateCommand } from "../../src/commands/migrate.js";
import { copyFixture, removeTemporary, runCommand, runInit } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TABLES = [
  "users",
  "accounts",
  "sessions",
  "verification_token",
  "authenticators",
  "rate_limits",
  "password_credentials",
];

/** A project set up by init, with the workspace's packages (runtime, drivers) installed. */
async function project(flags: Record<string, string>) {
  const dir = copyFixture("express5-ts-split");
  const init = await runInit({ cwd: dir, yes: true, providers: "credentials,email", ...flags });
  expect(init.exitCode, init.stderr).toBe(0);
  symlinkSync(new URL("../../node_modules", import.meta.url).pathname, join(dir, "node_modules"));
  return dir;
}

/** Rewrites the generated config's adapter expression, with declarations put before the config. */
function rewriteAdapter(dir: string, declarations: string, adapter: string) {
  const file = join(dir, "src/auth.ts");
  const text = readFileSync(file, "utf8");
  const written = /adapter: (postgresAdapter\(.*\)),/.exec(text);
  expect(written, "the generated config has a postgres adapter").not.toBeNull();
  const config = text.indexOf("export const authConfig");
  expect(config).toBeGreaterThan(0);
  writeFileSync(
    file,
    `${text.slice(0, config)}${declarations}\n${text.slice(config)}`.replace(written![1]!, adapter),
  );
}

function runMigrate(options: Partial<MigrateOptions> & { cwd: string }) {
  return runCommand((io) => migrateCommand(options, io), { json: options.json ?? true });
}

describe("migrate, embedded database (PGlite)", () => {
  it("creates the tables of the configured folder once, then has nothing to do", async () => {
    const dir = await project({ database: "embedded" });
    const first = await runMigrate({ cwd: dir });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(schemaErrors("migrate", first.json)).toEqual([]);
    expect(first.json).toMatchObject({
      database: "embedded",
      target: ".auth/db",
      applied: true,
      version: 5,
    });
    expect(first.json?.created).toEqual(expect.arrayContaining(TABLES));
    expect(existsSync(join(dir, ".auth/db/PG_VERSION"))).toBe(true);
    const second = await runMigrate({ cwd: dir, json: false });
    expect(second.stdout).toContain("up to date (schema version 5): nothing to create");
  }, 60_000);

  it("--dry-run prints the SQL and creates nothing", async () => {
    const dir = await project({ database: "embedded" });
    const run = await runMigrate({ cwd: dir, json: false, dryRun: true });
    expect(run.stdout).toContain("CREATE TABLE IF NOT EXISTS users");
    expect(run.stdout).toContain("CREATE TABLE IF NOT EXISTS verification_token");
    expect(existsSync(join(dir, ".auth"))).toBe(false);
  });
});

describe("migrate, PostgreSQL server", () => {
  const schema = `ca_cli_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  const url = `${DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it("creates the tables in the database DATABASE_URL names, once", async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const dir = await project({ database: "postgres" });
    writeFileSync(join(dir, ".env"), `DATABASE_URL=${url}\n`, { flag: "a" });
    const first = await runMigrate({ cwd: dir });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(schemaErrors("migrate", first.json)).toEqual([]);
    expect(first.json?.database).toBe("postgres");
    expect(first.json?.created).toEqual(expect.arrayContaining(TABLES));
    const { rows } = await admin.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1",
      [schema],
    );
    expect(rows.map((row) => row.table_name)).toEqual([...TABLES, "auth_schema_migrations"].sort());
    expect((await runMigrate({ cwd: dir })).json?.created).toEqual([]);
  }, 60_000);

  it("follows a pg Pool held in a constant, as the adapters guide writes it", async () => {
    const dir = await project({ database: "postgres" });
    rewriteAdapter(
      dir,
      'import pg from "pg";\nconst pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });',
      "postgresAdapter(pool)",
    );
    // No DATABASE_URL anywhere: the error is about the connection string, not the adapter.
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const missing = await runMigrate({ cwd: dir });
      expect(missing.json?.error).toMatchObject({
        code: "missing_answer",
        details: { flag: "--database-url" },
      });
      expect(missing.json?.error.message).toContain("No PostgreSQL connection string");
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
    writeFileSync(join(dir, ".env"), `DATABASE_URL=${url}\n`, { flag: "a" });
    const applied = await runMigrate({ cwd: dir, dryRun: true });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.json?.database).toBe("postgres");
  });

  it("takes a client from another module to be a server, and says so when it has no URL", async () => {
    const dir = await project({ database: "postgres" });
    rewriteAdapter(dir, 'import { db } from "./db.js";', "postgresAdapter(db)");
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const run = await runMigrate({ cwd: dir });
      expect(run.json?.error.code).toBe("missing_answer");
      expect(run.json?.error.message).toContain("postgresAdapter(db)");
      expect(run.json?.error.message).toContain("--database embedded --dir");
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });

  it("never prints the password, even when the server is unreachable", async () => {
    const dir = await project({ database: "postgres" });
    const run = await runMigrate({
      cwd: dir,
      databaseUrl: "postgres://app:hunter2@127.0.0.1:1/db",
    });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("migrate_failed");
    expect(run.json?.error.message).toContain("postgres://app:****@127.0.0.1:1/db");
    expect(run.stdout).not.toContain("hunter2");
  });
});

describe("migrate: embedded database named through constants", () => {
  it("finds the folder of embeddedDatabase(dir) when dir is a constant", async () => {
    const dir = await project({ database: "postgres" });
    rewriteAdapter(
      dir,
      'import { embeddedDatabase } from "@create-auth/runtime/adapters/postgres";\nconst folder = "data/auth";\nconst db = embeddedDatabase(folder);',
      "postgresAdapter(db)",
    );
    const run = await runMigrate({ cwd: dir, dryRun: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.json).toMatchObject({ database: "embedded", target: "data/auth" });
  });

  it("asks for --dir when the folder is computed at run time", async () => {
    const dir = await project({ database: "postgres" });
    rewriteAdapter(
      dir,
      'import { embeddedDatabase } from "@create-auth/runtime/adapters/postgres";',
      "postgresAdapter(embeddedDatabase(process.env.DB_DIR))",
    );
    const run = await runMigrate({ cwd: dir });
    expect(run.json?.error).toMatchObject({ code: "missing_answer", details: { flag: "--dir" } });
    expect(existsSync(join(dir, ".auth"))).toBe(false);
  });
});

describe("migrate: refusals", () => {
  it("explains that a set-up without an adapter has no database", async () => {
    const dir = copyFixture("check-express");
    symlinkSync(new URL("../../node_modules", import.meta.url).pathname, join(dir, "node_modules"));
    const run = await runMigrate({ cwd: dir });
    expect(run.json?.error.code).toBe("no_database");
  });

  it("asks for the runtime when it is not installed", async () => {
    const run = await runMigrate({ cwd: copyFixture("check-express"), database: "embedded" });
    expect(run.json?.error.code).toBe("dependency_missing");
    expect(run.json?.error.message).toContain("@create-auth/runtime");
  });

  it("names the flag when there is no connection string", async () => {
    const dir = await project({ database: "postgres" });
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const run = await runMigrate({ cwd: dir });
      expect(run.json?.error).toMatchObject({
        code: "missing_answer",
        details: { flag: "--database-url" },
      });
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });
});
