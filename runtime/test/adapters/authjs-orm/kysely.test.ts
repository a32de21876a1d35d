import { type Database, KyselyAdapter } from "@auth/kysely-adapter";
import {
  type ColumnDataType,
  CompiledQuery,
  Kysely,
  type Migration,
  Migrator,
  MysqlDialect,
  PostgresDialect,
  SqliteDialect,
  sql,
} from "kysely";
import Sqlite from "libsql";
import { createPool } from "mysql2";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters.js";
import { describeAdapterConformance } from "../conformance.js";
import { describeFullSignInFlows, postgresRecords } from "../full-flows.js";
import {
  type ThrowawayDatabase,
  throwawayMariaDb,
  throwawayPostgres,
  throwawaySqlite,
} from "./databases.js";
import { describeMagicLinkFlow } from "./flow.js";

type Dialect = "postgresql" | "mysql" | "sqlite";

/**
 * The migration the `@auth/kysely-adapter` documentation gives (authjs.dev, "Kysely" adapter
 * page), per dialect: uuid ids (text on SQLite, varchar(36) on MySQL), timestamps with time zone
 * on PostgreSQL.
 */
function authMigration(dialect: Dialect): Migration {
  const id: ColumnDataType =
    dialect === "postgresql" ? "uuid" : dialect === "mysql" ? "varchar(36)" : "text";
  const text: ColumnDataType = dialect === "mysql" ? "varchar(255)" : "text";
  // Accounts and sessions get their ids from the database: the adapter inserts none.
  const generatedId =
    dialect === "postgresql"
      ? sql`gen_random_uuid()`
      : dialect === "mysql"
        ? sql`(UUID())`
        : sql`(lower(hex(randomblob(16))))`;
  const time: ColumnDataType =
    dialect === "postgresql" ? "timestamptz" : dialect === "mysql" ? "timestamp(3)" : "text";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("User")
        .addColumn("id", id, (col) => col.primaryKey())
        .addColumn("name", text)
        .addColumn("email", text, (col) => col.unique().notNull())
        .addColumn("emailVerified", time)
        .addColumn("image", text)
        .execute();
      await db.schema
        .createTable("Account")
        .addColumn("id", id, (col) => col.primaryKey().defaultTo(generatedId))
        .addColumn("userId", id, (col) => col.references("User.id").onDelete("cascade").notNull())
        .addColumn("type", text, (col) => col.notNull())
        .addColumn("provider", text, (col) => col.notNull())
        .addColumn("providerAccountId", text, (col) => col.notNull())
        .addColumn("refresh_token", "text")
        .addColumn("access_token", "text")
        .addColumn("expires_at", "bigint")
        .addColumn("token_type", text)
        .addColumn("scope", text)
        .addColumn("id_token", "text")
        .addColumn("session_state", text)
        .execute();
      await db.schema
        .createTable("Session")
        .addColumn("id", id, (col) => col.primaryKey().defaultTo(generatedId))
        .addColumn("userId", id, (col) => col.references("User.id").onDelete("cascade").notNull())
        .addColumn("sessionToken", text, (col) => col.notNull().unique())
        .addColumn("expires", time, (col) => col.notNull())
        .execute();
      await db.schema
        .createTable("VerificationToken")
        .addColumn("identifier", text, (col) => col.notNull())
        .addColumn("token", text, (col) => col.notNull().unique())
        .addColumn("expires", time, (col) => col.notNull())
        .execute();
      await db.schema.createIndex("Account_userId_index").on("Account").column("userId").execute();
      await db.schema.createIndex("Session_userId_index").on("Session").column("userId").execute();
    },
  };
}

async function open(dialect: Dialect, database: ThrowawayDatabase) {
  if (dialect === "postgresql") {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }),
    });
  }
  if (dialect === "mysql") {
    return new Kysely<Database>({
      dialect: new MysqlDialect({ pool: createPool({ uri: database.url, connectionLimit: 4 }) }),
    });
  }
  // `libsql` (prebuilt binaries on npm) speaks better-sqlite3's API: no native build here.
  const file = new Sqlite(database.name);
  file.exec("PRAGMA foreign_keys = ON");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: file as never }) });
}

for (const [name, dialect, options] of [
  // A uuid column refuses "not-an-id" (PostgreSQL error 22P02) and a NUL byte in text.
  ["PostgreSQL (pg)", "postgresql", { unprintableTokens: false, malformedIds: false }],
  // No RETURNING on MySQL: the adapter reads the token, then deletes it, so concurrent uses of
  // one link all get it (docs/decisions.md, "Auth.js ORM adapters").
  ["MariaDB (mysql2)", "mysql", { atomicVerificationTokens: false }],
  ["SQLite (libsql)", "sqlite", {}],
] as const) {
  describe(`@auth/kysely-adapter on ${name}`, () => {
    let database: ThrowawayDatabase;
    let db: Kysely<Database>;
    beforeAll(async () => {
      database =
        dialect === "postgresql"
          ? await throwawayPostgres("ca_kysely")
          : dialect === "mysql"
            ? await throwawayMariaDb("ca_kysely")
            : throwawaySqlite("create-auth-kysely");
      db = await open(dialect, database);
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => ({ "0001_auth": authMigration(dialect) }) },
      });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
    }, 60_000);
    afterAll(async () => {
      await db?.destroy();
      await database?.drop();
    });

    it("Kysely's migrator created the documented tables", async () => {
      expect(await db.selectFrom("User").selectAll().execute()).toEqual([]);
    });

    describeAdapterConformance(
      `@auth/kysely-adapter on ${name}`,
      () => KyselyAdapter(db) as Adapter,
      {
        ...options,
        // `updateSession` and (with RETURNING) the deletes take the first row "or throw" ("no
        // result"); updateUser of an unknown id throws that too, not "No user with id".
        missingRows: "either",
        outOfRangeIds: false,
        // The adapter has no authenticator methods, and not create-auth's listAccountsByUserId.
        webauthn: false,
        listAccounts: false,
      },
    );

    describeMagicLinkFlow(`@auth/kysely-adapter on ${name}`, () => ({
      adapter: KyselyAdapter(db) as Adapter,
      userRow: async (email) =>
        (await db.selectFrom("User").selectAll().where("email", "=", email).executeTakeFirst()) ??
        null,
      deleteSessionRows: async (userId) => {
        await db.deleteFrom("Session").where("userId", "=", userId).execute();
      },
    }));

    // The SMTP and OpenID Connect sign-ins once, on PostgreSQL (the dialects differ in storage,
    // which the flow above and the conformance suite cover).
    if (dialect === "postgresql") {
      describeFullSignInFlows(`@auth/kysely-adapter on ${name}`, () => ({
        adapter: KyselyAdapter(db) as Adapter,
        records: postgresRecords(
          async (text, values) =>
            (await db.executeQuery(CompiledQuery.raw(text, values))) as {
              rows: Record<string, unknown>[];
            },
          {
            users: "User",
            accounts: "Account",
            sessions: "Session",
            verificationTokens: "VerificationToken",
          },
        ),
      }));
    }
  });
}
