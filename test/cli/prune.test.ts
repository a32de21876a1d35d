import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PruneCommandOptions, pruneCommand } from "../../src/commands/prune.js";
import { bin, copyFixture, removeTemporary, runCommand, runInit } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A project set up by init for a PostgreSQL server, with the workspace's packages installed. */
async function project() {
  const dir = copyFixture("express5-ts-split");
  const init = await runInit({
    cwd: dir,
    yes: true,
    providers: "credentials,email",
    database: "postgres",
  });
  expect(init.exitCode, init.stderr).toBe(0);
  symlinkSync(new URL("../../node_modules", import.meta.url).pathname, join(dir, "node_modules"));
  return dir;
}

function runPrune(options: Partial<PruneCommandOptions> & { cwd: string }) {
  return runCommand((io) => pruneCommand(options, io), { json: options.json ?? true });
}

describe("prune, PostgreSQL server", () => {
  const schema = `ca_prune_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  const url = `${DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const remaining = async () =>
    (
      await admin.query(
        `SELECT (SELECT count(*) FROM ${schema}.sessions)::int AS sessions,
                (SELECT count(*) FROM ${schema}.verification_token)::int AS tokens,
                (SELECT count(*) FROM ${schema}.rate_limits)::int AS limits`,
      )
    ).rows[0];

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`SET search_path = ${schema}`);
    const { migrate } = await import("../../runtime/src/adapters/postgres/index.js");
    await migrate(admin);
    await admin.query(`INSERT INTO users (email) VALUES ('a@example.com')`);
    for (const [tag, expires] of [
      ["dead", "now() - interval '1 day'"],
      ["live", "now() + interval '1 day'"],
    ] as const) {
      const n = tag === "dead" ? 12 : 3;
      await admin.query(`INSERT INTO sessions ("sessionToken", "userId", expires)
        SELECT '${tag}' || i, 1, ${expires} FROM generate_series(1, ${n}) i`);
      await admin.query(`INSERT INTO verification_token (identifier, token, expires)
        SELECT 'a@example.com', '${tag}' || i, ${expires} FROM generate_series(1, ${n}) i`);
      await admin.query(`INSERT INTO rate_limits (key, count, reset_at)
        SELECT '${tag}' || i, 1, ${expires} FROM generate_series(1, ${n}) i`);
    }
  }, 60_000);
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it("--dry-run --json counts what has expired and deletes nothing; then prune deletes it", async () => {
    const dir = await project();
    writeFileSync(join(dir, ".env"), `DATABASE_URL=${url}\n`, { flag: "a" });
    const dry = await runPrune({ cwd: dir, dryRun: true });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(schemaErrors("prune", dry.json)).toEqual([]);
    expect(dry.json).toMatchObject({
      command: "prune",
      database: "postgres",
      dryRun: true,
      deleted: null,
      expired: { sessions: 12, verificationTokens: 12, rateLimits: 12 },
      total: 36,
    });
    expect(await remaining()).toEqual({ sessions: 15, tokens: 15, limits: 15 });

    const done = await runPrune({ cwd: dir, batchSize: "5" });
    expect(done.exitCode, done.stderr).toBe(0);
    expect(schemaErrors("prune", done.json)).toEqual([]);
    expect(done.json).toMatchObject({
      dryRun: false,
      deleted: { sessions: 12, verificationTokens: 12, rateLimits: 12 },
      expired: null,
      total: 36,
    });
    expect(await remaining()).toEqual({ sessions: 3, tokens: 3, limits: 3 });

    const again = await runPrune({ cwd: dir, json: false });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain("Deleted from the PostgreSQL at");
    expect(again.stdout).toContain("0 sessions, 0 verification tokens, 0 rate-limit rows");
  }, 60_000);

  it("exits 1 with a coded error when the server is unreachable, through the bin", async () => {
    const dir = await project();
    const run = await execa(
      "node",
      [bin, "prune", "--json", "--database-url", "postgres://nobody:secret@127.0.0.1:1/none"],
      { cwd: dir, reject: false },
    );
    expect(run.exitCode).toBe(1);
    const document = JSON.parse(run.stdout);
    expect(document.error.code).toBe("prune_failed");
    expect(run.stdout).not.toContain("secret@");
  }, 60_000);

  it("refuses a batch size that is not a positive integer", async () => {
    const dir = await project();
    const run = await runPrune({ cwd: dir, databaseUrl: url, batchSize: "ten" });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("invalid_flag");
  });
});

describe("prune, embedded database (PGlite)", () => {
  it("prunes the configured folder", async () => {
    const dir = copyFixture("express5-ts-split");
    const init = await runInit({ cwd: dir, yes: true, providers: "email", database: "embedded" });
    expect(init.exitCode, init.stderr).toBe(0);
    symlinkSync(new URL("../../node_modules", import.meta.url).pathname, join(dir, "node_modules"));
    const { embeddedDatabase } = await import("../../runtime/src/adapters/postgres/index.js");
    const db = embeddedDatabase(join(dir, ".auth/db"));
    await db.query(`INSERT INTO verification_token (identifier, token, expires)
      VALUES ('a@example.com', 'old', now() - interval '1 hour'), ('a@example.com', 'new', now() + interval '1 hour')`);
    await db.close();
    const run = await runPrune({ cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(schemaErrors("prune", run.json)).toEqual([]);
    expect(run.json).toMatchObject({
      database: "embedded",
      target: ".auth/db",
      deleted: { sessions: 0, verificationTokens: 1, rateLimits: 0 },
    });
  }, 60_000);
});
