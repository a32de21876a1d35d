import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv04 from "ajv-draft-04";
import addFormats from "ajv-formats";
import { afterAll, describe, expect, it } from "vitest";
import { onlineRules } from "../../src/check/online/rules.js";
import { rules } from "../../src/check/rules.js";
import { edit, project, replaceIn, runCheck } from "../support/check-project.js";
import { removeTemporary, runBin } from "../support/cli.js";
import { addKeycloak, closedUrl } from "../support/online-servers.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

/**
 * The SARIF 2.1.0 schema as Microsoft's SARIF SDK ships it (2.1.0-rtm.5, the text OASIS
 * standardised as 2.1.0; draft-04, hence ajv-draft-04).
 */
const schemaPath = createRequire(import.meta.url).resolve(
  "@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json",
);
// The schema's patterns are ECMA-262 without the `u` flag (one has a stray `]`), as draft-04 meant.
const ajv = new Ajv04.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(ajv);
const validateSarif = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));

function sarifErrors(log: unknown): string[] {
  return validateSarif(log)
    ? []
    : (validateSarif.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

/** Findings in several files, one from the environment (no file), errors and warnings. */
function faultyProject() {
  const dir = project("express");
  const setConfig = replaceIn("src/auth.ts");
  setConfig(dir, "  providers: [", "  trustHost: true,\n  providers: [");
  setConfig(dir, "maxAge: 7 * 24 * 60 * 60", "maxAge: 60 * 60 * 24 * 400");
  edit(dir, ".env", (t) => t.replace(/^AUTH_SECRET=.*\n/m, "AUTH_SECRET=changeme\n"));
  edit(dir, "src/app.ts", (t) => t.replace('"/auth"', '"/auth/*"'));
  return dir;
}

type Result = {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } };
  }[];
};

describe("check --format sarif", () => {
  it("validates against the SARIF 2.1.0 schema and says what --format json says", async () => {
    const dir = faultyProject();
    const sarif = await runCheck(dir, { format: "sarif" });
    const json = await runCheck(dir, { format: "json" });
    expect(sarifErrors(sarif.json)).toEqual([]);
    expect(schemaErrors("check", json.json)).toEqual([]);
    // The validator is not vacuous: a result level SARIF does not have is refused.
    const tampered = structuredClone(sarif.json!);
    tampered.runs[0].results[0].level = "fatal";
    expect(sarifErrors(tampered).join()).toMatch(/level/);
    expect(sarif.exitCode).toBe(1);
    expect(json.exitCode).toBe(1);

    const findings = json.json?.findings as {
      rule: string;
      severity: string;
      file?: string;
      line?: number;
      message: string;
    }[];
    expect(findings.map((f) => f.rule)).toEqual([
      "secret-placeholder",
      "express5-wildcard-mount",
      "trust-host-hard-coded",
      "max-age-too-long",
    ]);
    const [run, ...others] = sarif.json!.runs;
    expect(others).toEqual([]);
    expect(run.tool.driver).toMatchObject({
      name: "create-auth check",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      informationUri: expect.stringMatching(/^https:\/\//),
    });
    const driverRules = run.tool.driver.rules as {
      id: string;
      shortDescription: { text: string };
      help: { text: string };
      defaultConfiguration: { level: string };
    }[];
    expect(driverRules.map((r) => r.id)).toEqual(rules.map((r) => r.id));
    for (const [i, rule] of rules.entries())
      expect(driverRules[i]).toMatchObject({
        shortDescription: { text: rule.summary },
        defaultConfiguration: { level: rule.severity },
      });
    const results = run.results as Result[];
    expect(
      results.map((r) => ({
        rule: r.ruleId,
        severity: r.level,
        message: r.message.text,
        file: r.locations[0]!.physicalLocation.artifactLocation.uri,
        line: r.locations[0]!.physicalLocation.region?.startLine,
      })),
    ).toEqual(
      findings.map(({ rule, severity, message, file, line }) => ({
        rule,
        severity,
        message,
        file,
        line,
      })),
    );
    for (const result of results) expect(driverRules[result.ruleIndex]!.id).toBe(result.ruleId);
    // The rule that fired explains this project's case in its help: why, then the fix.
    const wildcard = driverRules.find((r) => r.id === "express5-wildcard-mount")!;
    expect(wildcard.help.text).toMatch(/path-to-regexp[\s\S]*\nFix: Mount at "\/auth"/);
  });

  it("a finding without a file points at package.json, and a clean project has no results", async () => {
    const dir = project("express");
    edit(dir, ".env", (t) => t.replace(/^AUTH_SECRET=.*\n/m, ""));
    const clean = await runCheck(dir, {
      format: "sarif",
      environment: { AUTH_SECRET: "Yq3Xk9vB2mN7pL4wR8tZ1cF6hJ0sD5gA-e_UoIiKyTx" },
    });
    expect(sarifErrors(clean.json)).toEqual([]);
    expect(clean.json?.runs[0].results).toEqual([]);
    expect(clean.exitCode).toBe(0);
    const weak = await runCheck(dir, { format: "sarif", environment: { AUTH_SECRET: "short" } });
    expect(sarifErrors(weak.json)).toEqual([]);
    const [result] = weak.json!.runs[0].results as Result[];
    expect(result).toMatchObject({
      ruleId: "secret-too-short",
      level: "error",
      locations: [{ physicalLocation: { artifactLocation: { uri: "package.json" } } }],
    });
    expect(result!.locations[0]!.physicalLocation.region).toBeUndefined();
  });

  it("carries the online findings, with the online rules in the driver", async () => {
    const dir = project("express");
    addKeycloak(dir, await closedUrl());
    const sarif = await runCheck(dir, { format: "sarif", online: true });
    expect(sarifErrors(sarif.json)).toEqual([]);
    expect(sarif.exitCode).toBe(1);
    const [run] = sarif.json!.runs;
    const driverRules = run.tool.driver.rules as { id: string }[];
    const [result] = run.results as Result[];
    expect(result).toMatchObject({
      ruleId: "online-oidc-issuer",
      level: "error",
      locations: [{ physicalLocation: { artifactLocation: { uri: ".env" } } }],
    });
    expect(driverRules[result!.ruleIndex]!.id).toBe("online-oidc-issuer");
    expect(driverRules.map((r) => r.id)).toEqual([
      ...rules.map((r) => r.id),
      ...onlineRules.map((r) => r.id),
    ]);
  });

  it("refuses an unknown format, and --json with another format", async () => {
    const dir = project("express");
    expect((await runCheck(dir, { format: "xml" })).json?.error.code).toBe("invalid_flag");
    expect((await runCheck(dir, { format: "sarif", json: true })).json?.error.code).toBe(
      "invalid_flag",
    );
  });

  it("the bin prints the SARIF log alone on stdout; --json still prints the check document", () => {
    const dir = faultyProject();
    const sarif = runBin(["check", "--format", "sarif", "--cwd", dir]);
    expect(sarif.exitCode).toBe(1);
    const log = JSON.parse(sarif.stdout);
    expect(sarifErrors(log)).toEqual([]);
    expect(log.runs[0].results).toHaveLength(4);
    const json = runBin(["check", "--json", "--cwd", dir]);
    expect(JSON.parse(json.stdout)).toMatchObject({ command: "check", summary: { errors: 2 } });
    expect(JSON.parse(runBin(["check", "--format=json", "--cwd", dir]).stdout)).toEqual(
      JSON.parse(json.stdout),
    );
  });
});
