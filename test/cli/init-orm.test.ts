import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { check } from "../../src/commands/check.js";
import { migrateCommand } from "../../src/commands/migrate.js";
import { expressPostgresCtlApp, removeProjects, writeProject } from "../orm/kysely-projects.js";
import { runCommand, runInit, tree } from "../support/cli.js";

afterAll(removeProjects);

/** The Kysely app of the ORM tests, as an Express app committed to git. */
function expressKyselyApp(): string {
  return expressPostgresCtlApp(`import express from "express";
import { db } from "./db/index.js";

const app = express();
app.get("/pets", async (_req, res) => {
  res.json(await db.selectFrom("pet").selectAll().execute());
});
app.listen(3000);
`);
}

describe("init on an app with an ORM", () => {
  it("reports the ORM, uses it by default with database sessions, imports the app's client and extends its schema", async () => {
    const root = expressKyselyApp();
    const run = await runInit({ cwd: root, yes: true, json: true, providers: "email" });
    expect(run.exitCode, run.stderr).toBe(0);
    const document = run.json as {
      findings: { label: string; value: string; evidence: string }[];
      answers: { database: string; strategy: string; orm: { orm: string; client: string } };
      plan: { install?: { packages: string[] } };
      nextSteps: { migrate?: { command: string; steps: string[] } };
      reproduce: string;
    };
    const database = document.findings.find((finding) => finding.label === "Database");
    expect(database?.value).toMatch(/^Kysely .* \(PostgreSQL\)$/);
    expect(database?.evidence).toContain("src/db/index.ts");
    expect(document.answers).toMatchObject({
      database: "kysely",
      strategy: "database",
      orm: { orm: "kysely", client: "src/db/index.ts" },
    });
    const config = readFileSync(join(root, "src/auth.ts"), "utf8");
    expect(config).toContain('import { KyselyAdapter } from "@auth/kysely-adapter";');
    expect(config).toMatch(/import \{ db \} from "\.\/db\/index(\.js)?";/);
    expect(config).toContain("adapter: KyselyAdapter(db");
    expect(config).toContain('session: { strategy: "database" }');
    // The runtime's own database is not set up beside the app's.
    expect(config).not.toContain("postgresAdapter");
    expect(readFileSync(join(root, ".env"), "utf8")).not.toContain("DATABASE_URL=");
    expect(Object.keys(tree(root)).filter((path) => /^migrations\/.*auth/.test(path))).toHaveLength(
      1,
    );
    expect(document.plan.install?.packages).toContainEqual(
      expect.stringMatching(/^@auth\/kysely-adapter@/),
    );
    expect(document.nextSteps.migrate?.steps.join(" ")).toContain("migrate:latest");
    expect(document.reproduce).toContain("--database kysely");

    const again = await runInit({ cwd: root, yes: true, json: true, providers: "email" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain('"applied": false');
    expect((again.json as { plan: { files: unknown[] } }).plan.files).toEqual([]);
  });

  it("lists the app's database first in the question, and keeps the embedded default on offer", async () => {
    const root = expressKyselyApp();
    const asked: string[] = [];
    const run = await runInit(
      { cwd: root },
      { answers: [["github"], "embedded", "jwt", "/auth", false, false, true], asked },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(asked.slice(0, 3)).toEqual([
      "Which sign-in methods?",
      "Which database?",
      "Where do sessions live?",
    ]);
    const config = readFileSync(join(root, "src/auth.ts"), "utf8");
    expect(config).toContain("postgresAdapter(embeddedDatabase())");
    expect(config).not.toContain("KyselyAdapter");
    expect(run.stdout).toContain("--database embedded");
  });

  it("declining the app's database with --database none leaves its schema alone", async () => {
    const root = expressKyselyApp();
    const run = await runInit({
      cwd: root,
      yes: true,
      json: true,
      providers: "github",
      database: "none",
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const config = readFileSync(join(root, "src/auth.ts"), "utf8");
    expect(config).not.toContain("adapter:");
    expect(config).toContain('session: { strategy: "jwt" }');
    expect(Object.keys(tree(root)).some((path) => /^migrations\/.*auth/.test(path))).toBe(false);
    expect((run.json as { reproduce: string }).reproduce).toContain("--database none");
  });

  it("refuses an ORM the app does not have, naming what was looked for", async () => {
    const root = expressKyselyApp();
    const run = await runInit({
      cwd: root,
      yes: true,
      json: true,
      providers: "email",
      database: "prisma",
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/--database (must be one of|prisma: no Prisma set-up)/);
  });

  it("migrate --dry-run names the ORM's own steps instead of the runtime's SQL", async () => {
    const root = expressKyselyApp();
    expect((await runInit({ cwd: root, yes: true, providers: "email" })).exitCode).toBe(0);
    const run = await runCommand(
      (io) => migrateCommand({ cwd: root, dryRun: true, json: true }, io),
      {
        json: true,
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.json).toMatchObject({ command: "migrate", database: "kysely", applied: false });
    expect((run.json as { steps: string[] }).steps.join(" ")).toContain("migrate:latest");
    expect(run.stdout).not.toContain("CREATE TABLE");
  });
});

describe("init on an Express app with Prisma", () => {
  /** CommonJS TypeScript, as Prisma's Express starters are, with a `User` model of its own. */
  function expressPrismaApp(): string {
    const root = writeProject({
      "package.json": {
        name: "prisma-app",
        scripts: { dev: "ts-node src/index.ts" },
        dependencies: { "@prisma/client": "^6.16.0", express: "^4.21.0" },
        devDependencies: { prisma: "^6.16.0", typescript: "~5.9.3", "ts-node": "^10.9.2" },
      },
      "tsconfig.json": {
        compilerOptions: {
          module: "commonjs",
          target: "es2022",
          strict: true,
          esModuleInterop: true,
        },
      },
      "prisma/schema.prisma": `generator client {
  provider = "prisma-client-js"
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
  id       Int    @id @default(autoincrement())
  title    String
  authorId Int
  author   User   @relation(fields: [authorId], references: [id])
}
`,
      "src/db.ts": `import { PrismaClient } from "@prisma/client";

const prisma = new PrismaClient();
export default prisma;
`,
      "src/index.ts": `import express from "express";
import prisma from "./db";

const app = express();
app.use(express.json());
app.get("/users", async (_req, res) => {
  res.json(await prisma.user.findMany());
});
app.listen(3000);
`,
    });
    execFileSync("git", ["init", "-q"], { cwd: root });
    return root;
  }

  it("imports the app's default-exported client and extends its User model instead of adding one", async () => {
    const root = expressPrismaApp();
    const run = await runInit({
      cwd: root,
      yes: true,
      json: true,
      providers: "email",
      gitCheck: false,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.json?.answers).toMatchObject({ database: "prisma", strategy: "database" });
    const config = readFileSync(join(root, "src/auth.ts"), "utf8");
    expect(config).toContain('import { PrismaAdapter } from "@auth/prisma-adapter";');
    expect(config).toContain('import prisma from "./db";');
    expect(config).toContain("adapter: PrismaAdapter(prisma),");
    const schema = readFileSync(join(root, "prisma/schema.prisma"), "utf8");
    expect(schema.match(/^model User \{/gm)).toHaveLength(1);
    for (const model of ["Account", "Session", "VerificationToken"])
      expect(schema).toMatch(new RegExp(`^model ${model} \\{`, "m"));
    // The app's own fields and models are untouched; auth's relations join them.
    expect(schema).toMatch(/^\s+posts\s+Post\[\]$/m);
    expect(schema).toMatch(/^\s+accounts\s+Account\[\]/m);
    expect(schema).toMatch(/userId\s+Int\b/);
    expect(run.json?.plan.install.packages).toContainEqual(
      expect.stringMatching(/^@auth\/prisma-adapter@/),
    );

    const again = await runInit({
      cwd: root,
      yes: true,
      json: true,
      providers: "email",
      gitCheck: false,
    });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.json?.plan.files).toEqual([]);
  });
});

describe("check on an app whose ORM holds the auth tables", () => {
  const runCheck = (cwd: string, extra: { fix?: boolean; yes?: boolean } = {}) =>
    runCommand(
      (io) =>
        check({ cwd, environment: {}, json: true, rule: "orm-schema-incomplete", ...extra }, io),
      { json: true, yes: extra.yes },
    );

  it("is silent after init, finds a model the adapter needs once it is gone, and --fix restores it", async () => {
    const root = writeProject({
      "package.json": {
        name: "prisma-esm",
        type: "module",
        dependencies: { "@prisma/client": "^6.16.0", express: "^5.1.0" },
        devDependencies: { prisma: "^6.16.0" },
      },
      "prisma/schema.prisma":
        'generator client {\n  provider = "prisma-client-js"\n}\n\ndatasource db {\n  provider = "sqlite"\n  url      = env("DATABASE_URL")\n}\n',
      "src/db.js":
        'import { PrismaClient } from "@prisma/client";\n\nexport const prisma = new PrismaClient();\n',
      "src/app.js": 'import express from "express";\n\nconst app = express();\napp.listen(3000);\n',
    });
    const init = await runInit({ cwd: root, yes: true, providers: "email", gitCheck: false });
    expect(init.exitCode, init.stderr).toBe(0);
    const clean = await runCheck(root);
    expect(clean.json?.findings).toEqual([]);

    const schemaFile = join(root, "prisma/schema.prisma");
    const complete = readFileSync(schemaFile, "utf8");
    writeFileSync(schemaFile, complete.replace(/model VerificationToken \{[^}]*\}\n/, ""));
    const broken = await runCheck(root);
    expect(broken.exitCode).toBe(1);
    expect(broken.json?.findings).toEqual([
      expect.objectContaining({
        rule: "orm-schema-incomplete",
        file: "prisma/schema.prisma",
        message: expect.stringContaining("@auth/prisma-adapter"),
      }),
    ]);

    const fixed = await runCheck(root, { fix: true, yes: true });
    expect(fixed.exitCode, fixed.stderr).toBe(0);
    expect(readFileSync(schemaFile, "utf8")).toMatch(/^model VerificationToken \{/m);
    expect((await runCheck(root)).json?.findings).toEqual([]);
  });
});

describe("init on a Hono app with Drizzle", () => {
  it("passes the app's db and its extended users table to DrizzleAdapter", async () => {
    const root = writeProject({
      "package.json": {
        name: "drizzle-app",
        type: "module",
        dependencies: {
          "drizzle-orm": "^0.45.1",
          pg: "^8.13.0",
          hono: "^4.9.0",
          "@hono/node-server": "^1.14.0",
        },
        devDependencies: { "drizzle-kit": "^0.31.0" },
      },
      "drizzle.config.ts": `import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_URL! },
});
`,
      "src/db/index.ts": `import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import * as schema from "./schema";

export const db = drizzle(new Pool({ connectionString: process.env.DATABASE_URL }), { schema });
`,
      "src/db/schema.ts": `import { pgTable, text } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: text("id").primaryKey().$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
});
`,
      "src/index.ts": `import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("hi"));
serve({ fetch: app.fetch, port: 3000 });
`,
    });
    const run = await runInit({
      cwd: root,
      yes: true,
      json: true,
      providers: "email",
      gitCheck: false,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.json?.answers).toMatchObject({ database: "drizzle", strategy: "database" });
    const config = readFileSync(join(root, "src/auth.ts"), "utf8");
    expect(config).toContain('import { DrizzleAdapter } from "@auth/drizzle-adapter";');
    expect(config).toMatch(/import \{ db \} from "\.\/db\/index(\.js)?";/);
    expect(config).toMatch(/DrizzleAdapter\(db, \{[^}]*usersTable: users/s);
    // The app's own users table gains the columns auth needs, in place; no second users table.
    const schema = readFileSync(join(root, "src/db/schema.ts"), "utf8");
    expect(schema.match(/pgTable\("users"/g)).toHaveLength(1);
    expect(schema).toMatch(/email: text\("email"\)(\.unique\(\))?/);
    expect(run.json?.nextSteps.migrate.steps.join(" ")).toMatch(
      /drizzle-kit generate.*drizzle-kit migrate/,
    );
  });
});
