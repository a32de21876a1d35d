import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { createClient } from "@libsql/client";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { PrismaPg } from "@prisma/adapter-pg";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Adapter } from "../../../src/adapters.js";
import { describeAdapterConformance } from "../conformance.js";
import {
  type ThrowawayDatabase,
  throwawayMariaDb,
  throwawayPostgres,
  throwawaySqlite,
} from "./databases.js";
import { describeMagicLinkFlow } from "./flow.js";
import { PRISMA_MYSQL_TABLES } from "./prisma-mysql-tables.js";
import { type PrismaClientLike, type PrismaDialect, prismaProject } from "./prisma-project.js";

/**
 * `@auth/prisma-adapter` over Prisma 6 with driver adapters. Tables come from Prisma's own
 * differ (`prisma migrate diff --from-empty --script`): `prisma db push` fails on PostgreSQL
 * through the Wasm schema engine (prisma/orm#27403, "Column type 'name' could not be
 * deserialized") and, on SQLite, only exits a minute after it has finished (a 60 s timer in the
 * engine). `prisma db execute` applies the script on PostgreSQL; on SQLite it runs only the first
 * statement through `@prisma/adapter-libsql`, so the libsql client runs the script there. On
 * MariaDB the differ cannot run offline (prisma-mysql-tables.ts), so the tables are Prisma's
 * MySQL DDL written out, applied with mysql2; the client, query compiler and
 * `@prisma/adapter-mariadb` are Prisma's.
 */
interface Setup {
  database: ThrowawayDatabase;
  project: Awaited<ReturnType<typeof prismaProject>>;
  client: PrismaClientLike;
  adapter: Adapter;
}

async function setUp(dialect: PrismaDialect): Promise<Setup> {
  const database =
    dialect === "postgresql"
      ? await throwawayPostgres("ca_prisma")
      : dialect === "mysql"
        ? await throwawayMariaDb("ca_prisma")
        : throwawaySqlite("create-auth-prisma");
  const project = await prismaProject(dialect, database.url);
  if (dialect === "postgresql") {
    const file = join(project.dir, "auth.sql");
    writeFileSync(file, await project.createTablesSql());
    await project.prisma("db", "execute", "--schema", "prisma/schema.prisma", "--file", file);
  } else if (dialect === "mysql") {
    const connection = await mysql.createConnection({
      uri: database.url,
      multipleStatements: true,
    });
    await connection.query(PRISMA_MYSQL_TABLES);
    await connection.end();
  } else {
    const libsql = createClient({ url: database.url });
    await libsql.executeMultiple(await project.createTablesSql());
    libsql.close();
  }
  const PrismaClient = await project.clientClass();
  const driver =
    dialect === "postgresql"
      ? new PrismaPg({ connectionString: database.url })
      : dialect === "mysql"
        ? new PrismaMariaDb(database.url)
        : new PrismaLibSQL({ url: database.url });
  const client = new PrismaClient({ adapter: driver });
  return { database, project, client, adapter: PrismaAdapter(client as never) as Adapter };
}

for (const [name, dialect, options] of [
  // PostgreSQL refuses a NUL byte in a text parameter; Prisma passes the error on.
  ["PostgreSQL (@prisma/adapter-pg)", "postgresql", { unprintableTokens: false }],
  ["SQLite (@prisma/adapter-libsql)", "sqlite", {}],
  // Prisma's `delete` on MySQL reads the row, then deletes it (no RETURNING): concurrent uses of
  // one token all get it back. The runtime's in-process guard covers one instance (the flow below).
  ["MariaDB (@prisma/adapter-mariadb)", "mysql", { atomicVerificationTokens: false }],
] as const) {
  describe(`@auth/prisma-adapter on ${name}`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await setUp(dialect);
    }, 120_000);
    afterAll(async () => {
      await setup?.client.$disconnect();
      await setup?.database.drop();
      setup?.project.remove();
    });

    it("the documented tables are there and the generated client reads them", async () => {
      expect(
        await setup.client.user.findUnique({ where: { email: "nobody@example.com" } }),
      ).toBeNull();
    });

    describeAdapterConformance(`@auth/prisma-adapter on ${name}`, () => setup.adapter, {
      ...options,
      // Prisma's `delete`/`update` throw P2025 ("Record to delete does not exist") for a row
      // that is not there, where the interface's other adapters answer null.
      missingRows: "throw",
      // Hence also no "No user with id" message for unknown ids (P2025 instead).
      outOfRangeIds: false,
      // create-auth's extension; Auth.js's adapters do not have it and the runtime does without.
      listAccounts: false,
    });

    describeMagicLinkFlow(`@auth/prisma-adapter on ${name}`, () => ({
      adapter: setup.adapter,
      userRow: (email) => setup.client.user.findUnique({ where: { email } }),
      deleteSessionRows: async (userId) => {
        await setup.client.session.deleteMany({ where: { userId } });
      },
    }));
  });
}
