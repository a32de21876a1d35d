import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ThrowawayDatabase,
  throwawayPostgres,
} from "../../runtime/test/adapters/authjs-orm/databases.js";
import { startSmtpServer } from "../../runtime/test/email/smtp.js";
import { runBin, tree } from "../support/cli.js";
import { commandsIn, commit, initWithPackedRuntime, writeApp } from "../support/install.js";
import { emailLinkSignIn, start } from "../support/journey.js";

// An Express 5 API on Kysely laid out as Kysely's getting-started guide lays one out: the table
// interfaces and their Selectable/Insertable/Updateable aliases in src/types.ts, the instance
// (`Kysely<Database>`, a `pg` pool) in src/database.ts, queries in a repository module. ES-module
// TypeScript run by tsx, migrations run by kysely-ctl (what Kysely's migration guide points to)
// from the `.config/kysely.config.ts` that `kysely init` writes, with a dialect name and its
// config rather than the app's instance, and migrations kept under src/ (a configured folder is
// relative to `.config/` for kysely-ctl). kysely-ctl 0.20 is the last release for Node 20.

const files = (databaseUrl: string): Record<string, string> => ({
  "package.json": `${JSON.stringify(
    {
      name: "people-api",
      version: "0.1.0",
      private: true,
      type: "module",
      scripts: {
        dev: "tsx watch --env-file=.env src/server.ts",
        start: "tsx --env-file=.env src/server.ts",
        typecheck: "tsc --noEmit",
        migrate: "kysely migrate:latest",
      },
      dependencies: {
        express: "^5.1.0",
        kysely: "^0.28.15",
        pg: "^8.16.0",
      },
      devDependencies: {
        "@types/express": "^5.0.0",
        "@types/node": "^20.17.0",
        "@types/pg": "^8.15.0",
        "kysely-ctl": "^0.20.0",
        tsx: "^4.20.0",
        typescript: "~5.9.3",
      },
    },
    null,
    2,
  )}\n`,
  ".gitignore": "node_modules\n.env\n",
  ".env": `DATABASE_URL=${databaseUrl}\n`,
  "tsconfig.json": `${JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        types: ["node"],
      },
      include: ["src", ".config"],
    },
    null,
    2,
  )}\n`,
  ".config/kysely.config.ts": `import { defineConfig } from "kysely-ctl";
import { Pool } from "pg";

export default defineConfig({
  dialect: "pg",
  dialectConfig: { pool: new Pool({ connectionString: process.env.DATABASE_URL }) },
  migrations: { migrationFolder: "../src/migrations" },
});
`,
  "src/migrations/1748736000000_people.ts": `import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("person")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("first_name", "varchar(255)", (col) => col.notNull())
    .addColumn("last_name", "varchar(255)")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql\`now()\`))
    .execute();

  await db.schema
    .createTable("pet")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("name", "varchar(255)", (col) => col.notNull())
    .addColumn("owner_id", "integer", (col) =>
      col.references("person.id").onDelete("cascade").notNull(),
    )
    .addColumn("species", "varchar(32)", (col) => col.notNull())
    .execute();

  await db.schema.createIndex("pet_owner_id_index").on("pet").column("owner_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pet").execute();
  await db.schema.dropTable("person").execute();
}
`,
  "src/types.ts": `import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

export interface Database {
  person: PersonTable;
  pet: PetTable;
}

export interface PersonTable {
  id: Generated<number>;
  first_name: string;
  last_name: string | null;
  created_at: ColumnType<Date, string | undefined, never>;
}

export type Person = Selectable<PersonTable>;
export type NewPerson = Insertable<PersonTable>;
export type PersonUpdate = Updateable<PersonTable>;

export interface PetTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  species: "dog" | "cat";
}

export type Pet = Selectable<PetTable>;
export type NewPet = Insertable<PetTable>;
`,
  "src/database.ts": `import { Kysely, PostgresDialect } from "kysely";
import { Pool } from "pg";
import type { Database } from "./types.js";

const dialect = new PostgresDialect({
  pool: new Pool({ connectionString: process.env.DATABASE_URL, max: 10 }),
});

export const db = new Kysely<Database>({ dialect });
`,
  "src/person-repository.ts": `import { db } from "./database.js";
import type { NewPerson, Person } from "./types.js";

export async function findPeople(): Promise<Person[]> {
  return await db.selectFrom("person").selectAll().orderBy("id").execute();
}

export async function createPerson(person: NewPerson): Promise<Person> {
  return await db.insertInto("person").values(person).returningAll().executeTakeFirstOrThrow();
}
`,
  "src/app.ts": `import express from "express";
import { createPerson, findPeople } from "./person-repository.js";

export const app = express();
app.use(express.json());

app.get("/people", async (_req, res) => {
  res.json(await findPeople());
});

app.post("/people", async (req, res) => {
  res.status(201).json(await createPerson({ first_name: req.body.first_name }));
});
`,
  "src/server.ts": `import { app } from "./app.js";

const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(\`people-api listening on http://localhost:\${port}\`));
`,
});

let dir: string;
let database: ThrowawayDatabase;
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

const inApp = commandsIn(() => dir);

/** Rows of one query on the app's database, over a connection of its own. */
async function query<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The app's tables in `public`, sorted. */
const tables = async () =>
  (
    await query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    )
  ).map((row) => row.table_name);

/** Column name → type of a table, to show the app's own tables are untouched. */
const columns = async (table: string) =>
  Object.fromEntries(
    (
      await query<{ column_name: string; data_type: string }>(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1",
        [table],
      )
    ).map((row) => [row.column_name, row.data_type]),
  );

beforeAll(async () => {
  const started = Date.now();
  database = await throwawayPostgres("ca_kysely_app");
  dir = writeApp("kysely-pg-app-", files(database.url));
  inApp("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
  const installed = Date.now();
  inApp("npm", ["run", "migrate"], { DATABASE_URL: database.url });
  expect(await tables()).toEqual(["kysely_migration", "kysely_migration_lock", "person", "pet"]);
  commit(dir, { init: true });
  console.log(
    `kysely-pg app: npm install ${seconds(started)} s, own migration ${seconds(installed)} s`,
  );
}, 300_000);

afterAll(async () => {
  await database?.drop();
  if (dir && !process.env.KEEP_APP) rmSync(dir, { recursive: true, force: true });
});

const init = () => initWithPackedRuntime(dir, ["--database", "kysely", "--providers", "email"]);

describe("an Express 5 + Kysely (pg, kysely-ctl) app", () => {
  it("takes init and migrate, signs in by email link into Kysely's User table, signs out, and stays the same on a second init", async () => {
    const petColumns = await columns("pet");
    const personColumns = await columns("person");

    let since = Date.now();
    const first = init();
    expect(first.exitCode, first.stderr + first.stdout).toBe(0);
    expect(first.stdout).toMatch(/Kysely .*PostgreSQL/);
    console.log(`kysely-pg app: init ${seconds(since)} s`);

    // One migration, named like the app's own, in its folder; the DB interface has the tables.
    const added = readdirSync(join(dir, "src/migrations")).filter((name) =>
      name.endsWith("_auth.ts"),
    );
    expect(added).toHaveLength(1);
    expect(readFileSync(join(dir, "src/types.ts"), "utf8")).toMatch(/User: \w+;/);

    since = Date.now();
    const migrate = runBin(["migrate", "--cwd", dir], { env: { DATABASE_URL: database.url } });
    expect(migrate.exitCode, migrate.stderr + migrate.stdout).toBe(0);
    console.log(`kysely-pg app: migrate ${seconds(since)} s`);
    expect(await tables()).toEqual(
      expect.arrayContaining(["Account", "Session", "User", "VerificationToken", "person", "pet"]),
    );
    expect(await columns("person")).toEqual(personColumns);
    expect(await columns("pet")).toEqual(petColumns);
    // kysely-ctl recorded it after the app's own, as its own migration.
    expect(await query("SELECT name FROM kysely_migration ORDER BY timestamp")).toEqual([
      { name: "1748736000000_people" },
      { name: added[0]!.replace(/\.ts$/, "") },
    ]);

    const smtp = await startSmtpServer();
    const app = await start(dir, "npm", ["start"], {
      DATABASE_URL: database.url,
      AUTH_EMAIL_SERVER: smtp.url,
      AUTH_EMAIL_FROM: "auth@example.com",
    });
    try {
      const { cookie: session, csrfToken } = await emailLinkSignIn(
        app.origin,
        smtp,
        "grace@example.com",
      );
      const me = await fetch(`${app.origin}/auth/session`, { headers: { cookie: session } });
      expect(await me.json(), app.server.output()).toMatchObject({
        user: { email: "grace@example.com" },
      });

      // The user is a row of the app's database, read through its own Kysely instance and types.
      const read = inApp(
        "npx",
        [
          "--no-install",
          "tsx",
          "--eval",
          `import("./src/database.ts").then(async ({ db }) => {
            console.log(JSON.stringify(await db.selectFrom("User").select(["email", "emailVerified"]).execute()));
            await db.destroy();
          });`,
        ],
        { DATABASE_URL: database.url },
      );
      expect(JSON.parse(read)).toEqual([
        { email: "grace@example.com", emailVerified: expect.any(String) },
      ]);

      const signout = await fetch(`${app.origin}/auth/signout`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: session },
        body: new URLSearchParams({ csrfToken }),
      });
      expect(signout.status, app.server.output()).toBe(302);
      const after = await fetch(`${app.origin}/auth/session`, { headers: { cookie: session } });
      expect(await after.json()).toBeNull();
    } finally {
      await app.server.stop();
      await smtp.close();
    }

    // The database session is gone from the app's Session table too.
    expect(await query('SELECT count(*)::int AS n FROM "Session"')).toEqual([{ n: 0 }]);

    expect(inApp("npm", ["run", "typecheck"])).toBeDefined();

    const settled = tree(dir);
    const second = init();
    expect(second.exitCode, second.stderr + second.stdout).toBe(0);
    expect(tree(dir)).toEqual(settled);

    const check = runBin(["check", "--cwd", dir], { env: { DATABASE_URL: database.url } });
    expect(check.exitCode, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain("No problems found");
    const online = runBin(["check", "--online", "--cwd", dir], {
      env: { DATABASE_URL: database.url },
    });
    expect(online.exitCode, online.stdout + online.stderr).toBe(0);
    expect(online.stdout).not.toContain("online-database-tables");
  }, 300_000);
});
