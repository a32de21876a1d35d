import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  type ThrowawayDatabase,
  throwawayPostgres,
} from "../../runtime/test/adapters/authjs-orm/databases.js";
import { startSmtpServer } from "../../runtime/test/email/smtp.js";
import { runBin, tree } from "../support/cli.js";
import { commandsIn, commit, npmEnv, writeApp } from "../support/install.js";
import { emailLinkSignIn, start } from "../support/journey.js";

// An Express + Prisma API as people start one (CommonJS TypeScript, ts-node, Jest, a User model
// with posts, the client exported from src/db.ts), on Prisma 6.19 with engine "js" and
// @prisma/adapter-pg: the only Prisma set-up that installs without downloading engines. Its first
// migration went in the way that works there (migrate diff, db execute, migrate resolve), since
// `prisma migrate dev` and `migrate deploy` fail on PostgreSQL through the Wasm engine.

const PRISMA = "6.19.3";

const files = (databaseUrl: string): Record<string, string> => ({
  "package.json": `${JSON.stringify(
    {
      name: "express-prisma-api",
      version: "1.0.0",
      private: true,
      scripts: {
        dev: "ts-node src/index.ts",
        build: "tsc",
        start: "node dist/index.js",
        test: "jest",
      },
      dependencies: {
        "@prisma/adapter-pg": PRISMA,
        "@prisma/client": PRISMA,
        dotenv: "^16.4.7",
        express: "^5.1.0",
      },
      devDependencies: {
        "@types/express": "^5.0.0",
        "@types/jest": "^29.5.14",
        "@types/node": "^20.17.0",
        jest: "^29.7.0",
        prisma: PRISMA,
        "ts-jest": "^29.2.5",
        "ts-node": "^10.9.2",
        typescript: "~5.9.3",
      },
    },
    null,
    2,
  )}\n`,
  ".gitignore": "node_modules\ndist\n.env\n",
  ".env": `DATABASE_URL="${databaseUrl}"\n`,
  "tsconfig.json": `${JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "commonjs",
      rootDir: "src",
      outDir: "dist",
      strict: true,
      esModuleInterop: true,
      skipLibCheck: true,
    },
    include: ["src"],
  })}\n`,
  "jest.config.js":
    'module.exports = { preset: "ts-jest", testEnvironment: "node", testMatch: ["**/test/**/*.test.ts"] };\n',
  "prisma/schema.prisma": `generator client {
  provider   = "prisma-client-js"
  engineType = "client"
}

datasource db {
  provider = "postgresql"
  url      = env("DATABASE_URL")
}

model User {
  id    Int     @id @default(autoincrement())
  email String  @unique
  name  String?
  posts Post[]
}

model Post {
  id        Int     @id @default(autoincrement())
  title     String
  content   String?
  published Boolean @default(false)
  author    User?   @relation(fields: [authorId], references: [id])
  authorId  Int?
}
`,
  "prisma.config.ts": `import "dotenv/config";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL, idleTimeoutMillis: 1 });
  },
});
`,
  "src/db.ts": `import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";

const adapter = new PrismaPg({ connectionString: process.env.DATABASE_URL });

export const prisma = new PrismaClient({ adapter });
`,
  "src/app.ts": `import express from "express";
import { prisma } from "./db";

export const app = express();
app.use(express.json());

app.get("/users", async (_req, res) => {
  res.json(await prisma.user.findMany({ include: { posts: true } }));
});

app.post("/users", async (req, res) => {
  res.status(201).json(await prisma.user.create({ data: { email: req.body.email } }));
});
`,
  "src/index.ts": `import "dotenv/config";
import { app } from "./app";

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(\`Server ready at http://localhost:\${port}\`));
`,
  "test/app.test.ts": `import type { AddressInfo } from "node:net";
import { app } from "../src/app";
import { prisma } from "../src/db";

afterAll(() => prisma.$disconnect());

test("GET /users answers the users", async () => {
  const server = app.listen(0);
  const { port } = server.address() as AddressInfo;
  const response = await fetch(\`http://127.0.0.1:\${port}/users\`);
  server.close();
  expect(response.status).toBe(200);
});
`,
});

let dir: string;
let database: ThrowawayDatabase;
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

const inApp = commandsIn(() => dir, { CHECKPOINT_DISABLE: "1" });
const prisma = (...args: string[]) => inApp("npx", ["--no-install", "prisma", ...args]);

beforeAll(async () => {
  const started = Date.now();
  database = await throwawayPostgres("ca_prisma_app");
  dir = writeApp("prisma-pg-app-", files(database.url));
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
  runBin(
    [
      "init",
      "--cwd",
      dir,
      "--yes",
      "--providers",
      "email",
      "--no-git-check",
      "--runtime-spec",
      inject("runtimeTarball"),
    ],
    { env: { ...npmEnv, CHECKPOINT_DISABLE: "1" } },
  );

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

    const smtp = await startSmtpServer();
    const app = await start(dir, "npm", ["run", "dev"], {
      DATABASE_URL: database.url,
      AUTH_EMAIL_SERVER: smtp.url,
      AUTH_EMAIL_FROM: "auth@example.com",
    });
    try {
      const { cookie: session } = await emailLinkSignIn(app.origin, smtp, "ada@example.com");
      const me = await fetch(`${app.origin}/auth/session`, { headers: { cookie: session } });
      expect(await me.json(), app.server.output()).toMatchObject({
        user: { email: "ada@example.com" },
      });
    } finally {
      await app.server.stop();
      await smtp.close();
    }

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
