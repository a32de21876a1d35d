import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "../../src/errors.js";
import { detectAppOrms } from "../../src/orm/registry.js";
import type { OrmDetection } from "../../src/orm/types.js";
import { ormMigration, ormWiring, planOrmSchema } from "../../src/orm/workspace-wiring.js";
import { PlanBuilder } from "../../src/plan/change-set.js";
import { readPackageJson } from "../../src/project/package-json.js";
import { removeTemporary, runInit } from "../support/cli.js";
import { applyPlan, removeProjects, writeProject } from "./drizzle-project.js";

afterAll(() => {
  removeProjects();
  removeTemporary();
});

// A workspace laid out as create-better-t-stack makes it: the app in apps/server depends on
// @acme/db, linked by npm from node_modules to packages/db, which holds Drizzle. The package's
// package.json varies: how it exports its files decides how the app imports them.

const server = "apps/server";

function workspace(dbPackage: Record<string, unknown>, entry?: string): string {
  const root = writeProject({
    "package.json": JSON.stringify({ name: "acme", workspaces: ["apps/*", "packages/*"] }),
    "apps/server/package.json": JSON.stringify({
      name: "server",
      type: "module",
      dependencies: { "@acme/db": "*", express: "^5.1.0" },
    }),
    "apps/server/src/index.ts": 'import express from "express";\nexpress().listen(3000);\n',
    "packages/db/package.json": JSON.stringify({
      name: "@acme/db",
      type: "module",
      scripts: { "db:generate": "drizzle-kit generate", "db:migrate": "drizzle-kit migrate" },
      dependencies: { "drizzle-orm": "^0.45.1", pg: "^8.17.1" },
      devDependencies: { "drizzle-kit": "^0.31.8" },
      ...dbPackage,
    }),
    "packages/db/drizzle.config.ts":
      'import { defineConfig } from "drizzle-kit";\n\nexport default defineConfig({\n  schema: "./src/schema",\n  out: "./src/migrations",\n  dialect: "postgresql",\n  dbCredentials: { url: process.env.DATABASE_URL || "" },\n});\n',
    "packages/db/src/index.ts":
      entry ??
      'import { drizzle } from "drizzle-orm/node-postgres";\n\nimport * as schema from "./schema";\n\nexport function createDb() {\n  return drizzle(process.env.DATABASE_URL ?? "", { schema });\n}\n\nexport const db = createDb();\n',
    "packages/db/src/schema/index.ts": "export {};\n",
  });
  mkdirSync(join(root, "node_modules/@acme"), { recursive: true });
  symlinkSync(join(root, "packages/db"), join(root, "node_modules/@acme/db"));
  return root;
}

function detection(root: string): OrmDetection {
  const app = join(root, server);
  const { detections, warnings } = detectAppOrms(app, readPackageJson(app));
  expect(warnings).toEqual([]);
  expect(detections).toHaveLength(1);
  return detections[0]!;
}

const context = { configFile: "src/auth.ts", kind: "esm" as const, withExtension: true };

describe("an ORM kept in a sibling workspace package", () => {
  it("is found through the app's dependency, with the package's name and folder as evidence", () => {
    const found = detection(workspace({ exports: { ".": { default: "./src/index.ts" } } }));
    expect(found).toMatchObject({
      orm: "drizzle",
      dialect: "postgresql",
      workspace: { dir: "../../packages/db", name: "@acme/db" },
      client: { file: "src/index.ts", name: "db" },
    });
    expect(found.evidence).toMatch(/, in @acme\/db \(\.\.\/\.\.\/packages\/db\)$/);
  });

  it("reports the ORM version npm hoisted to the workspace root, not the declared range", () => {
    const root = workspace({ exports: { ".": { default: "./src/index.ts" } } });
    mkdirSync(join(root, "node_modules/drizzle-orm"), { recursive: true });
    writeFileSync(
      join(root, "node_modules/drizzle-orm/package.json"),
      JSON.stringify({ name: "drizzle-orm", version: "0.45.2" }),
    );
    expect(detection(root).version).toBe("0.45.2");
  });

  it("imports the client by the package's name and the tables through its exported subpath, and plans the schema inside the package", () => {
    const root = workspace({
      exports: { ".": { default: "./src/index.ts" }, "./*": { default: "./src/*.ts" } },
    });
    const found = detection(root);
    const wiring = ormWiring(join(root, server), found, context);
    expect(wiring.imports.map((spec) => spec.from)).toEqual([
      "@auth/drizzle-adapter",
      "@acme/db",
      "@acme/db/schema/auth",
    ]);
    const plan = new PlanBuilder(join(root, server));
    planOrmSchema(plan, found, context.configFile);
    const built = plan.build();
    // The entry stays as it is: the package's `./*` export already reaches the tables.
    expect(built.files.map((file) => file.path)).toEqual(["../../packages/db/src/schema/auth.ts"]);
    applyPlan(built);
    expect(readFileSync(join(root, "packages/db/src/schema/auth.ts"), "utf8")).toMatch(
      /export const users = pgTable\("user"/,
    );
  });

  it("re-exports the tables from the entry when the package exports only its entry, once", () => {
    const root = workspace({ main: "src/index.ts" });
    const found = detection(root);
    const wiring = ormWiring(join(root, server), found, context);
    expect(wiring.imports.map((spec) => spec.from)).toEqual([
      "@auth/drizzle-adapter",
      "@acme/db",
      "@acme/db",
    ]);
    const plan = new PlanBuilder(join(root, server));
    planOrmSchema(plan, found, context.configFile);
    const built = plan.build();
    expect(built.files.map((file) => file.path).sort()).toEqual([
      "../../packages/db/src/index.ts",
      "../../packages/db/src/schema/auth.ts",
    ]);
    applyPlan(built);
    const entry = readFileSync(join(root, "packages/db/src/index.ts"), "utf8");
    expect(entry).toMatch(/export const db = createDb\(\);\nexport \* from "\.\/schema\/auth";\n$/);
    // A second run finds the tables and the re-export in place: nothing left to change.
    const again = new PlanBuilder(join(root, server));
    planOrmSchema(again, detection(root), context.configFile);
    expect(again.build().files).toEqual([]);
  });

  it("refuses a client the package's entry does not export, naming what to export", () => {
    const root = workspace({ exports: { ".": "./src/index.ts" } }, "export const answer = 42;\n");
    writeProject(
      {
        "packages/db/src/client.ts":
          'import { drizzle } from "drizzle-orm/node-postgres";\n\nexport const db = drizzle(process.env.DATABASE_URL ?? "");\n',
      },
      root,
    );
    const found = detection(root);
    let error: unknown;
    try {
      ormWiring(join(root, server), found, context);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toMatch(
      /@acme\/db \(\.\.\/\.\.\/packages\/db\) does not export src\/client\.ts:3: .*export `db` from the package's entry \(src\/index\.ts\)/,
    );
  });

  it("migrates with the package's drizzle-kit, in the package's folder", () => {
    const root = workspace({ main: "src/index.ts" });
    const plan = ormMigration(join(root, server), detection(root));
    expect(plan.steps.map((step) => [step.cwd, step.command, ...step.args].join(" "))).toEqual([
      "../../packages/db npx --no-install drizzle-kit generate --name auth",
      "../../packages/db npx --no-install drizzle-kit migrate",
    ]);
  });
});

describe("init's plan for an app whose ORM is in a sibling workspace package", () => {
  /** The workspace with a real Express app, committed to git at the workspace root. */
  function committedWorkspace(): string {
    const root = workspace({ main: "src/index.ts" });
    writeProject(
      {
        "apps/server/src/index.ts":
          'import express from "express";\n\nconst app = express();\napp.use(express.json());\napp.listen(3000);\n',
      },
      root,
    );
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], {
        cwd: root,
        stdio: "pipe",
      });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "workspace");
    return root;
  }

  it("names every file from the workspace root, in the summary, the diff and --json, and the diff applies there with git apply", async () => {
    const root = committedWorkspace();
    const app = join(root, server);
    // Uncommitted work in the package: the warning names it the way the summary does.
    writeFileSync(
      join(root, "packages/db/src/index.ts"),
      `${readFileSync(join(root, "packages/db/src/index.ts"), "utf8")}// wip\n`,
    );
    const shown = await runInit({ cwd: app, providers: "email", diff: true });
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      "Paths are from the workspace root (../..): the plan changes files outside this project.",
    );
    expect(shown.stdout).toMatch(/^ {2}create apps\/server\/src\/auth\.ts /m);
    expect(shown.stdout).toMatch(/^ {2}create packages\/db\/src\/schema\/auth\.ts /m);
    expect(shown.stdout).toMatch(/^ {2}update packages\/db\/src\/index\.ts /m);
    // Detection's evidence names the package from the app (`@acme/db (../../packages/db)`); the
    // plan never does.
    expect(shown.stdout.slice(shown.stdout.indexOf("\nPlan\n"))).not.toContain("../../packages");
    const headers = shown.stdout.split("\n").filter((line) => /^(---|\+\+\+) /.test(line));
    expect(headers).toContain("+++ b/apps/server/src/auth.ts");
    expect(headers).toContain("+++ b/packages/db/src/schema/auth.ts");
    expect(headers).toContain("--- a/packages/db/src/index.ts");
    expect(headers.filter((line) => line.includes(".."))).toEqual([]);
    expect(shown.stderr).toContain(
      "Uncommitted changes in packages/db/src/index.ts: review the result with git diff.",
    );

    // The printed diff, saved, applies from the workspace root (git refuses a `..` in a path).
    const diff = shown.stdout.slice(shown.stdout.indexOf("\n---") + 1);
    writeFileSync(join(root, "auth.diff"), diff);
    expect(() =>
      execFileSync("git", ["apply", "--check", "auth.diff"], { cwd: root, stdio: "pipe" }),
    ).not.toThrow();

    const json = await runInit({ cwd: app, providers: "email", dryRun: true, json: true });
    expect(json.exitCode, json.stderr).toBe(0);
    const plan = json.json!.plan as { pathsFrom: string; files: { path: string; diff: string }[] };
    expect(plan.pathsFrom).toBe("../..");
    expect(plan.files.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        "apps/server/src/auth.ts",
        "packages/db/src/schema/auth.ts",
        "packages/db/src/index.ts",
      ]),
    );
    for (const file of plan.files) expect(file.diff).toContain(`+++ b/${file.path}\n`);
  });
});
