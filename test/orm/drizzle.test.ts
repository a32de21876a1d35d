import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "../../src/errors.js";
import { drizzleOrm } from "../../src/orm/drizzle/index.js";
import { readPackageJson } from "../../src/project/package-json.js";
import {
  applyPlan,
  detect,
  fileAfter,
  pkg,
  planSchema,
  removeProjects,
  writeProject,
} from "./drizzle-project.js";

afterAll(removeProjects);

const esmContext = { configFile: "src/auth.ts", kind: "esm" as const, withExtension: true };

/** PostgreSQL through node-postgres: one schema file, `drizzle(pool, { schema })`. */
const nodePostgres = () =>
  writeProject({
    "package.json": pkg(
      { "drizzle-orm": "^0.45.1", pg: "^8.13.0" },
      { type: "module", scripts: { "db:generate": "drizzle-kit generate" } },
    ),
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

const pool = new Pool({ connectionString: process.env.DATABASE_URL });
export const db = drizzle(pool, { schema });
`,
    "src/db/schema.ts": `import { pgTable, text, integer } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: text("id").primaryKey().$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
  passwordHash: text("password_hash").notNull(),
});

export const posts = pgTable("posts", {
  id: integer("id").primaryKey(),
  authorId: text("author_id").references(() => users.id),
});
`,
  });

describe("Drizzle detection", () => {
  it("reads the config, driver, client and users table of a node-postgres app, with evidence", () => {
    const detection = detect(nodePostgres());
    expect(detection.dialect).toBe("postgresql");
    expect(detection.version).toBe("^0.45.1");
    expect(detection.client).toMatchObject({ file: "src/db/index.ts", name: "db" });
    expect(detection.client?.evidence).toContain("src/db/index.ts:6:");
    expect(detection.info.driver).toBe("drizzle-orm/node-postgres");
    expect(detection.info.config).toMatchObject({ schema: ["src/db/schema.ts"], out: "drizzle" });
    expect(detection.info.users).toMatchObject({
      name: "users",
      file: "src/db/schema.ts",
      line: 3,
    });
    expect(detection.evidence).toContain('drizzle.config.ts:5: dialect "postgresql"');
    expect(detection.evidence).toContain('users table "users" in src/db/schema.ts:3');
    expect(detection.info.place).toMatchObject({
      file: "src/db/auth-schema.ts",
      index: "src/db/schema.ts",
    });
  });

  it("finds postgres-js with drizzle({ client, schema }) and a schema folder collected by its index", () => {
    const root = writeProject({
      "package.json": pkg({ "drizzle-orm": "0.45.4", postgres: "^3.4.0" }),
      "drizzle.config.ts": `export default { dialect: "postgresql", schema: "./src/schema" };\n`,
      "src/db.ts": `import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema/index.js";
const client = postgres(process.env.DATABASE_URL!);
export const db = drizzle({ client, schema });
`,
      "src/schema/index.ts": `export * from "./users.js";\n`,
      "src/schema/users.ts": `import { pgTable, uuid, varchar } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: uuid("id").defaultRandom().primaryKey(),
  email: varchar("email", { length: 320 }).notNull().unique(),
});
`,
    });
    const detection = detect(root);
    expect(detection.info.driver).toBe("drizzle-orm/postgres-js");
    expect(detection.client).toMatchObject({ file: "src/db.ts", name: "db" });
    expect(detection.info.place).toMatchObject({
      file: "src/schema/auth.ts",
      index: "src/schema/index.ts",
    });
    const set = planSchema(root);
    const auth = fileAfter(set, "src/schema/auth.ts");
    expect(auth).toContain('import { users } from "./users.js";');
    expect(auth).toContain(
      'userId: uuid("userId").notNull().references(() => users.id, { onDelete: "cascade" })',
    );
    expect(fileAfter(set, "src/schema/index.ts")).toBe(
      `export * from "./users.js";\nexport * from "./auth.js";\n`,
    );
    // The existing email is kept as written; the missing user fields are added.
    const usersFile = fileAfter(set, "src/schema/users.ts");
    expect(usersFile).toContain('email: varchar("email", { length: 320 }).notNull().unique(),');
    expect(usersFile).toContain(
      'import { pgTable, uuid, varchar, text, timestamp } from "drizzle-orm/pg-core";',
    );
    expect(usersFile).toContain('emailVerified: timestamp("emailVerified", { mode: "date" })');
  });

  it("without a drizzle.config, follows the schema passed to drizzle(…) to its index", () => {
    const root = writeProject({
      "package.json": pkg({ "drizzle-orm": "^0.45.0", pg: "^8.0.0" }),
      "src/db/index.ts": `import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "./schema";
export const db = drizzle(process.env.DATABASE_URL!, { schema });
`,
      "src/db/schema/index.ts": `export * from "./users";\n`,
      "src/db/schema/users.ts": `import { pgTable, text } from "drizzle-orm/pg-core";\nexport const users = pgTable("user", { id: text("id").primaryKey(), email: text("email") });\n`,
    });
    const detection = detect(root);
    expect(detection.info.place).toMatchObject({
      file: "src/db/schema/auth.ts",
      index: "src/db/schema/index.ts",
    });
    const set = planSchema(root);
    expect(fileAfter(set, "src/db/schema/index.ts")).toBe(
      `export * from "./users";\nexport * from "./auth";\n`,
    );
    // Beside a singular `user` table, the adapter's singular table names.
    expect(fileAfter(set, "src/db/schema/auth.ts")).toContain(
      'export const accounts = pgTable("account", {',
    );
    const migration = drizzleOrm.migration(root, detection);
    expect(migration.printOnly).toContain("No drizzle.config");
  });

  it("reads an old mysql2 config (driver key, explicit schema list) and adds the auth file to the list", () => {
    const root = writeProject({
      "package.json": pkg(
        { "drizzle-orm": "^0.29.3", mysql2: "^3.9.0" },
        { devDependencies: { "drizzle-kit": "^0.20.14" } },
      ),
      "drizzle.config.ts": `import type { Config } from "drizzle-kit";

export default {
  driver: "mysql2",
  schema: ["./src/db/users.ts", "./src/db/posts.ts"],
  out: "./migrations",
} satisfies Config;
`,
      "src/db/client.ts": `import { drizzle } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
const poolConnection = mysql.createPool({ uri: process.env.DATABASE_URL });
export const db = drizzle(poolConnection);
`,
      "src/db/users.ts": `import { mysqlTable, varchar } from "drizzle-orm/mysql-core";

export const users = mysqlTable("users", {
  id: varchar("id", { length: 36 }).primaryKey(),
  name: varchar("name", { length: 100 }),
});
`,
      "src/db/posts.ts": `import { int, mysqlTable } from "drizzle-orm/mysql-core";

export const posts = mysqlTable("posts", { id: int("id").primaryKey() });
`,
    });
    const detection = detect(root);
    expect(detection.dialect).toBe("mysql");
    expect(detection.info.config?.legacyDriver).toBe("mysql2");
    expect(drizzleOrm.adapterSpec(detection)).toBe("@auth/drizzle-adapter@1.0.0");
    const set = planSchema(root);
    const auth = fileAfter(set, "src/db/auth-schema.ts");
    expect(auth).toContain('userId: varchar("userId", { length: 36 }).notNull()');
    // drizzle-orm 0.29 takes extra keys as an object, and adapter 1.0.0 has no authenticators.
    expect(auth).toContain(
      "(table) => ({ pk: primaryKey({ columns: [table.provider, table.providerAccountId] }) })",
    );
    expect(auth).not.toContain("authenticator");
    expect(fileAfter(set, "drizzle.config.ts")).toContain(
      'schema: ["./src/db/users.ts", "./src/db/posts.ts", "./src/db/auth-schema.ts"],',
    );
    const migration = drizzleOrm.migration(root, detection);
    expect(migration.steps.map((s) => [s.command, ...s.args].join(" "))).toEqual([
      "npx --no-install drizzle-kit generate:mysql",
    ]);
    expect(migration.printOnly).toContain("has no migrate command");
  });

  it("covers a libsql app whose config globs the schema folder, defining the users table itself", () => {
    const root = writeProject({
      "package.json": pkg({ "drizzle-orm": "^0.44.0", "@libsql/client": "^0.15.0" }),
      "drizzle.config.ts": `import { defineConfig } from "drizzle-kit";
export default defineConfig({ dialect: "turso", schema: "./src/db/schema/*.ts" });
`,
      "src/db/index.ts": `import { drizzle } from "drizzle-orm/libsql";
export default drizzle(process.env.DB_FILE_NAME!);
`,
      "src/db/schema/todos.ts": `import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
export const todos = sqliteTable("todos", { id: integer("id").primaryKey(), title: text("title") });
`,
    });
    const detection = detect(root);
    expect(detection.dialect).toBe("sqlite");
    expect(detection.client).toMatchObject({ file: "src/db/index.ts", name: "default" });
    const set = planSchema(root);
    expect(set.files.map((f) => f.path)).toEqual(["src/db/schema/auth.ts"]);
    const auth = fileAfter(set, "src/db/schema/auth.ts");
    expect(auth).toContain('export const users = sqliteTable("user", {');
    expect(auth).toContain('emailVerified: integer("emailVerified", { mode: "timestamp_ms" }),');
    expect(auth).toContain(
      'credentialBackedUp: integer("credentialBackedUp", { mode: "boolean" }).notNull(),',
    );
    expect(set.manual).toEqual([]);
    const wiring = drizzleOrm.wiring(detection, {
      configFile: "src/auth.ts",
      kind: "esm",
      withExtension: false,
    });
    expect(wiring.imports).toContainEqual({ from: "./db/index", default: "db" });
    expect(wiring.imports).toContainEqual({
      from: "./db/schema/auth",
      named: ["users", "accounts", "sessions", "verificationTokens", "authenticators"],
    });
  });

  it("keeps a CommonJS better-sqlite3 app in CommonJS", () => {
    const root = writeProject({
      "package.json": pkg({ "drizzle-orm": "0.45.4", "better-sqlite3": "^12.0.0" }),
      "drizzle.config.js": `module.exports = {\n  dialect: 'sqlite',\n  schema: './db/schema.js',\n}\n`,
      "db/index.js": `const { drizzle } = require('drizzle-orm/better-sqlite3')
const Database = require('better-sqlite3')
const db = drizzle(new Database('app.db'))
module.exports = { db }
`,
      "db/schema.js": `const { sqliteTable, text } = require('drizzle-orm/sqlite-core')

const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email'),
})

module.exports = { users }
`,
    });
    const detection = detect(root);
    expect(detection.info.driver).toBe("drizzle-orm/better-sqlite3");
    expect(detection.client).toMatchObject({ file: "db/index.js", name: "db" });
    const set = planSchema(root);
    const auth = fileAfter(set, "db/auth-schema.js");
    expect(auth).toContain(
      "const { integer, primaryKey, sqliteTable, text } = require('drizzle-orm/sqlite-core')",
    );
    expect(auth).toContain("const { users } = require('./schema')");
    expect(auth).toContain("type: text('type').notNull(),");
    expect(auth).toContain(
      "module.exports = { accounts, sessions, verificationTokens, authenticators }",
    );
    expect(auth).not.toMatch(/;$/m);
    expect(fileAfter(set, "db/schema.js")).toContain(
      "const { sqliteTable, text, integer } = require('drizzle-orm/sqlite-core')",
    );
  });
});

describe("Drizzle schema plan", () => {
  it("extends the app's users table in place, re-exports the auth file, and changes nothing on a second run", () => {
    const root = nodePostgres();
    const set = planSchema(root);
    const schema = fileAfter(set, "src/db/schema.ts");
    expect(schema).toBe(`import { pgTable, text, integer, timestamp } from "drizzle-orm/pg-core";

export const users = pgTable("users", {
  id: text("id").primaryKey().$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
  passwordHash: text("password_hash").notNull(),
  email: text("email").unique(),
  emailVerified: timestamp("email_verified", { mode: "date" }),
  image: text("image"),
});

export const posts = pgTable("posts", {
  id: integer("id").primaryKey(),
  authorId: text("author_id").references(() => users.id),
});
export * from "./auth-schema";
`);
    const auth = fileAfter(set, "src/db/auth-schema.ts");
    expect(auth).toContain('export const accounts = pgTable("accounts", {');
    expect(auth).toContain('export const verificationTokens = pgTable("verification_tokens", {');
    expect(auth).toContain('import { users } from "./schema";');
    expect(set.manual.join("\n")).toContain("users.passwordHash is NOT NULL without a default");

    applyPlan(set);
    const second = planSchema(root);
    expect(second.files).toEqual([]);
    const wiring = drizzleOrm.wiring(detect(root), esmContext);
    expect(wiring.expression).toBe(
      "DrizzleAdapter(db, { usersTable: users, accountsTable: accounts, sessionsTable: sessions, verificationTokensTable: verificationTokens, authenticatorsTable: authenticators })",
    );
    expect(wiring.imports).toEqual([
      { from: "@auth/drizzle-adapter", named: ["DrizzleAdapter"] },
      { from: "./db/index.js", named: ["db"] },
      { from: "./db/schema.js", named: ["users"] },
      {
        from: "./db/auth-schema.js",
        named: ["accounts", "sessions", "verificationTokens", "authenticators"],
      },
    ]);
  });

  it("follows a serial users id with integer foreign keys, and a TypeScript configuration casts the tables", () => {
    const root = writeProject({
      "package.json": pkg({ "drizzle-orm": "^0.45.0", pg: "^8.0.0" }),
      "src/db.ts": `import { drizzle } from "drizzle-orm/node-postgres";\nexport const db = drizzle(process.env.DATABASE_URL!);\n`,
      "drizzle.config.ts": `export default { dialect: "postgresql", schema: "./src/schema.ts" };\n`,
      "src/schema.ts": `import { pgTable, serial, text } from "drizzle-orm/pg-core";\nexport const users = pgTable("users", { id: serial("id").primaryKey(), email: text("email") });\n`,
    });
    const set = planSchema(root);
    expect(fileAfter(set, "src/auth-schema.ts")).toContain('userId: integer("userId").notNull()');
    expect(set.manual.join("\n")).toContain("users.id is serial(…)");
    const typed = drizzleOrm.wiring(detect(root), esmContext);
    expect(typed.expression).toMatch(
      /authenticatorsTable: authenticators \} as unknown as Parameters<typeof DrizzleAdapter<typeof db>>\[1\]\)$/,
    );
    const plain = drizzleOrm.wiring(detect(root), { ...esmContext, configFile: "src/auth.js" });
    expect(plain.expression).toMatch(/authenticatorsTable: authenticators \}\)$/);
  });

  it("refuses a sessions table that is not Auth.js's", () => {
    const root = writeProject({
      "package.json": pkg({ "drizzle-orm": "^0.45.0", pg: "^8.0.0" }),
      "drizzle.config.ts": `export default { dialect: "postgresql", schema: "./src/schema.ts" };\n`,
      "src/schema.ts": `import { pgTable, serial, text, json } from "drizzle-orm/pg-core";
export const users = pgTable("users", { id: text("id").primaryKey(), email: text("email") });
export const sessions = pgTable("sessions", { sid: text("sid").primaryKey(), data: json("data") });
`,
    });
    const error = (() => {
      try {
        planSchema(root);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).code).toBe("drizzle_table_clash");
    expect((error as CliError).message).toContain(
      'src/schema.ts:3: the table sessions ("sessions")',
    );
  });

  it("names the module to export the client from when drizzle(…) is not exported", () => {
    const root = writeProject({
      "package.json": pkg({ "drizzle-orm": "^0.45.0", pg: "^8.0.0" }),
      "src/server.ts": `import { drizzle } from "drizzle-orm/node-postgres";\nconst db = drizzle(process.env.DATABASE_URL!);\n`,
    });
    const detection = detect(root);
    expect(detection.client).toBeUndefined();
    expect(() => drizzleOrm.wiring(detection, esmContext)).toThrow(
      /src\/server\.ts:2: const db = drizzle.*Export the client/,
    );
  });
});

describe("Drizzle on MySQL with a schema passed to the client", () => {
  // drizzle-orm's mysql2 client wants a mode once its schema has tables: without one its types
  // reject the call and it throws when the client is made.
  const mysqlApp = (call: string) =>
    writeProject({
      "package.json": pkg({ "drizzle-orm": "^0.45.1", mysql2: "^3.14.0" }, { type: "module" }),
      "drizzle.config.ts": `import { defineConfig } from "drizzle-kit";

export default defineConfig({ dialect: "mysql", schema: "./src/schema", out: "./migrations" });
`,
      "src/index.ts": `import { drizzle } from "drizzle-orm/mysql2";
import * as schema from "./schema";

export function createDb() {
  return ${call};
}

export const db = createDb();
`,
      "src/schema/index.ts": "export {};\n",
    });

  it('adds mode: "default" beside the schema, once', () => {
    const root = mysqlApp("drizzle({ connection: { uri: process.env.DATABASE_URL! }, schema })");
    const set = planSchema(root);
    expect(fileAfter(set, "src/index.ts")).toContain(
      'return drizzle({ connection: { uri: process.env.DATABASE_URL! }, schema, mode: "default" });',
    );
    applyPlan(set);
    expect(planSchema(root).files).toEqual([]);
  });

  it("leaves a client that names its mode, or passes no schema, as it is", () => {
    for (const call of [
      'drizzle({ connection: "mysql://x", schema, mode: "planetscale" })',
      'drizzle({ connection: "mysql://x" })',
    ]) {
      const set = planSchema(mysqlApp(call));
      expect(set.files.map((file) => file.path)).not.toContain("src/index.ts");
    }
  });
});

describe("Drizzle migration", () => {
  it("generates then migrates when the project keeps migrations", () => {
    const root = nodePostgres();
    const plan = drizzleOrm.migration(root, detect(root));
    expect(plan.steps.map((s) => [s.command, ...s.args].join(" "))).toEqual([
      "npx --no-install drizzle-kit generate --name auth",
      "npx --no-install drizzle-kit migrate",
    ]);
    expect(plan.printOnly).toBeUndefined();
  });

  it("pushes through pnpm when the scripts push and there are no migrations", () => {
    const root = writeProject({
      "package.json": pkg(
        { "drizzle-orm": "^0.45.0", pg: "^8.0.0" },
        { scripts: { "db:push": "drizzle-kit push" } },
      ),
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
      "drizzle.config.mjs": `export default { dialect: "postgresql", schema: "./src/schema.ts", dbCredentials: { url: "postgres://db.example.com/app" } };\n`,
      "src/schema.ts": `import { pgTable, text } from "drizzle-orm/pg-core";\nexport const users = pgTable("users", { id: text("id").primaryKey() });\n`,
    });
    const plan = drizzleOrm.migration(root, detect(root));
    expect(plan.steps.map((s) => [s.command, ...s.args].join(" "))).toEqual([
      "pnpm exec drizzle-kit push --config drizzle.config.mjs",
    ]);
    expect(plan.printOnly).toContain("not on this machine");
  });
});

describe("drizzle-orm without an adapter release", () => {
  it("is not offered on drizzle-orm 1.0 release candidates, and init says why", () => {
    const root = writeProject({
      "package.json": pkg({ "drizzle-orm": "1.0.0-rc.4", pg: "^8.13.0" }, { type: "module" }),
      "src/db.ts":
        'import { drizzle } from "drizzle-orm/node-postgres";\n\nexport const db = drizzle(process.env.DATABASE_URL!);\n',
    });
    expect(drizzleOrm.detect(root, readPackageJson(root))).toBeUndefined();
    expect(drizzleOrm.unusable?.(root, readPackageJson(root))).toMatch(
      /drizzle-orm 1\.0\.0-rc\.4 has no @auth\/drizzle-adapter release yet .*BaseSQLiteDatabase/,
    );
    const supported = writeProject({
      "package.json": pkg({ "drizzle-orm": "^0.45.1", pg: "^8.13.0" }, { type: "module" }),
    });
    expect(drizzleOrm.unusable?.(supported, readPackageJson(supported))).toBeUndefined();
  });
});
