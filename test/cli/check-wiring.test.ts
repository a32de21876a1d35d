import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rules } from "../../src/check/rules.js";
import { project, replaceIn, runCheck, write } from "../support/check-project.js";
import { removeTemporary } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";
import {
  otherWiringCases,
  otherWiringNearMisses,
  type Rewiring,
  wiringCases,
  wiringNearMisses,
} from "./check-wiring.cases.js";

afterAll(removeTemporary);

function rewired({ base = "express", edits, other = {}, write: files = {} }: Rewiring) {
  const dir = project(base);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    write(dir, file, text);
  }
  for (const [file, changes] of Object.entries({ "src/app.ts": edits, ...other }))
    for (const [from, to] of changes) replaceIn(file)(dir, from, to);
  return dir;
}

describe.each([
  ["Express", wiringCases, wiringNearMisses],
  ["Fastify, Hono and SolidStart", otherWiringCases, otherWiringNearMisses],
])("check: %s wiring", (_name, cases, nearMisses) => {
  it.each(cases)("$rule fires on $label, at its line, alone", async (wiring) => {
    const { rule, line, file = "src/app.ts" } = wiring;
    const run = await runCheck(rewired(wiring));
    expect(schemaErrors("check", run.json)).toEqual([]);
    const findings = run.json?.findings as { rule: string; file?: string; line?: number }[];
    expect(findings.map((f) => f.rule)).toEqual([rule]);
    expect(findings[0]).toMatchObject({ file, line });
    const severity = rules.find((r) => r.id === rule)!.severity;
    expect(run.exitCode).toBe(severity === "error" ? 1 : 0);
  });

  it.each(nearMisses)("silent with $label", async (wiring) => {
    const run = await runCheck(rewired(wiring));
    expect(run.json?.findings).toEqual([]);
  });
});

describe("check: wiring messages", () => {
  it("Express: names the handler that answers first, and the line to move above", async () => {
    const run = await runCheck(rewired(wiringCases[0]!));
    expect(run.json?.findings[0].message).toContain("src/app.ts:9");
    expect(run.json?.findings[0].fix).toContain("above line 9");
  });

  it("Fastify: one prefix twice is a failed start, two prefixes a redirect_uri mismatch", async () => {
    const [same, two] = otherWiringCases.filter((c) => c.rule === "fastify-auth-registered-twice");
    const once = await runCheck(rewired(same!));
    expect(once.json?.findings[0].why).toContain("FST_ERR_DUPLICATED_ROUTE");
    const twice = await runCheck(rewired(two!));
    expect(twice.json?.findings[0].message).toContain('under "/auth" (src/app.ts:10)');
    expect(twice.json?.findings[0].why).toContain("redirect_uri mismatch");
  });

  it("SolidStart: names the page left open, and the pattern that covers it", async () => {
    const exact = otherWiringCases.find((c) => c.label.startsWith("an exact protected path"))!;
    const run = await runCheck(rewired(exact));
    expect(run.json?.findings[0].message).toContain(
      "src/routes/account/settings.tsx serves /account/settings",
    );
    expect(run.json?.findings[0].fix).toContain('"/account/*"');
  });
});
