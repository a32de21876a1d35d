import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Combination,
  generate,
  signInToApp,
  type ThrowawayDatabase,
  throwawayDatabase,
  useDatabase,
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
import { prismaMysqlAuthTables } from "../support/prisma-mysql-ddl.js";

// create-better-t-stack's Express + Prisma + MySQL app, made by the real generator when the test
// runs: Prisma 7 (`prisma-client` generator, the URL in prisma.config.ts, a multi-file schema
// folder with no models, `export default prisma` built through @prisma/adapter-mariadb in the
// packages/db workspace package).
//
// Offline, Prisma 7's CLI fetches its native schema engine before any command, even `generate`
// and `validate`, which never use it (they run from Wasm). PRISMA_SCHEMA_ENGINE_BINARY names a
// placeholder instead, so the app installs (its postinstall generates the client) and its own
// scripts run. What needs the engine (`prisma db push`, the step `migrate` runs here) cannot run:
// the test reads the steps from `migrate --dry-run` and applies their effect itself — the SQL
// `db push` runs on MySQL (prisma-mysql-ddl.ts), then the printed `prisma generate`.

const combination: Combination = { backend: "express", orm: "prisma", database: "mysql" };
const ownScripts = ["check-types", "build"];

const parent = mkdtempSync(join(tmpdir(), "orm-corpus-prisma-"));
const placeholder = join(parent, "schema-engine-placeholder");
const prismaEnv = { PRISMA_SCHEMA_ENGINE_BINARY: placeholder };

let root: string;
let server: string;
let db: ThrowawayDatabase | undefined;
let before: ScriptResults;

beforeAll(async () => {
  writeFileSync(placeholder, "");
  root = await generate(parent, combination);
  const installed = await run("npm", ["install"], root, prismaEnv);
  if (installed.exitCode !== 0) throw new Error(`npm install failed:\n${installed.all}`);
  server = join(root, "apps/server");
  db = await throwawayDatabase(combination.database, root);
  useDatabase(server, db.url);
  before = await runOwnScripts(server, ownScripts);
}, 600_000);

afterAll(async () => {
  await db?.drop();
  rmSync(parent, { recursive: true, force: true });
});

const init = () => initPacked(server, ["--providers", "email", "--no-git-check"], prismaEnv);
const prisma = (...args: string[]) =>
  run("npx", ["--no-install", "prisma", ...args], join(root, "packages/db"), prismaEnv);

describe("create-better-t-stack: Express + Prisma 7 + MySQL", () => {
  it("type-checks and builds as generated; init wires the app's Prisma client and schema, migrate names Prisma's steps, a mailed link signs a user into the app's User table, and a second init changes nothing", async () => {
    expect(before["check-types"]?.passed, before["check-types"]?.output).toBe(true);
    expect(before.build?.passed, before.build?.output).toBe(true);

    const first = await init();
    expect(first.exitCode, first.all).toBe(0);
    expect(first.all).toMatch(/Database:\s+Prisma 7\.\d+\.\d+ \(MySQL\)/);
    expect(first.all).not.toMatch(/--force|--legacy-peer-deps/);
    // Its prisma.config.ts names the schema folder with path.join, read as Prisma reads it.
    expect(first.all).not.toContain("computes its");
    // The configuration imports the client the db package exports by default.
    const config = readFileSync(join(server, "src/auth.ts"), "utf8");
    expect(config).toMatch(/import\s+prisma\s+from\s+["']@prisma-mysql\/db["']/);
    expect(config).toContain("PrismaAdapter(prisma)");
    // The models go in a new file of the app's schema folder, valid for Prisma itself.
    const models = readFileSync(join(root, "packages/db/prisma/schema/auth.prisma"), "utf8");
    expect(models.match(/^model \w+/gm)).toEqual([
      "model User",
      "model Account",
      "model Session",
      "model VerificationToken",
      "model Authenticator",
    ]);
    const validate = await prisma("validate");
    expect(validate.exitCode, validate.all).toBe(0);

    // The app pushes its schema (its db:push script, no migrations folder): migrate would run
    // `prisma db push`, then `prisma generate`, which Prisma 7's push no longer runs.
    const plan = await run(process.execPath, [bin, "migrate", "--dry-run", "--json"], server);
    expect(plan.exitCode, plan.all).toBe(0);
    expect((JSON.parse(plan.stdout) as { steps: string[] }).steps).toEqual([
      "(cd ../../packages/db && npx --no-install prisma db push)",
      "(cd ../../packages/db && npx --no-install prisma generate)",
    ]);
    await db!.query(prismaMysqlAuthTables("cuid"));
    const generated = await prisma("generate");
    expect(generated.exitCode, generated.all).toBe(0);

    const after = await runOwnScripts(server, ownScripts);
    expect(outcomes(after), JSON.stringify(after, null, 2)).toEqual(outcomes(before));

    expect(await signInToApp(server, "ada@corpus.example")).toMatchObject({
      user: { email: "ada@corpus.example" },
    });
    expect(await db!.query("SELECT email FROM `User`")).toEqual([["ada@corpus.example"]]);

    const online = await run(process.execPath, [bin, "check", "--online"], server);
    expect(online.exitCode, online.all).toBe(0);
    expect(online.all).toContain("4 tables OK");

    const settled = hashes(root);
    const second = await init();
    expect(second.exitCode, second.all).toBe(0);
    expect(hashes(root)).toEqual(settled);
  }, 600_000);
});
