import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { copyFixture, removeTemporary, runInit } from "../support/cli.js";
import { editPackageJson } from "../support/install.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

const SERVER = "postgres://postgres@127.0.0.1:5432";

/** A fresh, empty PostgreSQL database of its own. */
async function freshDatabase(): Promise<string> {
  const name = `next_steps_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return `${SERVER}/${name}`;
}

async function tables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
  );
  await client.end();
  return rows.map((row) => row.name);
}

/** The lines under "Next steps", numbers included. */
function stepLines(stdout: string): string[] {
  return stdout
    .split("Next steps\n")[1]!
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^\d+\. /.test(line));
}

/** A project whose own node_modules is the workspace's: the runtime resolves, as once installed. */
function withRuntime(fixture: string): string {
  const dir = copyFixture(fixture);
  symlinkSync(new URL("../../node_modules", import.meta.url).pathname, join(dir, "node_modules"));
  return dir;
}

describe("next steps", () => {
  it("are numbered and specific: install, migrate, keys, callback, authorize() by line, start, open", async () => {
    const dir = copyFixture("express4-cjs-js");
    const run = await runInit({
      cwd: dir,
      yes: true,
      providers: "github,credentials",
      database: "postgres",
      databaseUrl: `${SERVER}/test`,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const config = readFileSync(join(dir, "src/auth.js"), "utf8").split("\n");
    const line = config.findIndex((text) => text.includes("authorize(")) + 1;
    expect(line).toBeGreaterThan(0);
    expect(stepLines(run.stdout)).toEqual([
      "1. Install the dependencies: npm install -- @create-auth/runtime@^0.1.0 pg",
      "2. Create the auth tables: npx create-auth migrate",
      "3. Fill in AUTH_GITHUB_ID, AUTH_GITHUB_SECRET in .env.",
      "4. Register http://localhost:4000/auth/callback/github as the callback URL of your GitHub app (https://github.com/settings/developers).",
      `5. Write your authorize() in src/auth.js:${line}: until it looks users up and checks their password, it refuses everyone.`,
      "6. Start the app: npm start",
      "7. Open http://localhost:4000/auth/signin",
    ]);
  });

  it("--json carries them as data, valid against the schema, before and after applying", async () => {
    const dir = copyFixture("express5-ts-split");
    const planned = await runInit({
      cwd: dir,
      providers: "credentials",
      demo: true,
      dryRun: true,
      json: true,
    });
    expect(schemaErrors("init", planned.json)).toEqual([]);
    const run = await runInit({
      cwd: dir,
      providers: "credentials",
      demo: true,
      yes: true,
      json: true,
    });
    expect(schemaErrors("init", run.json)).toEqual([]);
    const steps = run.json!.nextSteps;
    const text = readFileSync(join(dir, steps.credentials.file), "utf8").split("\n");
    expect(text[steps.credentials.line - 1]).toContain("authorize(");
    expect(steps.credentials.demo).toBe(true);
    expect(planned.json!.nextSteps.credentials).toEqual(steps.credentials);
    expect(steps.migrate).toBeUndefined();
    expect(steps.list.at(-1)).toBe("Open http://localhost:3001/auth/signin");
  });

  it.each([
    ["pnpm", { dev: "tsx watch src/index.ts", start: "node dist/index.js" }, "pnpm dev"],
    ["yarn", { start: "node src/index.js" }, "yarn start"],
    ["bun", { dev: "bun --watch src/index.js" }, "bun run dev"],
    ["npm", { dev: "node --watch src/index.js" }, "npm run dev"],
  ])("the start command follows the scripts and the package manager (%s)", async (manager, scripts, command) => {
    const dir = copyFixture("express4-cjs-js");
    editPackageJson(dir, (pkg) => {
      pkg.packageManager = `${manager}@1.0.0`;
      pkg.scripts = scripts;
    });
    const run = await runInit({ cwd: dir, yes: true, providers: "github", json: true });
    expect(run.json!.nextSteps.start).toBe(command);
    expect(run.json!.nextSteps.list).toContain(`Start the app: ${command}`);
  });
});

describe("creating the tables during init", () => {
  it("--migrate creates them in PostgreSQL; the step is then not listed", async () => {
    const url = await freshDatabase();
    const dir = withRuntime("express5-ts-split");
    const run = await runInit({
      cwd: dir,
      yes: true,
      providers: "email",
      database: "postgres",
      databaseUrl: url,
      migrate: true,
      json: true,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(schemaErrors("init", run.json)).toEqual([]);
    expect(run.json!.nextSteps.migrate).toMatchObject({
      command: "npx create-auth migrate",
      ran: true,
    });
    expect(run.json!.nextSteps.list.join("\n")).not.toContain("Create the auth tables");
    expect(run.json!.reproduce).toContain("--migrate");
    expect(await tables(url)).toEqual(expect.arrayContaining(["users", "accounts", "sessions"]));
  });

  it("in a terminal it is offered when the server answers, and yes creates them", async () => {
    const url = await freshDatabase();
    const dir = withRuntime("express5-ts-split");
    const asked: string[] = [];
    const run = await runInit(
      {
        cwd: dir,
        providers: "email",
        strategy: "database",
        database: "postgres",
        databaseUrl: url,
        mount: "/auth",
        trustProxy: false,
      },
      { answers: [true, true], asked },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(asked.at(-1)).toMatch(/^Create the auth tables now in the PostgreSQL at /);
    expect(run.stdout).toMatch(/Created in the PostgreSQL at .*users/);
    expect(run.stdout).not.toContain("Create the auth tables:");
    expect(await tables(url)).toEqual(expect.arrayContaining(["users", "verification_token"]));
  });

  it("a server that does not answer is not offered: the step is printed", async () => {
    const dir = withRuntime("express5-ts-split");
    const asked: string[] = [];
    const run = await runInit(
      {
        cwd: dir,
        providers: "email",
        strategy: "database",
        database: "postgres",
        databaseUrl: "postgres://postgres@127.0.0.1:1/nothing",
        mount: "/auth",
        trustProxy: false,
      },
      { answers: [true], asked },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(asked).toEqual(["Apply these changes?"]);
    expect(stepLines(run.stdout)).toContain("2. Create the auth tables: npx create-auth migrate");
  });

  it("a failed --migrate keeps the files, reports why and exits 2 (partial)", async () => {
    const dir = withRuntime("express5-ts-split");
    const run = await runInit({
      cwd: dir,
      yes: true,
      providers: "email",
      database: "postgres",
      databaseUrl: "postgres://postgres@127.0.0.1:1/nothing",
      migrate: true,
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("Creating the auth tables failed");
    expect(stepLines(run.stdout).join("\n")).toContain(
      "Create the auth tables: npx create-auth migrate",
    );
  });
});
