import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { PrismaDetection } from "../../src/orm/prisma/detect.js";
import { prisma } from "../../src/orm/prisma/index.js";
import { PlanBuilder } from "../../src/plan/change-set.js";
import { readPackageJson } from "../../src/project/package-json.js";

/**
 * Small Prisma projects written by the tests: schemas as `prisma format` leaves them (the CLI
 * test checks that), so a schema edit that breaks the layout shows.
 */

export const GENERATOR = `generator client {
  provider = "prisma-client-js"
}`;

/** What a driver-adapter set-up needs to run without engine binaries. */
export const CLIENT_ENGINE = `generator client {
  provider   = "prisma-client-js"
  engineType = "client"
}`;

export const datasource = (provider: string, url = 'env("DATABASE_URL")') => `datasource db {
  provider = "${provider}"
  url      = ${url}
}`;

export const POST_MODEL = (userId = "String") => `model Post {
  id       Int    @id @default(autoincrement())
  title    String
  authorId ${userId}
  author   User   @relation(fields: [authorId], references: [id])
}`;

/** A schema file: blocks one blank line apart. */
export const schema = (...blocks: string[]) => `${blocks.join("\n\n")}\n`;

export function scratchRoot(prefix: string): {
  make: (files: Record<string, string>) => string;
  cleanup: () => void;
} {
  const base = mkdtempSync(join(tmpdir(), prefix));
  let count = 0;
  return {
    make(files) {
      const root = join(base, `p${count++}`);
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      return root;
    },
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

export const packageJson = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: "app",
    type: "module",
    dependencies: { "@prisma/client": "^6.16.0", express: "^5.1.0" },
    devDependencies: { prisma: "^6.16.0" },
    ...extra,
  });

export const CLIENT_MODULE = `import { PrismaClient } from "@prisma/client";

export const prisma = new PrismaClient();
`;

export function detectIn(root: string): PrismaDetection | undefined {
  return prisma.detect(root, readPackageJson(root));
}

/** Runs planSchema on a project; returns the planned files and manual steps. */
export function planIn(root: string) {
  const detection = detectIn(root);
  if (!detection) throw new Error(`no Prisma detected in ${root}`);
  const plan = new PlanBuilder(root);
  prisma.planSchema(plan, detection);
  return plan.build();
}

/**
 * The schema cases every edit test and the real-CLI test share: a project (files) whose schema
 * planSchema edits. `schemaPath` is the file or folder handed to `prisma`.
 */
export interface SchemaCase {
  name: string;
  files: Record<string, string>;
  schemaPath: string;
}

const db = (name: string, body: string) => ({
  "package.json": packageJson(),
  "src/db.ts": CLIENT_MODULE,
  [name]: body,
});

export const schemaCases: SchemaCase[] = [
  {
    name: "fresh postgresql schema",
    files: db("prisma/schema.prisma", schema(GENERATOR, datasource("postgresql"))),
    schemaPath: "prisma/schema.prisma",
  },
  {
    name: "User with cuid ids (postgresql)",
    files: db(
      "prisma/schema.prisma",
      schema(
        GENERATOR,
        datasource("postgresql"),
        `/// People who use the app.
model User {
  id    String @id @default(cuid())
  email String @unique // their login
  posts Post[]
}`,
        POST_MODEL(),
      ),
    ),
    schemaPath: "prisma/schema.prisma",
  },
  {
    name: "User with uuid ids in a native uuid column (postgresql)",
    files: db(
      "prisma/schema.prisma",
      schema(
        GENERATOR,
        datasource("postgresql"),
        `model User {
  id        String   @id @default(uuid()) @db.Uuid
  email     String   @unique
  createdAt DateTime @default(now())

  @@map("users")
}`,
      ),
    ),
    schemaPath: "prisma/schema.prisma",
  },
  {
    name: "User with integer ids (mysql)",
    files: db(
      "prisma/schema.prisma",
      schema(
        GENERATOR,
        datasource("mysql"),
        `model User {
  id    Int     @id @default(autoincrement())
  email String  @unique
  name  String?
  posts Post[]
}`,
        POST_MODEL("Int"),
      ),
    ),
    schemaPath: "prisma/schema.prisma",
  },
  {
    name: "User with an email that is not unique and required fields (sqlite)",
    files: db(
      "prisma/schema.prisma",
      schema(
        CLIENT_ENGINE,
        datasource("sqlite", '"file:./dev.db"'),
        `model User {
  id       String @id @default(cuid())
  email    String
  username String @unique
  password String
  role     Role   @default(USER)
  posts    Post[]
}`,
        `enum Role {
  USER
  ADMIN
}`,
        POST_MODEL(),
      ),
    ),
    schemaPath: "prisma/schema.prisma",
  },
  {
    name: "User.sessions is the app's own relation (postgresql)",
    files: db(
      "prisma/schema.prisma",
      schema(
        GENERATOR,
        datasource("postgresql"),
        `model User {
  id       String        @id @default(cuid())
  email    String?       @unique
  sessions UserSession[]
}`,
        `model UserSession {
  id     Int    @id @default(autoincrement())
  userId String
  user   User   @relation(fields: [userId], references: [id])
}`,
      ),
    ),
    schemaPath: "prisma/schema.prisma",
  },
  {
    name: "multi-file schema folder with the User in its own file (postgresql)",
    files: {
      "package.json": packageJson(),
      "src/db.ts": CLIENT_MODULE,
      "prisma/schema/schema.prisma": schema(GENERATOR, datasource("postgresql")),
      "prisma/schema/user.prisma": schema(`model User {
  id    String @id @default(cuid())
  email String @unique
  posts Post[]
}`),
      "prisma/schema/post.prisma": schema(POST_MODEL()),
    },
    schemaPath: "prisma/schema",
  },
];
