import { afterAll, describe, expect, it } from "vitest";
import { rules } from "../../src/check/rules.js";
import { edit, project, replaceIn, runCheck } from "../support/check-project.js";
import { removeTemporary } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";
import { dangerousOptionCases, type Edit, nearMisses } from "./check-dangerous-options.cases.js";

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
