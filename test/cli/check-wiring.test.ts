import { afterAll, describe, expect, it } from "vitest";
import { rules } from "../../src/check/rules.js";
import { project, replaceIn, runCheck } from "../support/check-project.js";
import { removeTemporary } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";
import { type Edit, wiringCases, wiringNearMisses } from "./check-wiring.cases.js";

afterAll(removeTemporary);

const setApp = replaceIn("src/app.ts");

function rewired(edits: Edit[]) {
  const dir = project("express");
  for (const [from, to] of edits) setApp(dir, from, to);
  return dir;
}

describe("check: Express wiring", () => {
  it.each(wiringCases)("$rule fires on $label, at the mount, alone", async ({
    rule,
    edits,
    line,
  }) => {
    const run = await runCheck(rewired(edits));
    expect(schemaErrors("check", run.json)).toEqual([]);
    const findings = run.json?.findings as { rule: string; file?: string; line?: number }[];
    expect(findings.map((f) => f.rule)).toEqual([rule]);
    expect(findings[0]).toMatchObject({ file: "src/app.ts", line });
    const severity = rules.find((r) => r.id === rule)!.severity;
    expect(run.exitCode).toBe(severity === "error" ? 1 : 0);
  });

  it.each(wiringNearMisses)("silent with $label", async ({ edits }) => {
    const run = await runCheck(rewired(edits));
    expect(run.json?.findings).toEqual([]);
  });

  it("names the handler that answers first, and the line to move above", async () => {
    const run = await runCheck(rewired(wiringCases[0]!.edits));
    expect(run.json?.findings[0].message).toContain("src/app.ts:9");
    expect(run.json?.findings[0].fix).toContain("above line 9");
  });
});
