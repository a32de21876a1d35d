import { readdirSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { providers } from "../../src/catalog/providers.js";
import { PRESET_CHECKS } from "../../src/check/rules/oauth-checks-lowered.js";
import { rules } from "../../src/check/rules.js";
import { edit, project, read, replaceIn, runCheck, write } from "../support/check-project.js";
import { copyFixture, removeTemporary, runInit } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";
import { dangerousOptionCases, type Edit, nearMisses } from "./check-dangerous-options.cases.js";
import { otherWiringCases, wiringCases } from "./check-wiring.cases.js";

afterAll(removeTemporary);

const setConfig = replaceIn("src/auth.ts");

/** The sound Express set-up with the edits made. */
function mistaken(edits: Edit[], env?: string) {
  const dir = project("express");
  for (const [from, to] of edits) setConfig(dir, from, to);
  if (env) edit(dir, ".env", (t) => t + env);
  return dir;
}

type Found = { rule: string; severity: string; file?: string; line?: number } & Record<
  "message" | "why" | "fix",
  string
>;

describe("check: dangerous options", () => {
  it.each(dangerousOptionCases)("$rule fires on $label, at its line, alone", async ({
    rule,
    edits,
    env,
    line,
  }) => {
    const run = await runCheck(mistaken(edits, env));
    expect(schemaErrors("check", run.json)).toEqual([]);
    const findings = run.json?.findings as Found[];
    expect(findings.map((f) => f.rule)).toEqual([rule]);
    expect(findings[0]).toMatchObject({ file: "src/auth.ts", line });
    for (const key of ["message", "why", "fix"] as const)
      expect(findings[0]![key]).toMatch(/\w{3}/);
    const severity = rules.find((r) => r.id === rule)!.severity;
    expect(run.exitCode).toBe(severity === "error" ? 1 : 0);
  });

  it.each(nearMisses)("$rule stays silent on $label", async ({ edits, env }) => {
    const run = await runCheck(mistaken(edits, env));
    expect(run.json?.findings).toEqual([]);
    expect(run.exitCode).toBe(0);
  });

  it("has a firing case and a near miss for every dangerous-option rule", () => {
    const firing = new Set(dangerousOptionCases.map((c) => c.rule));
    for (const rule of nearMisses.map((c) => c.rule)) expect(firing).toContain(rule);
    for (const rule of firing)
      if (rule !== "credentials-always-null") expect(nearMisses.map((c) => c.rule)).toContain(rule);
  });
});

describe("check: playground-in-production in env files", () => {
  const playground = (run: Awaited<ReturnType<typeof runCheck>>) =>
    (run.json?.findings as Found[]).filter((f) => f.rule === "playground-in-production");

  it("fires on AUTH_PLAYGROUND in .env.production, at its line", async () => {
    const dir = mistaken([]);
    write(dir, ".env.production", "AUTH_URL=https://app.example.com\nAUTH_PLAYGROUND=true\n");
    const run = await runCheck(dir);
    expect(playground(run)).toMatchObject([{ file: ".env.production", line: 2 }]);
    expect(run.exitCode).toBe(1);
  });

  it("fires on AUTH_PLAYGROUND in the loaded env file when it sets NODE_ENV=production", async () => {
    const dir = mistaken([], "NODE_ENV=production\nAUTH_PLAYGROUND=1\n");
    const found = playground(await runCheck(dir));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: ".env" });
    expect(read(dir, ".env").split("\n")[found[0]!.line! - 1]).toBe("AUTH_PLAYGROUND=1");
  });

  it("stays silent on AUTH_PLAYGROUND=false in .env.production", async () => {
    const dir = mistaken([]);
    write(dir, ".env.production", "AUTH_PLAYGROUND=false\n");
    expect(playground(await runCheck(dir))).toEqual([]);
  });
});

describe("check: this round's rules on projects fresh from init", () => {
  // This round's rules: the dangerous options and every framework's wiring.
  const dangerous = new Set(
    [...dangerousOptionCases, ...wiringCases, ...otherWiringCases].map((c) => c.rule),
  );

  // Every framework fixture, with and without init's demo user in turn.
  const fixtures = readdirSync(new URL("../fixtures/", import.meta.url)).filter((name) =>
    /^(express|fastify|hono|solid-start)/.test(name),
  );
  it.each(
    fixtures.map((fixture, i) => [fixture, i % 2 === 0] as const),
  )("%s (demo user: %s): silent, and reading the generated configuration", async (fixture, demo) => {
    const dir = copyFixture(fixture);
    const init = await runInit({
      cwd: dir,
      yes: true,
      providers: "github,credentials",
      demo,
      // SolidStart: a middleware protecting the page the fixture has, registered by init.
      ...(fixture.startsWith("solid-start") ? { protect: "/" } : {}),
      json: true,
    });
    expect(init.exitCode, init.stdout).toBe(0);
    if (fixture.startsWith("solid-start"))
      expect(read(dir, "src/middleware.ts")).toMatch(/protectedPaths: \[["']\/["']\]/);
    const run = await runCheck(dir);
    const findings = run.json?.findings as { rule: string }[];
    expect(findings.filter((f) => dangerous.has(f.rule))).toEqual([]);
    // The same rules do read the generated file: one mistake added there is found.
    const file = run.json?.config.file as string;
    edit(dir, file, (t) =>
      t.replace(/session: \{ strategy:/, "session: { maxAge: 400 * 86400, strategy:"),
    );
    const mistaken = await runCheck(dir);
    expect(mistaken.json?.findings).toContainEqual(
      expect.objectContaining({ rule: "max-age-too-long", file }),
    );
  });
});

describe("oauth-checks-lowered knows what each preset sends", () => {
  const oauthPresets = providers.filter((p) => p.kind === "oauth" || p.kind === "oidc");

  it.each(
    oauthPresets.map((p) => [p.id, p.module.replace("@create-auth/runtime/providers/", "")]),
  )("%s: the same checks as the runtime's preset", async (id, file) => {
    const preset = (await import(`../../runtime/src/providers/${file}.ts`)) as {
      default: (options?: object) => { checks?: string[] };
    };
    const sent = preset.default({ clientId: "id", clientSecret: "secret" }).checks;
    expect(PRESET_CHECKS[id] ?? ["pkce"]).toEqual(sent?.length ? sent : ["pkce"]);
  });
});

describe("check --fix on the dangerous options", () => {
  it("ties a committed debug: true to NODE_ENV, in the file's quotes, and moves nothing else", async () => {
    const dir = mistaken([["  session:", "  debug: true,\n  session:"]]);
    // A project written with single quotes keeps them.
    edit(dir, "src/auth.ts", (t) => t.replaceAll('"', "'"));
    const before = read(dir, "src/auth.ts").split("\n");
    const run = await runCheck(dir, { fix: true });
    expect(run.json?.findings).toEqual([]);
    const after = read(dir, "src/auth.ts").split("\n");
    const changed = after.filter((line, i) => line !== before[i]);
    expect(changed).toEqual(["  debug: process.env.NODE_ENV !== 'production',"]);
  });
});
