import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ThrowawayDatabase,
  throwawayPostgres,
} from "../../runtime/test/adapters/authjs-orm/databases.js";
import { runBin, tree } from "../support/cli.js";
import { commandsIn, commit, initWithPackedRuntime, writeApp } from "../support/install.js";
import { devServerEmailSignIn } from "../support/journey.js";
import { prismaExpressApp } from "../support/prisma-express-app.js";

// The Express + Prisma API of prisma-express-app.ts on PostgreSQL (@prisma/adapter-pg). Its first
// migration went in the way that works there (migrate diff, db execute, migrate resolve), since
// `prisma migrate dev` and `migrate deploy` fail on PostgreSQL through the Wasm engine.

let dir: string;
let database: ThrowawayDatabase;
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

const inApp = commandsIn(() => dir, { CHECKPOINT_DISABLE: "1" });
const prisma = (...args: string[]) => inApp("npx", ["--no-install", "prisma", ...args]);

beforeAll(async () => {
  const started = Date.now();
  database = await throwawayPostgres("ca_prisma_app");
  dir = writeApp("prisma-pg-app-", prismaExpressApp("postgresql", database.url));
  inApp("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
  const installed = Date.now();
  prisma("generate");
  const init = "prisma/migrations/20260101000000_init/migration.sql";
  prisma(
    "migrate",
    "diff",
    "--from-empty",
    "--to-schema-datamodel",
    "prisma/schema.prisma",
    "--script",
    "--output",
    init,
  );
  writeFileSync(join(dir, "prisma/migrations/migration_lock.toml"), 'provider = "postgresql"\n');
  prisma("db", "execute", "--schema", "prisma/schema.prisma", "--file", init);
  prisma("migrate", "resolve", "--applied", "20260101000000_init");
  commit(dir, { init: true });
  console.log(
    `prisma-pg app: npm install ${seconds(started)} s, prisma set-up ${seconds(installed)} s`,
  );
}, 300_000);

afterAll(async () => {
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const init = () =>
  initWithPackedRuntime(dir, ["--providers", "email"], { CHECKPOINT_DISABLE: "1" });

describe("an Express + Prisma (engine js, PostgreSQL) app", () => {
  it("takes init and migrate, signs in by email link into its own User table, and a second init changes nothing", async () => {
    let since = Date.now();
    const first = init();
    expect(first.exitCode, first.stderr + first.stdout).toBe(0);
    console.log(`prisma-pg app: init ${seconds(since)} s`);

    since = Date.now();
    const migrate = runBin(["migrate", "--cwd", dir], { env: { CHECKPOINT_DISABLE: "1" } });
    expect(migrate.exitCode, migrate.stderr + migrate.stdout).toBe(0);
    console.log(`prisma-pg app: migrate ${seconds(since)} s`);
    // Prisma's history has the auth migration, applied, and nothing is pending.
    expect(prisma("migrate", "status")).toContain("Database schema is up to date");
    // Run again (a common habit), migrate does not apply the SQL twice and still succeeds.
    const again = runBin(["migrate", "--cwd", dir], { env: { CHECKPOINT_DISABLE: "1" } });
    expect(again.exitCode, again.stderr + again.stdout).toBe(0);
    expect(again.stdout).toContain("skipped: the auth tables are already there");
    expect(prisma("migrate", "status")).toContain("Database schema is up to date");
    // The migration is in the app's folder for review: auth's tables and User's new columns only.
    const [folder, ...others] = readdirSync(join(dir, "prisma/migrations")).filter((name) =>
      name.endsWith("_auth"),
    );
    expect(others).toEqual([]);
    const sql = readFileSync(join(dir, "prisma/migrations", folder!, "migration.sql"), "utf8");
    expect(sql).toMatch(/ALTER TABLE "User" ADD COLUMN\s+"emailVerified"/);
    expect(sql).toContain('CREATE TABLE "Account"');
    expect(sql).not.toMatch(/DROP|"Post"\s*\(/);
    expect(prisma("validate")).toContain("is valid");
    inApp("npm", ["run", "build"]);

    // Jest loads modules with a CommonJS loader of its own, which cannot load the ES-module-only
    // @auth/prisma-adapter the generated src/auth.ts imports (Node and ts-node can): init let
    // ts-jest compile Auth.js's packages in the app's jest.config.js, and the app's tests pass.
    expect(readFileSync(join(dir, "jest.config.js"), "utf8")).toContain("/node_modules/(?!@auth/)");
    expect(inApp("npm", ["test"], { DATABASE_URL: database.url })).toBeDefined();

    const { session, output } = await devServerEmailSignIn(
      dir,
      { DATABASE_URL: database.url },
      "ada@example.com",
    );
    expect(session, output).toMatchObject({ user: { email: "ada@example.com" } });

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const users = await client.query('SELECT email, "emailVerified" FROM "User"');
      expect(users.rows).toEqual([{ email: "ada@example.com", emailVerified: expect.any(Date) }]);
    } finally {
      await client.end();
    }

    const settled = tree(dir);
    const second = init();
    expect(second.exitCode, second.stderr + second.stdout).toBe(0);
    expect(tree(dir)).toEqual(settled);
  }, 480_000);
});
