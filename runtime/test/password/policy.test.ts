import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { weakPasswordCode } from "../../src/password/policy.js";

describe("new passwords", () => {
  it.each([
    ["seven c", "too_short"],
    ["ab\u00e9\u00e9\u00e9\u00e9\u00e9", "too_short"],
    ["x".repeat(257), "too_long"],
    ["password", "common"],
    ["Password1", "common"],
    ["qwertyuiop", "common"],
    ["12345678", "common"],
    ["iloveyou2024", "common"],
    ["aaaaaaaaaa", "common"],
    ["ada.lovelace@example.com", "common"],
    ["ADA.LOVELACE", "common"],
  ])("%j is refused (%s)", async (password, code) => {
    expect(await weakPasswordCode(password, "ada.lovelace@example.com", 8)).toBe(code);
  });

  it.each([
    "correct horse battery",
    "Tr0ub4dor&3x",
    "eight ch",
    "🐙🐙🐙🐙🐙🐙🐙🐙",
  ])("%j is accepted (length, not composition)", async (password) => {
    expect(await weakPasswordCode(password, "ada@example.com", 8)).toBeUndefined();
  });

  it("the bundled list is the output of its generator (scripts/common-passwords.mjs)", () => {
    const script = fileURLToPath(new URL("../../scripts/common-passwords.mjs", import.meta.url));
    expect(() =>
      execFileSync(process.execPath, [script, "--check"], { stdio: "pipe" }),
    ).not.toThrow();
  });
});
