import { describe, expect, it } from "vitest";
import { ensureImports, type ModuleImport } from "../../src/edit/imports.js";
import type { ModuleKind } from "../../src/syntax/module-kind.js";
import { detectStyle } from "../../src/syntax/source-style.js";
import { caseNames, editCase, expectEdit } from "../support/edit-cases.js";

const HELPER = "ensure-imports";
const mount: ModuleImport[] = [
  { from: "@create-auth/runtime/express", named: ["ExpressAuth"] },
  { from: "./auth.js", named: ["authConfig"] },
];

const apply = (specs: ModuleImport[], kind: ModuleKind) => (text: string, ext: string) =>
  ensureImports(text, `app${ext}`, specs, kind, detectStyle(text));

const edits: { name: string; kind: ModuleKind; specs?: ModuleImport[] }[] = [
  { name: "esm-ts", kind: "esm" },
  { name: "esm-js-house-style", kind: "esm" },
  { name: "cjs-js", kind: "cjs" },
  { name: "cjs-directive-only", kind: "cjs" },
  { name: "cjs-var-style", kind: "cjs" },
  { name: "no-imports", kind: "esm" },
  { name: "partly-imported", kind: "esm" },
  { name: "imports-after-code", kind: "esm" },
  {
    name: "cjs-default-export",
    kind: "cjs",
    specs: [{ from: "@create-auth/runtime/providers/github", default: "GitHub" }],
  },
];
const unchanged: { name: string; kind: ModuleKind }[] = [
  { name: "already-imported", kind: "esm" },
  { name: "already-required", kind: "cjs" },
];

describe("ensureImports", () => {
  it("has a test entry for every case folder", () => {
    expect([...edits, ...unchanged].map((c) => c.name).sort()).toEqual(caseNames(HELPER));
  });

  it.each(edits)("ensureImports: $name", async ({ name, kind, specs }) => {
    await expectEdit(HELPER, name, apply(specs ?? mount, kind));
  });

  it.each(unchanged)("ensureImports: $name leaves the file alone", ({ name, kind }) => {
    const { before, ext } = editCase(HELPER, name);
    expect(apply(mount, kind)(before, ext)).toBe(before);
  });

  it("ensureImports: keeps CRLF line endings", () => {
    const before = 'import express from "express";\r\n\r\nconst app = express();\r\n';
    expect(apply(mount, "esm")(before, ".ts")).toBe(
      'import express from "express";\r\nimport { ExpressAuth } from "@create-auth/runtime/express";\r\nimport { authConfig } from "./auth.js";\r\n\r\nconst app = express();\r\n',
    );
  });
});
