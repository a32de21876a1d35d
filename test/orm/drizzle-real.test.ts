import { execFileSync, spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { importStatement } from "../../src/edit/imports.js";
import { drizzleOrm } from "../../src/orm/drizzle/index.js";
import type { Dialect } from "../../src/orm/types.js";
import { detectStyle } from "../../src/syntax/source-style.js";
import { npmEnv } from "../support/install.js";
import { applyPlan, detect, planSchema, writeProject } from "./drizzle-project.js";

// Each test runs the real tsc or drizzle-kit: slow on a loaded machine, so a generous bound.
vi.setConfig({ testTimeout: 180_000 });

/**
 * The generated Drizzle set-up against the real tools: drizzle-orm, drizzle-kit and
 * @auth/drizzle-adapter from the registry (installed once for the file), `tsc` on the schema and
 * a configuration passing the tables to DrizzleAdapter, then `drizzle-kit generate` and
 * `drizzle-kit migrate` (the steps `migration()` returns) into throwaway databases, and the
 * adapter itself creating and finding a user through the app's own client.
 */
const versions = {
  "drizzle-orm": "0.45.4",
  "drizzle-kit": "0.31.11",
  "@auth/drizzle-adapter": "1.11.3",
  typescript: "5.9.3",
  pg: "8.23.1",
  "@types/pg": "8.23.1",
  "@types/node": "20",
  "@libsql/client": "0.18.0",
  mysql2: "3.24.6",
};

let shared: string;
const databases: { dialect: Dialect; name: string }[] = [];
const suffix = `${process.pid}_${Date.now()}`;

beforeAll(() => {
  shared = mkdtempSync(join(tmpdir(), "drizzle-real-"));
  writeFileSync(join(shared, "package.json"), JSON.stringify({ name: "shared", private: true }));
  const started = Date.now();
  execFileSync(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      ...Object.entries(versions).map(([n, v]) => `${n}@${v}`),
    ],
    { cwd: shared, env: { ...process.env, ...npmEnv }, stdio: "pipe" },
  );
  console.log(`drizzle-real: install ${Math.round((Date.now() - started) / 1000)} s`);
});

const load = (name: string) => createRequire(join(shared, "package.json"))(name);

afterAll(async () => {
  for (const { dialect, name } of databases) {
    if (dialect === "postgresql") {
      const client = new (load("pg").Client)({
        connectionString: "postgres://postgres@127.0.0.1:5432/postgres",
      });
      await client.connect();
      // WITH (FORCE): a failed test may leave a pool connected, which would keep the database.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    } else if (dialect === "mysql") {
      const connection = await load("mysql2/promise").createConnection({
        host: "127.0.0.1",
        user: "root",
      });
      await connection.query(`DROP DATABASE IF EXISTS ${name}`);
      await connection.end();
    }
  }
  if (shared) rmSync(shared, { recursive: true, force: true });
});

/** A fresh database on the machine's server, dropped after the file. */
async function throwaway(dialect: Dialect, tag = ""): Promise<string> {
  const name = `drizzle_auth_${suffix}${tag}`;
  databases.push({ dialect, name });
  if (dialect === "postgresql") {
    const client = new (load("pg").Client)({
      connectionString: "postgres://postgres@127.0.0.1:5432/postgres",
    });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    return `postgres://postgres@127.0.0.1:5432/${name}`;
  }
  const connection = await load("mysql2/promise").createConnection({
    host: "127.0.0.1",
    user: "root",
  });
  await connection.query(`CREATE DATABASE ${name}`);
  await connection.end();
  return `mysql://root@127.0.0.1:3306/${name}`;
}

const tsconfig = JSON.stringify({
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  },
  include: ["src"],
});

interface Case {
  dialect: Dialect;
  kitDialect: string;
  client: string;
  schema: string | undefined;
}

const cases: Case[] = [
  {
    dialect: "postgresql",
    kitDialect: "postgresql",
    client: `import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.js";

export const db = drizzle(new pg.Pool({ connectionString: process.env.DATABASE_URL }), { schema });
`,
    schema: `import { integer, pgTable, text } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: text("id").primaryKey().$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
});

export const posts = pgTable("posts", {
  id: integer("id").primaryKey(),
  authorId: text("author_id").references(() => users.id),
});
`,
  },
  {
    dialect: "mysql",
    kitDialect: "mysql",
    client: `import { drizzle } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import * as schema from "./schema.js";

export const db = drizzle(mysql.createPool(process.env.DATABASE_URL!), { schema, mode: "default" });
`,
    schema: `import { mysqlTable, varchar } from "drizzle-orm/mysql-core";

export const users = mysqlTable("users", {
  id: varchar("id", { length: 36 }).primaryKey().$defaultFn(() => crypto.randomUUID()),
  email: varchar("email", { length: 255 }).unique(),
});
`,
  },
  {
    dialect: "sqlite",
    kitDialect: "turso",
    client: `import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema.js";

export const db = drizzle({ connection: { url: process.env.DATABASE_URL! }, schema });
`,
    schema: undefined,
  },
];

/** Runs a migration step as `migration()` returned it, in the project, with the env it reads. */
function run(dir: string, command: string, args: string[], url: string): string {
  return execFileSync(command, args, {
    cwd: dir,
    env: { ...process.env, ...npmEnv, DATABASE_URL: url },
    encoding: "utf8",
    stdio: "pipe",
  });
}

describe.each(cases)("Drizzle on $dialect with the real tools", (c) => {
  let dir: string;
  let url: string;

  beforeAll(async () => {
    dir = join(shared, c.dialect);
    mkdirSync(dir);
    symlinkSync(join(shared, "node_modules"), join(dir, "node_modules"), "dir");
    url = c.dialect === "sqlite" ? `file:${join(dir, "app.db")}` : await throwaway(c.dialect);
    writeProject(
      {
        "package.json": JSON.stringify({
          name: `app-${c.dialect}`,
          type: "module",
          dependencies: { "drizzle-orm": versions["drizzle-orm"] },
          devDependencies: { "drizzle-kit": versions["drizzle-kit"] },
          scripts: { "db:generate": "drizzle-kit generate", "db:migrate": "drizzle-kit migrate" },
        }),
        "tsconfig.json": tsconfig,
        "drizzle.config.ts": `import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "${c.kitDialect}",
  schema: ${c.schema ? '"./src/schema.ts"' : '"./src/schema/*.ts"'},
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_URL! },
});
`,
        "src/db.ts": c.schema ? c.client : c.client.replace("./schema.js", "./schema/todos.js"),
        ...(c.schema
          ? { "src/schema.ts": c.schema }
          : {
              "src/schema/todos.ts": `import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";\n\nexport const todos = sqliteTable("todos", { id: integer("id").primaryKey(), title: text("title") });\n`,
            }),
      },
      dir,
    );
    // The app's own migration comes first, so the auth one is measured against a real history.
    const kit = join(shared, "node_modules/.bin/drizzle-kit");
    run(dir, kit, ["generate", "--name", "app"], url);
    run(dir, kit, ["migrate"], url);
  });

  it("type-checks the schema and DrizzleAdapter(db, { …tables })", () => {
    applyPlan(planSchema(dir));
    const detection = detect(dir);
    const context = { configFile: "src/auth.ts", kind: "esm" as const, withExtension: true };
    const wiring = drizzleOrm.wiring(detection, context);
    const style = detectStyle("");
    writeFileSync(
      join(dir, "src/auth.ts"),
      `${wiring.imports.map((spec) => importStatement(spec, "esm", style)).join("\n")}\n\nexport const adapter = ${wiring.expression};\n`,
    );
    expect(drizzleOrm.adapterSpec(detection)).toBe(
      `@auth/drizzle-adapter@${versions["@auth/drizzle-adapter"]}`,
    );
    const tsc = join(shared, "node_modules/.bin/tsc");
    const result = spawnSync(tsc, ["--noEmit", "-p", "."], { cwd: dir, encoding: "utf8" });
    expect(result.stdout).toBe("");
    expect(result.status).toBe(0);
  });

  it("migrates with drizzle-kit generate + migrate, and the adapter signs a user up through the app's client", async () => {
    const plan = drizzleOrm.migration(dir, detect(dir));
    expect(plan.printOnly).toBeUndefined();
    expect(plan.steps.map((s) => [s.command, ...s.args.slice(0, 3)].join(" "))).toEqual([
      "npx --no-install drizzle-kit generate",
      "npx --no-install drizzle-kit migrate",
    ]);
    const started = Date.now();
    for (const step of plan.steps) run(dir, step.command, step.args, url);
    console.log(`drizzle-real ${c.dialect}: generate + migrate ${Date.now() - started} ms`);
    const sql = readdirSync(join(dir, "drizzle")).filter((f) => f.endsWith(".sql"));
    expect(sql).toEqual([
      expect.stringMatching(/^0000_app\.sql$/),
      expect.stringMatching(/^0001_auth\.sql$/),
    ]);
    const migration = readFileSync(join(dir, "drizzle", sql[1]!), "utf8");
    // Auth's tables are created; of the app's tables only users changes, and only by additions.
    expect(migration).toMatch(/CREATE TABLE [`"]accounts|CREATE TABLE [`"]account[`"]/);
    expect(migration).not.toMatch(/DROP |[`"](posts|todos)[`"]/);
    if (c.schema) expect(migration).toMatch(/ALTER TABLE [`"]users[`"] ADD (COLUMN )?[`"]/);

    process.env.DATABASE_URL = url;
    const { adapter } = await import(join(dir, "src/auth.ts"));
    const created = await adapter.createUser({
      id: "ignored",
      email: "ada@example.com",
      emailVerified: null,
      name: "Ada",
    });
    await adapter.linkAccount({
      userId: created.id,
      type: "oauth",
      provider: "github",
      providerAccountId: "42",
    });
    const found = await adapter.getUserByAccount({ provider: "github", providerAccountId: "42" });
    expect(found).toMatchObject({ id: created.id, email: "ada@example.com" });
    const expires = new Date(Date.now() + 60_000);
    await adapter.createSession({ sessionToken: "token-1", userId: created.id, expires });
    const session = await adapter.getSessionAndUser("token-1");
    expect(session?.user.email).toBe("ada@example.com");

    const { db } = await import(join(dir, "src/db.ts"));
    await (c.dialect === "sqlite" ? db.$client.close() : db.$client.end());

    // A second generate finds nothing to do: the schema and the database agree.
    const again = run(dir, plan.steps[0]!.command, plan.steps[0]!.args, url);
    expect(again).toMatch(/No schema changes/);
  });
});

/**
 * An app on drizzle-orm 0.29 and drizzle-kit 0.20 (dialect commands, no `migrate`): the module
 * picks adapter 1.0.0, whose custom-table types fit 0.29, writes the extra keys in 0.29's object
 * form, and `generate:pg` writes the migration the app then applies with drizzle-orm's migrate().
 */
describe("Drizzle 0.29 with drizzle-kit 0.20 on postgresql", () => {
  const old = {
    "drizzle-orm": "0.29.5",
    "drizzle-kit": "0.20.18",
    "@auth/drizzle-adapter": "1.0.0",
    pg: "8.23.1",
  };
  let dir: string;
  let url: string;

  beforeAll(async () => {
    dir = join(shared, "pg-029");
    url = await throwaway("postgresql", "_029");
    writeProject(
      {
        "package.json": JSON.stringify({
          name: "app-029",
          type: "module",
          dependencies: { "drizzle-orm": old["drizzle-orm"], pg: old.pg },
          devDependencies: { "drizzle-kit": old["drizzle-kit"] },
        }),
        // drizzle-kit 0.20 loads TypeScript schema files with require(), which cannot resolve
        // NodeNext's `./schema.js` specifiers: apps on it resolve like a bundler.
        "tsconfig.json": tsconfig.replace(
          '"NodeNext","moduleResolution":"NodeNext"',
          '"ESNext","moduleResolution":"Bundler"',
        ),
        "drizzle.config.ts": `import type { Config } from "drizzle-kit";

export default {
  driver: "pg",
  schema: "./src/schema.ts",
  out: "./drizzle",
  dbCredentials: { connectionString: process.env.DATABASE_URL! },
} satisfies Config;
`,
        "src/db.ts": cases[0]!.client.replace("./schema.js", "./schema"),
        "src/schema.ts": cases[0]!.schema!,
      },
      dir,
    );
    const started = Date.now();
    execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: dir,
      env: { ...process.env, ...npmEnv },
      stdio: "pipe",
    });
    console.log(`drizzle-real 0.29: install ${Math.round((Date.now() - started) / 1000)} s`);
  });

  it("type-checks with adapter 1.0.0 and migrates through generate:pg", async () => {
    applyPlan(planSchema(dir));
    const detection = detect(dir);
    expect(drizzleOrm.adapterSpec(detection)).toBe("@auth/drizzle-adapter@1.0.0");
    // The adapter is installed as init would, at the version adapterSpec names.
    execFileSync(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", drizzleOrm.adapterSpec(detection)],
      {
        cwd: dir,
        env: { ...process.env, ...npmEnv },
        stdio: "pipe",
      },
    );
    const wiring = drizzleOrm.wiring(detection, {
      configFile: "src/auth.ts",
      kind: "esm",
      withExtension: true,
    });
    expect(wiring.expression).not.toContain("authenticators");
    expect(wiring.expression).toContain(
      " as unknown as Parameters<typeof DrizzleAdapter<typeof db>>[1])",
    );
    const style = detectStyle("");
    writeFileSync(
      join(dir, "src/auth.ts"),
      `${wiring.imports.map((spec) => importStatement(spec, "esm", style)).join("\n")}\n\nexport const adapter = ${wiring.expression};\n`,
    );
    const tsc = spawnSync(join(shared, "node_modules/.bin/tsc"), ["--noEmit", "-p", "."], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(tsc.stdout).toBe("");

    const plan = drizzleOrm.migration(dir, detection);
    expect(plan.steps.map((s) => [s.command, ...s.args].join(" "))).toEqual([
      "npx --no-install drizzle-kit generate:pg",
    ]);
    expect(plan.printOnly).toContain("migrate()");
    for (const step of plan.steps) run(dir, step.command, step.args, url);
    // drizzle-kit 0.20 exits 0 even when it cannot load the schema: the SQL file is the proof.
    const sql = readdirSync(join(dir, "drizzle")).filter((f) => f.endsWith(".sql"));
    expect(sql).toHaveLength(1);
    expect(readFileSync(join(dir, "drizzle", sql[0]!), "utf8")).toContain(
      'CREATE TABLE IF NOT EXISTS "accounts"',
    );
    process.env.DATABASE_URL = url;
    const { db } = await import(join(dir, "src/db.ts"));
    const { migrate } = await import(
      join(dir, "node_modules/drizzle-orm/node-postgres/migrator.js")
    );
    await migrate(db, { migrationsFolder: join(dir, "drizzle") });
    const { adapter } = await import(join(dir, "src/auth.ts"));
    const user = await adapter.createUser({
      id: crypto.randomUUID(),
      email: "old@example.com",
      emailVerified: null,
    });
    expect(await adapter.getUserByEmail("old@example.com")).toMatchObject({ id: user.id });
    await adapter.linkAccount({
      userId: user.id,
      type: "oauth",
      provider: "github",
      providerAccountId: "7",
    });
    expect(
      await adapter.getUserByAccount({ provider: "github", providerAccountId: "7" }),
    ).toMatchObject({ id: user.id });
    await adapter.createSession({
      sessionToken: "old-token",
      userId: user.id,
      expires: new Date(Date.now() + 60_000),
    });
    expect((await adapter.getSessionAndUser("old-token"))?.user.email).toBe("old@example.com");
    // drizzle-orm 0.29 has no `$client` yet: its session holds the pool.
    await db.session.client.end();
  });
});
