import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "../../src/errors.js";
import type { KyselyDetection } from "../../src/orm/kysely/detect.js";
import { kysely } from "../../src/orm/kysely/index.js";
import { detectOrms } from "../../src/orm/registry.js";
import { readPackageJson } from "../../src/project/package-json.js";
import {
  commonJsApp,
  libsqlCodegenApp,
  mysqlMigratorApp,
  postgresCtlApp,
  removeProjects,
  writeProject,
} from "./kysely-projects.js";

afterAll(removeProjects);

function detect(root: string): KyselyDetection {
  const found = kysely.detect(root, readPackageJson(root));
  if (!found) throw new Error("Kysely was not detected");
  return found;
}

const tsContext = { configFile: "src/auth.ts", kind: "esm" as const, withExtension: true };

describe("Kysely detection", () => {
  it("reads PostgreSQL, the exported client, the hand-written DB and kysely-ctl", () => {
    const root = writeProject(postgresCtlApp());
    const found = detect(root);
    expect(found.dialect).toBe("postgresql");
    expect(found.client).toMatchObject({ file: "src/db/index.ts", name: "db" });
    expect(found.client?.evidence).toMatch(/^src\/db\/index\.ts:5: const db = new Kysely<DB>/);
    expect(found.info.dialectClass).toBe("PostgresDialect");
    expect(found.info.database).toMatchObject({
      name: "DB",
      source: "interface",
      file: "src/db/types.ts",
    });
    expect(found.info.migrations).toMatchObject({
      runner: "kysely-ctl",
      folder: "migrations",
      extension: ".ts",
    });
    expect(found.info.migrations.naming.kind).toBe("epoch-ms");
    expect(found.info.uuidIds).toBe(true);
    expect(found.evidence).toContain("kysely.config.ts:6");
    expect(detectOrms(root, readPackageJson(root)).map((d) => d.orm)).toEqual(["kysely"]);
  });

  it("reads MySQL through a dialect variable, a Migrator's folder, numbering and its script", () => {
    const root = writeProject(mysqlMigratorApp());
    const found = detect(root);
    expect(found.dialect).toBe("mysql");
    expect(found.info.database).toMatchObject({
      name: "Database",
      source: "interface",
      file: "src/database.ts",
    });
    expect(found.info.migrations).toMatchObject({
      runner: "migrator",
      folder: "src/migrations",
      script: "db:migrate",
    });
    expect(found.info.migrations.naming).toMatchObject({ kind: "sequence", width: 3, next: 3 });
    expect(kysely.migration(root, found)).toEqual({
      steps: [
        { command: "npm", args: ["run", "db:migrate"], why: expect.stringContaining("Migrator") },
      ],
    });
  });

  it("reads libsql as SQLite and kysely-codegen's DB from node_modules", () => {
    const root = writeProject(libsqlCodegenApp());
    const found = detect(root);
    expect(found.dialect).toBe("sqlite");
    expect(found.info.dialectClass).toBe("LibsqlDialect");
    expect(found.client).toMatchObject({ file: "src/db.ts", name: "default" });
    expect(found.info.database).toMatchObject({ source: "codegen", name: "DB" });
    expect(found.info.database?.file).toBeUndefined();
    expect(found.info.migrations.runner).toBe("none");
    const migration = kysely.migration(root, found);
    expect(migration.printOnly).toMatch(/no Kysely migration runner/);
    expect(migration.steps.map((s) => [s.command, ...s.args].join(" "))).toEqual([
      "npm install -D kysely-ctl",
      "npx --no-install kysely init",
      "npx --no-install kysely migrate:latest",
    ]);
  });

  it("reads a CommonJS module.exports client and wires it without a cast in JavaScript", () => {
    const root = writeProject(commonJsApp());
    const found = detect(root);
    expect(found.dialect).toBe("sqlite");
    expect(found.client).toMatchObject({ file: "lib/db.js", name: "db" });
    expect(found.info.database).toBeUndefined();
    expect(found.info.typescript).toBe(false);
    const wiring = kysely.wiring(found, {
      configFile: "lib/auth.js",
      kind: "cjs",
      withExtension: true,
    });
    expect(wiring).toEqual({
      imports: [
        { from: "@auth/kysely-adapter", named: ["KyselyAdapter"] },
        { from: "./db.js", named: ["db"] },
      ],
      expression: "KyselyAdapter(db)",
    });
  });

  it("warns about a dialect it does not know and falls back to the driver in package.json", () => {
    const root = writeProject({
      ...postgresCtlApp(),
      "src/db/index.ts": `import { Kysely } from "kysely";
import { HyperDialect } from "kysely-hyper";
import type { DB } from "./types.js";

export const db = new Kysely<DB>({ dialect: new HyperDialect() });
`,
    });
    const found = detect(root);
    expect(found.info.dialectClass).toBe("HyperDialect");
    expect(found.dialect).toBe("postgresql");
    expect(found.warnings.join("\n")).toMatch(
      /HyperDialect from "kysely-hyper" is not one create-auth knows/,
    );
  });

  it("does not detect a project without kysely", () => {
    const root = writeProject({ "package.json": { name: "x", dependencies: { pg: "^8" } } });
    expect(kysely.detect(root, readPackageJson(root))).toBeUndefined();
  });

  it("names the file to export the client from when it is not exported", () => {
    const root = writeProject({
      ...postgresCtlApp(),
      "src/db/index.ts": `import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";

const db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool() }) });
void db;
`,
    });
    const found = detect(root);
    expect(found.client).toBeUndefined();
    expect(() => kysely.wiring(found, tsContext)).toThrow(CliError);
    expect(() => kysely.wiring(found, tsContext)).toThrow(
      /src\/db\/index\.ts:4 creates the Kysely instance without exporting it/,
    );
  });
});

describe("Kysely adapter version", () => {
  const withKysely = (version: string) =>
    detect(
      writeProject({
        ...postgresCtlApp(),
        "package.json": { name: "v", dependencies: { kysely: version, pg: "^8" } },
      }),
    );

  it("picks the adapter release whose kysely peer range fits the app", () => {
    expect(kysely.adapterSpec(withKysely("^0.28.19"))).toBe("@auth/kysely-adapter@1.11.2");
    expect(kysely.adapterSpec(withKysely("^0.27.6"))).toBe("@auth/kysely-adapter@1.11.1");
  });

  it("updates kysely within 0.28 when it is below the adapter's peer range", () => {
    const found = withKysely("^0.28.2");
    expect(kysely.adapterSpec(found)).toBe("@auth/kysely-adapter@1.11.2");
    expect(kysely.extraPackages?.(found)).toEqual(["kysely@^0.28.15"]);
    expect(found.warnings).toEqual([]);
  });

  it("warns when no adapter release accepts the app's kysely", () => {
    const found = withKysely("^0.29.0");
    expect(found.warnings.join("\n")).toMatch(
      /kysely \^0\.29\.0 is outside the versions @auth\/kysely-adapter supports/,
    );
  });
});

describe("kysely-ctl in .config/", () => {
  /** The ORM tests' kysely-ctl app with its config moved to `.config/`, naming `folder`. */
  function dotConfigApp(folder: string, migration: string): string {
    const app = postgresCtlApp();
    const config = app["kysely.config.ts"] as string;
    return writeProject({
      ...Object.fromEntries(
        Object.entries(app).filter(
          ([path]) => path !== "kysely.config.ts" && !path.startsWith("migrations/"),
        ),
      ),
      ".config/kysely.config.ts": config
        .replace('"./src/db/index.js"', '"../src/db/index.js"')
        .replace('migrationFolder: "migrations"', `migrationFolder: "${folder}"`),
      [migration]: app["migrations/1700000000000_pets.ts"] as string,
    });
  }

  // kysely-ctl 0.20: `resolve(configFolder, migrationFolder)`; only the default is `../migrations`.
  it("reads a configured migration folder from the config's folder, as kysely-ctl does", () => {
    const root = dotConfigApp("../src/db/migrations", "src/db/migrations/20240101120000_pets.ts");
    const found = detect(root);
    expect(found.info.migrations).toMatchObject({
      runner: "kysely-ctl",
      folder: "src/db/migrations",
      files: ["src/db/migrations/20240101120000_pets.ts"],
    });
    expect(found.info.migrations.naming.kind).toBe("datetime");
    expect(found.info.migrations.evidence).toMatch(/^\.config\/kysely\.config\.ts:6/);
  });

  it("puts a plain folder name under .config/, where kysely-ctl looks for it", () => {
    const root = dotConfigApp("migrations", ".config/migrations/1700000000000_pets.ts");
    expect(detect(root).info.migrations).toMatchObject({
      folder: ".config/migrations",
      files: [".config/migrations/1700000000000_pets.ts"],
    });
  });
});
