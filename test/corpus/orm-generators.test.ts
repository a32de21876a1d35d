import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ormById } from "../../src/orm/registry.js";
import {
  type Combination,
  generate,
  signInToApp,
  type ThrowawayDatabase,
  tablesWithEmail,
  throwawayDatabase,
  useDatabase,
  withApp,
} from "../support/better-t-stack.js";
import { bin } from "../support/cli.js";
import {
  hashes,
  initPacked,
  outcomes,
  run,
  runOwnScripts,
  type ScriptResults,
} from "../support/corpus.js";

// Apps with an ORM, made by a real generator from the npm registry when the test runs (nothing
// generated is committed): each is installed with its own npm, its own type check and database
// tool work before init; then init wires the app's own client and schema to the Auth.js adapter,
// migrate creates the tables with the ORM's tool, a magic link mailed through a real SMTP server
// signs a user in to the running app, the user lands in the app's own table, and a second init
// changes nothing. README.md beside this file says what each generator makes and what is not
// covered.

const combinations: Combination[] = [
  { backend: "express", orm: "drizzle", database: "postgres" },
  { backend: "express", orm: "drizzle", database: "sqlite" },
  { backend: "express", orm: "drizzle", database: "mysql" },
];

/**
 * The server's own scripts, compared before and after init: `check-types` (`tsc -b`, which also
 * checks the db package's sources it imports) and `build` (tsdown, bundling the workspace
 * packages). The root's `check-types` fails as generated: it runs in workspaces without one.
 */
const ownScripts = ["check-types", "build"];

interface Project {
  root: string;
  server: string;
  db: ThrowawayDatabase;
  before: ScriptResults;
}

const parent = mkdtempSync(join(tmpdir(), "orm-corpus-"));
const projects = new Map<Combination, Project>();

const databases: ThrowawayDatabase[] = [];

beforeAll(async () => {
  // All projects at once: generation and install are mostly waiting on npm. Every one settles
  // before a failure is reported, so afterAll drops every database that was created.
  const settled = await Promise.allSettled(
    combinations.map(async (combination) => {
      const root = await generate(parent, combination);
      const installed = await run("npm", ["install"], root);
      if (installed.exitCode !== 0) throw new Error(`npm install failed:\n${installed.all}`);
      const server = join(root, "apps/server");
      const db = await throwawayDatabase(combination.database, root);
      databases.push(db);
      useDatabase(server, db.url);
      projects.set(combination, {
        root,
        server,
        db,
        before: await runOwnScripts(server, ownScripts),
      });
    }),
  );
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}, 600_000);

afterAll(async () => {
  for (const db of databases) await db.drop();
  rmSync(parent, { recursive: true, force: true });
});

const project = (combination: Combination) => {
  const found = projects.get(combination);
  if (!found) throw new Error("The project was not generated (see beforeAll).");
  return found;
};

/** Every TypeScript file under `dir`, with its text. */
function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [{ path, text: readFileSync(path, "utf8") }] : [];
  });
}

/** Table definitions named `user` or `users` in the db package's Drizzle schema. */
const userTables = (root: string) =>
  sources(join(root, "packages/db/src")).flatMap(({ text }) =>
    [...text.matchAll(/(?:pg|mysql|sqlite)Table\(\s*["'`](users?)["'`]/g)].map((match) => match[1]),
  );

// The two phases are plain describes, so the second starts when the first has finished; the
// projects within a phase run at once.
describe("before init", () => {
  it.concurrent.each(
    combinations,
  )("$backend + $orm + $database installs, type-checks, reaches its database with its own tool and serves its page", async (combination) => {
    const { root, server, before } = project(combination);
    // The server's own type check and build pass as generated.
    expect(before["check-types"]?.passed, before["check-types"]?.output).toBe(true);
    expect(before.build?.passed, before.build?.output).toBe(true);
    const pushed = await run("npm", ["run", "db:push"], root);
    expect(pushed.exitCode, pushed.all).toBe(0);
    expect(userTables(root)).toEqual([]);
    const page = await withApp(server, {}, async () =>
      (await fetch("http://127.0.0.1:3000/")).text(),
    );
    expect(page).toBe("OK");
  }, 120_000);
});

// The app's ORM sits in a sibling workspace package (packages/db): init finds it through the
// server's dependency on it, imports the client and tables by the package's name, adds the tables
// to the package's schema, and migrate runs drizzle-kit in the package's folder.
describe("with auth", () => {
  const init = (dir: string) => initPacked(dir, ["--providers", "email", "--no-git-check"]);

  it.concurrent.each(
    combinations,
  )("$backend + $orm + $database: init wires the app's client and schema, migrate creates the tables, a mailed link signs a user into the app's table, and a second init changes nothing", async (combination) => {
    const { root, server, db, before } = project(combination);
    const first = await init(server);
    expect(first.exitCode, first.all).toBe(0);
    // Init found the app's ORM (in the db workspace package the server depends on).
    expect(first.all).toMatch(new RegExp(`Database:\\s+${ormById(combination.orm)?.name}`));
    expect(first.all).not.toMatch(/--force|--legacy-peer-deps/);

    // The configuration imports the client the app already creates (`export const db` in the
    // db workspace package), through the ORM's adapter.
    const config = readFileSync(join(server, "src/auth.ts"), "utf8");
    const dbPackage = `@${combination.orm}-${combination.database}/db`;
    expect(config).toMatch(
      new RegExp(`import\\s*\\{\\s*db\\s*\\}\\s*from\\s*["']${dbPackage}["']`),
    );
    expect(config).toMatch(/["']@auth\/drizzle-adapter["']/);
    // One user table, added to the app's schema (the generated one has none).
    expect(userTables(root)).toHaveLength(1);

    const migrated = await run(process.execPath, [bin, "migrate"], server);
    expect(migrated.exitCode, migrated.all).toBe(0);
    expect(await tablesWithEmail(combination.database, db)).toHaveLength(1);

    const after = await runOwnScripts(server, ownScripts);
    expect(outcomes(after), JSON.stringify(after, null, 2)).toEqual(outcomes(before));

    expect(await signInToApp(server, "ada@corpus.example")).toMatchObject({
      user: { email: "ada@corpus.example" },
    });
    const [[table] = []] = await tablesWithEmail(combination.database, db);
    expect(await db.query(`SELECT email FROM ${db.quote(table ?? "")}`)).toEqual([
      ["ada@corpus.example"],
    ]);

    const settled = hashes(root);
    const second = await init(server);
    expect(second.exitCode, second.all).toBe(0);
    expect(hashes(root)).toEqual(settled);
  }, 300_000);
});
