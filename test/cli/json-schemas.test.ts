import { afterAll, describe, expect, it } from "vitest";
import { copyFixture, removeTemporary, runInit } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

// add-provider, secret, check, migrate and prune validate their documents in their own tests.
describe("--json documents match the published schemas (schemas/*.schema.json)", () => {
  it("init: the plan, and an applied run", async () => {
    const dir = copyFixture("express5-ts-split");
    const dry = await runInit({
      cwd: dir,
      json: true,
      dryRun: true,
      providers: "github,credentials",
    });
    expect(schemaErrors("init", dry.json)).toEqual([]);
    const applied = await runInit({ cwd: dir, json: true, yes: true, providers: "github" });
    expect(applied.json?.applied).toBe(true);
    expect(schemaErrors("init", applied.json)).toEqual([]);
  });

  it("init on a Fastify app (fastify-cli's, with a step by hand)", async () => {
    const dir = copyFixture("fastify-cli-esm-js");
    const flags = { providers: "github", trustProxy: true };
    const dry = await runInit({ cwd: dir, json: true, dryRun: true, ...flags });
    expect(dry.json?.plan.manual).toHaveLength(1);
    expect(schemaErrors("init", dry.json)).toEqual([]);
    const applied = await runInit({ cwd: dir, json: true, yes: true, ...flags });
    expect(applied.json?.applied).toBe(true);
    expect(schemaErrors("init", applied.json)).toEqual([]);
  });

  it("errors have a stable code and a message", async () => {
    const run = await runInit({
      cwd: copyFixture("express5-ts-split"),
      json: true,
      providers: "nope",
    });
    expect(run.exitCode).toBe(1);
    expect(schemaErrors("error", run.json)).toEqual([]);
  });

  it("a document that breaks the schema is caught (the validator is not a no-op)", () => {
    expect(schemaErrors("error", { ok: false, error: { code: "Bad Code" } })).not.toEqual([]);
    expect(schemaErrors("check", { ok: true, command: "check" })).not.toEqual([]);
  });
});
