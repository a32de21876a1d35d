import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rules } from "../../src/check/rules.js";
import { project, read, replaceIn, runCheck, write } from "../support/check-project.js";
import { removeTemporary } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";
import { type PasswordCase, passwordCases, passwordNearMisses } from "./check-password.cases.js";

afterAll(removeTemporary);

const setConfig = replaceIn("src/auth.ts");

/** The sound Express set-up with a `Password(…)` entry, an adapter unless told, and the case. */
function withPassword(c: PasswordCase) {
  const dir = project("express");
  const imports = [
    'import Password from "@create-auth/runtime/providers/password";',
    ...(c.adapter === false
      ? []
      : [
          'import { embeddedDatabase, postgresAdapter } from "@create-auth/runtime/adapters/postgres";',
        ]),
  ];
  setConfig(
    dir,
    'import { findUser } from "./users.js";\n',
    `import { findUser } from "./users.js";\n${imports.join("\n")}\n${c.before ?? ""}`,
  );
  setConfig(dir, "    GitHub,\n", `    GitHub,\n    ${c.provider ?? "Password()"},\n`);
  const adapter = c.adapter === false ? "" : "  adapter: postgresAdapter(embeddedDatabase()),\n";
  if (adapter || c.extra) setConfig(dir, "  session:", `${adapter}${c.extra ?? ""}  session:`);
  for (const [file, text] of Object.entries(c.files ?? {})) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    write(dir, file, text);
  }
  return dir;
}

type Found = { rule: string; severity: string; file?: string; line?: number } & Record<
  "message" | "why" | "fix",
  string
>;

describe("check: email-and-password rules", () => {
  it("finds nothing wrong with Password() and an adapter", async () => {
    const run = await runCheck(withPassword({ rule: "", label: "sound" }));
    expect(run.json?.findings).toEqual([]);
    expect(run.exitCode).toBe(0);
  });

  it.each(passwordCases)("$rule fires on $label, at its line, alone", async (c) => {
    const dir = withPassword(c);
    const run = await runCheck(dir);
    expect(schemaErrors("check", run.json)).toEqual([]);
    const findings = run.json?.findings as Found[];
    expect(findings.map((f) => f.rule)).toEqual([c.rule]);
    const at = c.at!;
    const line =
      read(dir, at.file)
        .split("\n")
        .findIndex((l) => l.includes(at.text)) + 1;
    expect(line).toBeGreaterThan(0);
    expect(findings[0]).toMatchObject({ file: at.file, line });
    for (const key of ["message", "why", "fix"] as const)
      expect(findings[0]![key]).toMatch(/\w{3}/);
    const severity = rules.find((r) => r.id === c.rule)!.severity;
    expect(run.exitCode).toBe(severity === "error" ? 1 : 0);
  });

  it.each(passwordNearMisses)("$rule stays silent on $label", async (c) => {
    const run = await runCheck(withPassword(c));
    expect(run.json?.findings).toEqual([]);
    expect(run.exitCode).toBe(0);
  });

  it("names the parameters and OWASP's default in the weak-hash finding", async () => {
    const run = await runCheck(withPassword(passwordCases[0]!));
    const [finding] = run.json?.findings as Found[];
    expect(finding!.message).toContain("N = 16384, r = 8, p = 1");
    expect(finding!.fix).toContain("N = 2^17");
  });

  it("explains the pre-hijacking risk when verification is off", async () => {
    const off = passwordCases.find((c) => c.rule === "password-verification-off")!;
    const [finding] = (await runCheck(withPassword(off))).json?.findings as Found[];
    expect(finding!.severity).toBe("warning");
    expect(finding!.why).toContain("pre-hijacking");
  });

  it("has a firing case and a near miss for every password rule", () => {
    const ids = rules.map((r) => r.id).filter((id) => id.startsWith("password-"));
    expect(ids.length).toBe(5);
    expect([...new Set(passwordCases.map((c) => c.rule))].sort()).toEqual([...ids].sort());
    for (const id of ids)
      if (id !== "password-without-adapter")
        expect(passwordNearMisses.map((c) => c.rule)).toContain(id);
  });
});
