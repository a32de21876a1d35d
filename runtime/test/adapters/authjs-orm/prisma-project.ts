import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const require = createRequire(import.meta.url);
const run = promisify(execFile);
const prismaCli = require.resolve("prisma/build/index.js");

export type PrismaDialect = "postgresql" | "mysql" | "sqlite";

/**
 * The models the `@auth/prisma-adapter` documentation gives (authjs.dev, "Prisma" adapter page),
 * WebAuthn's `Authenticator` included. `engineType = "client"` runs the query compiler from Wasm,
 * so nothing is downloaded (Prisma's engine binaries cannot be fetched on these machines). On
 * MySQL the long values are `@db.Text`, as the documentation's MySQL variant and `init` have
 * them (Prisma's `String` is varchar(191) there).
 */
const schema = (provider: PrismaDialect) => {
  const text = provider === "mysql" ? " @db.Text" : "";
  return `generator client {
  provider   = "prisma-client-js"
  engineType = "client"
  output     = "../generated"
}

datasource db {
  provider = "${provider}"
  url      = env("DATABASE_URL")
}

model User {
  id            String          @id @default(cuid())
  name          String?
  email         String          @unique
  emailVerified DateTime?
  image         String?${text}
  accounts      Account[]
  sessions      Session[]
  Authenticator Authenticator[]
  createdAt     DateTime        @default(now())
  updatedAt     DateTime        @updatedAt
}

model Account {
  userId            String
  type              String
  provider          String
  providerAccountId String
  refresh_token     String?${text}
  access_token      String?${text}
  expires_at        Int?
  token_type        String?
  scope             String?
  id_token          String?${text}
  session_state     String?
  createdAt         DateTime @default(now())
  updatedAt         DateTime @updatedAt
  user              User     @relation(fields: [userId], references: [id], onDelete: Cascade)

  @@id([provider, providerAccountId])
}

model Session {
  sessionToken String   @unique
  userId       String
  expires      DateTime
  user         User     @relation(fields: [userId], references: [id], onDelete: Cascade)
  createdAt    DateTime @default(now())
  updatedAt    DateTime @updatedAt
}

model VerificationToken {
  identifier String
  token      String
  expires    DateTime

  @@id([identifier, token])
}

model Authenticator {
  credentialID         String  @unique
  userId               String
  providerAccountId    String
  credentialPublicKey  String${text}
  counter              Int
  credentialDeviceType String
  credentialBackedUp   Boolean
  transports           String?
  user                 User    @relation(fields: [userId], references: [id], onDelete: Cascade)

  @@id([userId, credentialID])
}
`;
};

/**
 * `prisma.config.ts` with the JavaScript schema engine (`engine: "js"`) over a driver adapter:
 * Prisma 6.16+ then needs no native binary. The pool closes idle connections at once, or the
 * CLI waits pg's default 10 s before it exits.
 */
const config = (dialect: PrismaDialect) =>
  dialect === "postgresql"
    ? `import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL, idleTimeoutMillis: 1 }),
});
`
    : dialect === "mysql"
      ? `import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { defineConfig } from "prisma/config";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => new PrismaMariaDb(process.env.DATABASE_URL!),
});
`
      : `import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { defineConfig } from "prisma/config";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => new PrismaLibSQL({ url: process.env.DATABASE_URL! }),
});
`;

/**
 * A Prisma project for one dialect, with its client generated. It lives under the runtime's
 * node_modules (not the OS temp folder) because both the generated client and prisma.config.ts
 * resolve `@prisma/client` and the adapters from where they sit.
 */
export async function prismaProject(dialect: PrismaDialect, databaseUrl: string) {
  const cache = join(import.meta.dirname, "../../../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, `authjs-prisma-${dialect}-`));
  mkdirSync(join(dir, "prisma"));
  writeFileSync(join(dir, "prisma/schema.prisma"), schema(dialect));
  writeFileSync(join(dir, "prisma.config.ts"), config(dialect));
  const prisma = async (...args: string[]) => {
    const env = { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1" };
    try {
      return (await run(process.execPath, [prismaCli, ...args], { cwd: dir, env })).stdout;
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`prisma ${args.join(" ")} failed:\n${stdout}\n${stderr}`, { cause: error });
    }
  };
  await prisma("generate");
  return {
    dir,
    /** Runs the Prisma CLI in the project; resolves to its standard output. */
    prisma,
    /** The SQL Prisma's own differ writes for the schema, from an empty database. */
    createTablesSql: () =>
      prisma(
        "migrate",
        "diff",
        "--from-empty",
        "--to-schema-datamodel",
        "prisma/schema.prisma",
        "--script",
      ),
    /** The generated `PrismaClient` class. */
    async clientClass() {
      const generated = await import(pathToFileURL(join(dir, "generated/index.js")).href);
      return (generated.default ?? generated).PrismaClient as new (options: {
        adapter: unknown;
      }) => PrismaClientLike;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The part of a generated client the tests touch (the adapter takes the whole client). */
export interface PrismaClientLike {
  user: {
    findUnique(args: { where: { email: string } }): Promise<{ id: string; email: string } | null>;
  };
  session: { deleteMany(args: { where: { userId: string } }): Promise<unknown> };
  $disconnect(): Promise<void>;
}
