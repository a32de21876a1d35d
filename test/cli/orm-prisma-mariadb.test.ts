import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ThrowawayDatabase,
  throwawayMariaDb,
} from "../../runtime/test/adapters/authjs-orm/databases.js";
import { runBin, tree } from "../support/cli.js";
import { commandsIn, commit, initWithPackedRuntime, writeApp } from "../support/install.js";
import { devServerEmailSignIn } from "../support/journey.js";
import { prismaExpressApp } from "../support/prisma-express-app.js";
import { prismaMysqlAuthTables } from "../support/prisma-mysql-ddl.js";

// The Express + Prisma API of prisma-express-app.ts on MariaDB (@prisma/adapter-mariadb).
//
// What cannot run here is Prisma's migration: its Wasm schema engine has no MySQL connector and
// the native one is downloaded from binaries.prisma.sh (docs/orm.md#compatibility). So `migrate`
// must print `prisma migrate dev --name auth` with the reason, and the tables that command would
// create are applied by the test, as SQL in the form Prisma writes for MySQL. Everything else is
// the user's path: init on the app's schema, Prisma's generated client with the MariaDB driver
// adapter, the app's build and Jest tests, a sign-in into the app's own User table, check.

let dir: string;
let database: ThrowawayDatabase;

const inApp = commandsIn(() => dir, { CHECKPOINT_DISABLE: "1" });
const prisma = (...args: string[]) => inApp("npx", ["--no-install", "prisma", ...args]);

async function execute(sql: string): Promise<unknown> {
  const connection = await mysql.createConnection({ uri: database.url, multipleStatements: true });
  try {
    const [rows] = await connection.query(sql);
    return rows;
  } finally {
    await connection.end();
  }
}

/** The app's first migration, as `prisma migrate dev --name init` writes it for MySQL. */
const APP_TABLES = `CREATE TABLE \`User\` (
    \`id\` INTEGER NOT NULL AUTO_INCREMENT,
    \`email\` VARCHAR(191) NOT NULL,
    \`name\` VARCHAR(191) NULL,

    UNIQUE INDEX \`User_email_key\`(\`email\`),
    PRIMARY KEY (\`id\`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE \`Post\` (
    \`id\` INTEGER NOT NULL AUTO_INCREMENT,
    \`title\` VARCHAR(191) NOT NULL,
    \`content\` VARCHAR(191) NULL,
    \`published\` BOOLEAN NOT NULL DEFAULT false,
    \`authorId\` INTEGER NULL,

    PRIMARY KEY (\`id\`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE \`Post\` ADD CONSTRAINT \`Post_authorId_fkey\` FOREIGN KEY (\`authorId\`) REFERENCES \`User\`(\`id\`) ON DELETE SET NULL ON UPDATE CASCADE;
`;

beforeAll(async () => {
  database = await throwawayMariaDb("ca_prisma_app");
  dir = writeApp("prisma-mariadb-app-", prismaExpressApp("mysql", database.url));
  inApp("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
  prisma("generate");
  await execute(APP_TABLES);
  commit(dir, { init: true });
}, 300_000);

afterAll(async () => {
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const init = () =>
  initWithPackedRuntime(dir, ["--providers", "email"], { CHECKPOINT_DISABLE: "1" });

describe("an Express + Prisma (engine js, MariaDB) app", () => {
  it("takes init, prints Prisma's migration, signs in by email link into its own User table, and a second init changes nothing", async () => {
    const first = init();
    expect(first.exitCode, first.stderr + first.stdout).toBe(0);
    // The app's User is extended in place (its Int ids followed), never duplicated; MySQL's long
    // values are TEXT, since Prisma's String is VARCHAR(191) there.
    const schema = readFileSync(join(dir, "prisma/schema.prisma"), "utf8");
    expect(schema.match(/^model User \{/gm)).toHaveLength(1);
    expect(schema).toMatch(/^\s+image\s+String\?\s+@db\.Text$/m);
    expect(schema).toMatch(/^\s+access_token\s+String\?\s+@db\.Text$/m);
    expect(schema).toMatch(/^\s+userId\s+Int$/m);
    expect(readFileSync(join(dir, "src/auth.ts"), "utf8")).toMatch(/PrismaAdapter\(prisma\)/);
    expect(prisma("validate")).toContain("is valid");

    // The migration cannot run through engine "js" on MySQL: migrate says so and prints the
    // command, successfully (the app's workflow, not an error).
    const migrate = runBin(["migrate", "--cwd", dir], { env: { CHECKPOINT_DISABLE: "1" } });
    expect(migrate.exitCode, migrate.stderr + migrate.stdout).toBe(0);
    expect(migrate.stdout).toContain("Run these Prisma steps yourself");
    expect(migrate.stdout).toContain('engine: "js"');
    expect(migrate.stdout).toContain("npx --no-install prisma migrate dev --name auth");
    // Before the migration, check --online names the missing tables.
    const before = runBin(["check", "--online", "--cwd", dir], {
      env: { DATABASE_URL: database.url },
    });
    expect(before.exitCode, before.stdout + before.stderr).not.toBe(0);
    expect(before.stdout).toContain("online-database-tables");
    await execute(prismaMysqlAuthTables("autoincrement"));
    prisma("generate");

    inApp("npm", ["run", "build"]);
    expect(readFileSync(join(dir, "jest.config.js"), "utf8")).toContain("/node_modules/(?!@auth/)");
    expect(inApp("npm", ["test"], { DATABASE_URL: database.url })).toBeDefined();

    const { session, output } = await devServerEmailSignIn(
      dir,
      { DATABASE_URL: database.url },
      "ada@example.com",
    );
    expect(session, output).toMatchObject({ user: { email: "ada@example.com" } });
    // The user is a row of the app's own User table, its session one of Session's.
    expect(
      await execute("SELECT email, emailVerified IS NOT NULL AS verified FROM `User`"),
    ).toEqual([{ email: "ada@example.com", verified: 1 }]);
    expect(await execute("SELECT count(*) AS n FROM `Session`")).toEqual([{ n: 1 }]);

    const settled = tree(dir);
    const second = init();
    expect(second.exitCode, second.stderr + second.stdout).toBe(0);
    expect(tree(dir)).toEqual(settled);

    const check = runBin(["check", "--cwd", dir], { env: { DATABASE_URL: database.url } });
    expect(check.exitCode, check.stdout + check.stderr).toBe(0);
    const online = runBin(["check", "--online", "--cwd", dir], {
      env: { DATABASE_URL: database.url },
    });
    expect(online.exitCode, online.stdout + online.stderr).toBe(0);
    expect(online.stdout).not.toContain("online-database-tables");
  }, 480_000);
});
