import { describe, expect, it } from "vitest";
import { cjsNodeVersion, engineSeverity } from "../../src/check/rules/cjs-node-version.js";
import { runtimeVersion } from "../../src/check/rules/runtime-version.js";
import type { CheckContext } from "../../src/check/types.js";
import { majorOf } from "../../src/project/package-json.js";

// Version ranges are read by semver, the way npm reads them.

function context(extra: { engines?: string; runtime?: { version?: string; range?: string } }) {
  return {
    pkg: { name: "app", ...(extra.engines ? { engines: { node: extra.engines } } : {}) },
    framework: { framework: "express" },
    runtime: extra.runtime ?? {},
  } as unknown as CheckContext;
}

describe("cjs-node-version", () => {
  it.each([
    [">=20.19.0", false],
    [">=20.19", false],
    ["^20.19.0 || >=22.12.0", false],
    [">=22", false],
    [">=20.18", true],
    ["<=22", true],
    ["*", true],
    [">=18", true],
    ["20.x", true],
    ["not a range", false],
  ])('engines.node "%s" is reported: %s', (engines, reported) => {
    expect(cjsNodeVersion.check(context({ engines })).length > 0).toBe(reported);
  });

  it.each([
    ["20.19.0", "warning"],
    ["22.1.0", "warning"],
    ["20.18.3", "error"],
    ["18.20.0", "error"],
  ])("on Node %s the finding is a %s", (node, severity) => {
    expect(engineSeverity(node)).toBe(severity);
  });

  it("names the Node this machine runs, with the severity it gives", () => {
    const [finding] = cjsNodeVersion.check(context({ engines: ">=16.0.0" }));
    expect(finding?.message).toContain(process.versions.node);
    expect(finding?.severity).toBe(engineSeverity(process.versions.node));
  });
});

describe("runtime-version", () => {
  it.each([
    [{ version: "0.1.3" }, false],
    [{ version: "0.2.0" }, true],
    [{ range: "^0.1.0" }, false],
    [{ range: "~0.1.2" }, false],
    [{ range: ">=0.1.0" }, true],
    [{ range: "*" }, true],
    [{ range: "file:../runtime" }, false],
  ])("%j is reported: %s", (runtime, reported) => {
    expect(runtimeVersion.check(context({ runtime })).length > 0).toBe(reported);
  });
});

describe("majorOf", () => {
  it.each([
    ["^5.1.0", 5],
    ["~4.16.1", 4],
    ["4.22.1", 4],
    ["npm:express@4", 4],
    [">=4.18.2 <5", 4],
    ["<5", undefined],
    ["*", undefined],
    ["latest", undefined],
    ["workspace:*", undefined],
  ])("%s → %s", (range, major) => {
    expect(majorOf(range)).toBe(major);
  });
});
