import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "../../src/errors.js";
import { prismaUnusable } from "../../src/orm/prisma/detect.js";
import { prisma } from "../../src/orm/prisma/index.js";
import { SNAPSHOT } from "../../src/orm/prisma/js-engine-migration.js";
import { detectOrms } from "../../src/orm/registry.js";
import type { ImportContext } from "../../src/orm/types.js";
import { readPackageJson } from "../../src/project/package-json.js";
import {
  CLIENT_ENGINE,
  CLIENT_MODULE,
  datasource,
  detectIn,
  GENERATOR,
  packageJson,
  planIn,
  schema,
  scratchRoot,
} from "./prisma-fixtures.js";

// Detection, adapter wiring and migration commands on small Prisma projects as apps lay them out.

const scratch = scratchRoot("prisma-detect-");
afterAll(() => scratch.cleanup());

const PG = schema(GENERATOR, datasource("postgresql"));
const esm: ImportContext = { configFile: "src/auth.ts", kind: "esm", withExtension: true };

const ADAPTER_PROJECT = {
  "package.json": packageJson({
    dependencies: { "@prisma/client": "^6.16.0", "@prisma/adapter-pg": "^6.16.0" },
  }),
  "prisma.config.ts": `import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "db/schema.prisma",
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL });
  },
});
`,
  "db/schema.prisma": schema(
    `generator client {
  provider   = "prisma-client"
  output     = "../src/generated/prisma"
  engineType = "client"
}`,
    datasource("postgresql"),
  ),
};

describe("Prisma detection", () => {
  it("finds a classic set-up: schema, provider, generator and the exported client, with evidence", () => {
    const root = scratch.make({
      "package.json": packageJson(),
      "prisma/schema.prisma": PG,
      "src/db.ts": CLIENT_MODULE,
    });
    const found = detectIn(root)!;
    expect(found.dialect).toBe("postgresql");
    expect(found.client).toMatchObject({ file: "src/db.ts", name: "prisma" });
    expect(found.evidence).toBe(
      'prisma/schema.prisma: datasource provider "postgresql", client in src/db.ts',
    );
    expect(found.info.generator).toMatchObject({ provider: "prisma-client-js", output: undefined });
    expect(found.info.driverAdapter).toBe(false);
    expect(found.version).toBe("^6.16.0");
    expect(detectOrms(root, readPackageJson(root)).map((d) => d.orm)).toEqual(["prisma"]);
  });

  it("prefers the installed version to the declared range", () => {
    const root = scratch.make({
      "package.json": packageJson(),
      "prisma/schema.prisma": PG,
      "node_modules/prisma/package.json": JSON.stringify({ name: "prisma", version: "6.19.3" }),
    });
    expect(detectIn(root)!.version).toBe("6.19.3");
  });

  it("reads a driver-adapter set-up: prisma.config.ts schema, the prisma-client generator and its output", () => {
    const root = scratch.make({
      ...ADAPTER_PROJECT,
      "src/db.ts": `import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client.js";

const adapter = new PrismaPg({ connectionString: process.env.DATABASE_URL });
export const db = new PrismaClient({ adapter });
`,
    });
    const found = detectIn(root)!;
    expect(found.info.schema).toMatchObject({
      path: "db/schema.prisma",
      multiFile: false,
      from: 'prisma.config.ts "schema"',
    });
    expect(found.info.generator).toEqual({
      provider: "prisma-client",
      output: "src/generated/prisma",
      engineType: "client",
      previewFeatures: [],
    });
    expect(found.info.driverAdapter).toBe(true);
    expect(found.client).toMatchObject({ file: "src/db.ts", name: "db" });
    expect(found.evidence).toContain("driver adapter");
    expect(prisma.wiring(found, esm)).toEqual({
      imports: [
        { from: "@auth/prisma-adapter", named: ["PrismaAdapter"] },
        { from: "./db.js", named: ["db"] },
      ],
      expression: "PrismaAdapter(db)",
    });
  });

  it("reads a config schema written as path.join of literals (create-better-t-stack's), and says when it cannot", () => {
    const config = (schema: string) =>
      `import path from "node:path";\nimport { defineConfig } from "prisma/config";\n\nexport default defineConfig({\n  schema: ${schema},\n  migrations: { path: path.join("db", "migrations") },\n});\n`;
    const folder = {
      "package.json": packageJson(),
      "db/schema/base.prisma": schema(GENERATOR, datasource("postgresql")),
    };
    const joined = detectIn(
      scratch.make({ ...folder, "prisma.config.ts": config('path.join("db", "schema")') }),
    )!;
    expect(joined.info.schema).toMatchObject({
      path: "db/schema",
      multiFile: true,
      from: 'prisma.config.ts "schema"',
    });
    expect(joined.warnings).toEqual([]);
    const computed = scratch.make({
      ...folder,
      "prisma/schema.prisma": PG,
      "prisma.config.ts": config('path.join(process.cwd(), "db", "schema")'),
    });
    const found = detectIn(computed)!;
    expect(found.info.schema.path).toBe("prisma/schema.prisma");
    expect(found.warnings).toContain(
      'prisma.config.ts computes its "schema" path; the default locations were searched.',
    );
  });

  it("refuses to guess a driver-adapter client that is not exported, naming the file", () => {
    const root = scratch.make({
      ...ADAPTER_PROJECT,
      "src/server.ts": `import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client.js";

const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: "x" }) });
`,
    });
    const found = detectIn(root)!;
    expect(found.client).toBeUndefined();
    expect(found.warnings).toContain("src/server.ts:4 creates a PrismaClient it does not export.");
    let error: unknown;
    try {
      prisma.wiring(found, esm);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).code).toBe("prisma_client_not_exported");
    expect((error as CliError).message).toMatch(
      /^Export the PrismaClient .* from src\/server\.ts:4 /,
    );
  });

  it("finds the globalThis singleton of the Auth.js docs", () => {
    const root = scratch.make({
      "package.json": packageJson(),
      "prisma/schema.prisma": PG,
      "lib/prisma.ts": `import { PrismaClient } from "@prisma/client";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };
export const prisma = globalForPrisma.prisma ?? new PrismaClient();
if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = prisma;
`,
    });
    expect(detectIn(root)!.client).toMatchObject({ file: "lib/prisma.ts", name: "prisma" });
  });

  it("wires a CommonJS module.exports client and a default export", () => {
    const cjs = scratch.make({
      "package.json": packageJson({ type: "commonjs" }),
      "prisma/schema.prisma": PG,
      "src/db.js": `const { PrismaClient } = require("@prisma/client");

const prisma = new PrismaClient();
module.exports = prisma;
`,
    });
    const found = detectIn(cjs)!;
    expect(found.client).toMatchObject({ file: "src/db.js", name: "module.exports" });
    const context: ImportContext = {
      configFile: "src/auth.js",
      kind: "cjs",
      withExtension: true,
    };
    expect(prisma.wiring(found, context)).toEqual({
      imports: [
        { from: "@auth/prisma-adapter", named: ["PrismaAdapter"] },
        { from: "./db.js", whole: "prisma" },
      ],
      expression: "PrismaAdapter(prisma)",
    });
    const esmDefault = scratch.make({
      "package.json": packageJson(),
      "prisma/schema.prisma": PG,
      "src/database.ts":
        'import { PrismaClient } from "@prisma/client";\n\nexport default new PrismaClient();\n',
    });
    expect(prisma.wiring(detectIn(esmDefault)!, esm).imports[1]).toEqual({
      from: "./database.js",
      default: "prisma",
    });
  });

  it("creates the client from the generated output when the app exports none (classic set-up)", () => {
    const root = scratch.make({
      "package.json": packageJson(),
      "prisma/schema.prisma": schema(
        `generator client {
  provider = "prisma-client-js"
  output   = "../generated/client"
}`,
        datasource("mysql"),
      ),
    });
    const found = detectIn(root)!;
    expect(found.dialect).toBe("mysql");
    expect(found.evidence).toContain("no exported client");
    expect(prisma.wiring(found, esm)).toEqual({
      imports: [
        { from: "@auth/prisma-adapter", named: ["PrismaAdapter"] },
        { from: "../generated/client/index.js", named: ["PrismaClient"] },
      ],
      expression: "PrismaAdapter(new PrismaClient())",
    });
    const newGenerator = scratch.make({
      "package.json": packageJson(),
      "prisma/schema.prisma": schema(
        `generator client {
  provider = "prisma-client"
  output   = "../src/generated/prisma"
}`,
        datasource("postgresql"),
      ),
    });
    expect(prisma.wiring(detectIn(newGenerator)!, esm).imports[1]).toEqual({
      from: "./generated/prisma/client.js",
      named: ["PrismaClient"],
    });
    const plain = scratch.make({ "package.json": packageJson(), "prisma/schema.prisma": PG });
    expect(prisma.wiring(detectIn(plain)!, { ...esm, withExtension: false }).imports[1]).toEqual({
      from: "@prisma/client",
      named: ["PrismaClient"],
    });
  });

  it("reads a multi-file schema folder, the package.json schema setting and root schema.prisma", () => {
    const folder = scratch.make({
      "package.json": packageJson(),
      "prisma/schema/base.prisma": schema(GENERATOR, datasource("sqlite", '"file:./dev.db"')),
      "prisma/schema/user.prisma": schema(
        "model User {\n  id Int @id @default(autoincrement())\n}",
      ),
    });
    const found = detectIn(folder)!;
    expect(found.info.schema).toMatchObject({
      path: "prisma/schema",
      multiFile: true,
      files: ["prisma/schema/base.prisma", "prisma/schema/user.prisma"],
    });
    expect(found.dialect).toBe("sqlite");
    expect(found.info.ids).toMatchObject({ kind: "autoincrement", type: "Int" });
    expect(found.info.userFile).toBe("prisma/schema/user.prisma");
    expect(found.warnings.join("\n")).toMatch(/User\.id is Int: with JWT sessions/);

    const declared = scratch.make({
      "package.json": packageJson({ prisma: { schema: "database/app.prisma" } }),
      "database/app.prisma": PG,
      "prisma/schema.prisma": schema(GENERATOR, datasource("mysql")),
    });
    expect(detectIn(declared)!.info.schema).toMatchObject({
      path: "database/app.prisma",
      from: 'package.json "prisma.schema"',
    });
    expect(detectIn(declared)!.dialect).toBe("postgresql");

    const rootSchema = scratch.make({ "package.json": packageJson(), "schema.prisma": PG });
    expect(detectIn(rootSchema)!.info.schema.path).toBe("schema.prisma");
  });

  it("reads the id convention of User, else of the first model", () => {
    const ids = (models: string) =>
      detectIn(
        scratch.make({
          "package.json": packageJson(),
          "prisma/schema.prisma": schema(GENERATOR, datasource("postgresql"), models),
        }),
      )!.info.ids;
    expect(ids("model User {\n  id String @id @default(uuid(7))\n}")).toMatchObject({
      kind: "uuid",
      default: "@default(uuid(7))",
    });
    expect(
      ids('model User {\n  id String @id @default(dbgenerated("gen_random_uuid()")) @db.Uuid\n}'),
    ).toMatchObject({
      kind: "uuid",
      native: "@db.Uuid",
    });
    expect(ids("model User {\n  id String @id\n}")).toMatchObject({ kind: "none", type: "String" });
    expect(ids("model Post {\n  id BigInt @id @default(autoincrement())\n}")).toMatchObject({
      kind: "autoincrement",
      type: "BigInt",
    });
    expect(ids("")).toMatchObject({ kind: "cuid", type: "String" });
  });

  it("does not offer an unsupported provider, and says why", () => {
    const root = scratch.make({
      "package.json": packageJson(),
      "prisma/schema.prisma": schema(GENERATOR, datasource("mongodb")),
    });
    expect(detectIn(root)).toBeUndefined();
    expect(prismaUnusable(root, readPackageJson(root))).toBe(
      'prisma/schema.prisma: datasource provider "mongodb" is not supported (PostgreSQL, MySQL/MariaDB and SQLite are); choose another --database.',
    );
    const none = scratch.make({
      "package.json": JSON.stringify({ name: "x", dependencies: { express: "5" } }),
    });
    expect(detectIn(none)).toBeUndefined();
    expect(prismaUnusable(none, readPackageJson(none))).toBeUndefined();
  });

  it("asks for the adapter the compatibility suite covers, and @prisma/client only when missing", () => {
    const root = scratch.make({ "package.json": packageJson(), "prisma/schema.prisma": PG });
    const found = detectIn(root)!;
    expect(prisma.adapterSpec(found)).toBe("@auth/prisma-adapter@^2.11.3");
    expect(prisma.extraPackages?.(found)).toEqual([]);
    const cliOnly = scratch.make({
      "package.json": JSON.stringify({ name: "x", devDependencies: { prisma: "6.19.3" } }),
      "prisma/schema.prisma": PG,
    });
    expect(prisma.extraPackages?.(detectIn(cliOnly)!)).toEqual(["@prisma/client@6.19.3"]);
  });
});

describe("Prisma migration commands", () => {
  const sqlite = schema(CLIENT_ENGINE, datasource("sqlite", '"file:./dev.db"'));
  const plan = (files: Record<string, string>) => {
    const root = scratch.make(files);
    return prisma.migration(root, detectIn(root)!);
  };
  const line = (p: ReturnType<typeof plan>) => p.steps.map((s) => [s.command, ...s.args].join(" "));

  it("runs prisma migrate dev --name auth through the project's package manager", () => {
    expect(line(plan({ "package.json": packageJson(), "prisma/schema.prisma": PG }))).toEqual([
      "npx --no-install prisma migrate dev --name auth",
    ]);
    const pnpm = plan({
      "package.json": packageJson(),
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
      "prisma/schema.prisma": PG,
    });
    expect(line(pnpm)).toEqual(["pnpm exec prisma migrate dev --name auth"]);
    expect(pnpm.printOnly).toBeUndefined();
  });

  it("runs prisma generate after migrating on Prisma 7, whose migrate dev and db push no longer do", () => {
    const seven = (extra: Record<string, unknown>, files: Record<string, string> = {}) =>
      plan({
        "package.json": packageJson({
          dependencies: { "@prisma/client": "^7.2.0" },
          devDependencies: { prisma: "^7.2.0" },
          ...extra,
        }),
        "prisma/schema.prisma": PG,
        ...files,
      });
    expect(line(seven({}))).toEqual([
      "npx --no-install prisma migrate dev --name auth",
      "npx --no-install prisma generate",
    ]);
    expect(line(seven({ scripts: { "db:push": "prisma db push" } }))).toEqual([
      "npx --no-install prisma db push",
      "npx --no-install prisma generate",
    ]);
    // The installed version wins over the declared range.
    const installed = seven(
      {},
      { "node_modules/prisma/package.json": JSON.stringify({ name: "prisma", version: "6.19.3" }) },
    );
    expect(line(installed)).toEqual(["npx --no-install prisma migrate dev --name auth"]);
  });

  it("uses db push only for an app without migrations whose scripts push", () => {
    const scripts = { scripts: { "db:sync": "prisma db push && prisma generate" } };
    expect(
      line(plan({ "package.json": packageJson(scripts), "prisma/schema.prisma": PG })),
    ).toEqual(["npx --no-install prisma db push"]);
    const migrated = plan({
      "package.json": packageJson(scripts),
      "prisma/schema.prisma": PG,
      "prisma/migrations/20250101000000_init/migration.sql": "CREATE TABLE x (id int);\n",
    });
    expect(line(migrated)).toEqual(["npx --no-install prisma migrate dev --name auth"]);
  });

  it("prints the migration instead of running it through the Wasm schema engine", () => {
    const adapterPlan = plan({ ...ADAPTER_PROJECT, "src/db.ts": CLIENT_MODULE });
    expect(line(adapterPlan)).toEqual(["npx --no-install prisma migrate dev --name auth"]);
    expect(adapterPlan.printOnly).toMatch(/^prisma\.config\.ts sets engine: "js"/);
    const config = ADAPTER_PROJECT["prisma.config.ts"].replace(
      "db/schema.prisma",
      "prisma/schema.prisma",
    );
    const push = { scripts: { dev: "prisma db push && tsx src/server.ts" } };
    const sqlitePush = plan({
      "package.json": packageJson(push),
      "prisma.config.ts": config,
      "prisma/schema.prisma": sqlite,
    });
    expect(line(sqlitePush)).toEqual(["npx --no-install prisma db push"]);
    expect(sqlitePush.printOnly).toBeUndefined();
  });

  it("migrates PostgreSQL on engine js from the schema init kept: diff, execute, resolve, generate", () => {
    const folder = "db/migrations/20261126120000_auth";
    const files = {
      ...ADAPTER_PROJECT,
      "db/migrations/20260101000000_init/migration.sql": "CREATE TABLE x (id int);\n",
      [`${folder}/${SNAPSHOT}`]: PG,
    };
    expect(line(plan(files))).toEqual([
      `npx --no-install prisma migrate diff --from-schema-datamodel ${folder}/${SNAPSHOT} --to-schema-datamodel db/schema.prisma --script --output ${folder}/migration.sql`,
      `npx --no-install prisma db execute --schema db/schema.prisma --file ${folder}/migration.sql`,
      "npx --no-install prisma migrate resolve --applied 20261126120000_auth",
      "npx --no-install prisma generate",
    ]);
    expect(plan(files).printOnly).toBeUndefined();
    // Written by an earlier run that stopped before applying it: applied as it is.
    const written = plan({ ...files, [`${folder}/migration.sql`]: "CREATE TABLE y (id int);\n" });
    expect(line(written)[0]).toMatch(/ db execute /);
    expect(line(written)).toHaveLength(3);
  });

  it("never resets or drops data", () => {
    const cases = [
      plan({ "package.json": packageJson(), "prisma/schema.prisma": PG }),
      plan({
        "package.json": packageJson({ scripts: { s: "prisma db push" } }),
        "prisma/schema.prisma": sqlite,
      }),
      plan({ ...ADAPTER_PROJECT }),
      plan({ ...ADAPTER_PROJECT, [`db/migrations/20260101000000_auth/${SNAPSHOT}`]: PG }),
    ];
    for (const command of cases.flatMap(line))
      expect(command).not.toMatch(/reset|--accept-data-loss|--force-reset/);
  });
});

describe("the schema before auth, kept for Prisma's engine js on PostgreSQL", () => {
  const migrated = {
    ...ADAPTER_PROJECT,
    "db/migrations/20260101000000_init/migration.sql": "CREATE TABLE x (id int);\n",
  };
  const snapshots = (files: Record<string, string>) =>
    planIn(scratch.make(files)).files.filter((f) => f.path.endsWith(SNAPSHOT));

  it("is written beside the migrations, as the schema was, when init extends the schema", () => {
    const [snapshot, ...more] = snapshots(migrated);
    expect(more).toEqual([]);
    expect(snapshot?.path).toMatch(new RegExp(`^db/migrations/\\d{14}_auth/${SNAPSHOT}$`));
    expect(snapshot?.after).toBe(migrated["db/schema.prisma"]);
  });

  it("is not written without a migrations folder, or where migrate dev works", () => {
    expect(snapshots(ADAPTER_PROJECT)).toEqual([]);
    const classic = migrated["prisma.config.ts"].replace('  engine: "js",\n', "");
    expect(snapshots({ ...migrated, "prisma.config.ts": classic })).toEqual([]);
  });

  it("is not written again once the schema has auth", () => {
    const root = scratch.make(migrated);
    for (const change of planIn(root).files) {
      mkdirSync(dirname(join(root, change.path)), { recursive: true });
      writeFileSync(join(root, change.path), change.after);
    }
    expect(planIn(root).files).toEqual([]);
  });
});
