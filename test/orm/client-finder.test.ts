import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { importStatement } from "../../src/edit/imports.js";
import { callsOneOf, clientImport, findClient } from "../../src/orm/client-export.js";
import { detectStyle } from "../../src/syntax/source-style.js";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function project(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), "client-finder-"));
  writeFileSync(join(root, "package.json"), "{}");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const prisma = (dir: string) =>
  findClient(dir, /PrismaClient/, (node) => callsOneOf(node, ["PrismaClient"]));

describe("findClient: where the app creates and exports its client", () => {
  it.each([
    ["export const", "export const prisma = new PrismaClient();\n", "prisma"],
    [
      "the globalThis singleton",
      "const g = globalThis as any;\nexport const db = g.prisma ?? new PrismaClient({ log: ['query'] });\nif (process.env.NODE_ENV !== 'production') g.prisma = db;\n",
      "db",
    ],
    [
      "a later export list",
      "const client = new PrismaClient();\nexport { client as prisma };\n",
      "prisma",
    ],
    ["export default", "export default new PrismaClient();\n", "default"],
    [
      "a default-exported variable",
      "const prisma = new PrismaClient();\nexport default prisma;\n",
      "default",
    ],
    [
      "CommonJS module.exports",
      "const prisma = new PrismaClient();\nmodule.exports = prisma;\n",
      "module.exports",
    ],
    [
      "CommonJS exports object",
      "const prisma = new PrismaClient();\nmodule.exports = { prisma };\n",
      "prisma",
    ],
    ["CommonJS exports.name", "exports.db = new PrismaClient();\n", "db"],
    ["an extended client", "export const prisma = new PrismaClient().$extends({});\n", "prisma"],
    [
      "a factory function whose call is exported",
      "export function createDb() {\n  return new PrismaClient();\n}\n\nexport const db = createDb();\n",
      "db",
    ],
    [
      "an arrow factory whose call is exported",
      "const makeClient = () => new PrismaClient();\nexport const prisma = makeClient();\n",
      "prisma",
    ],
  ])("%s", (_, text, name) => {
    const dir = project({
      "src/lib/db.ts": `import { PrismaClient } from "@prisma/client";\n${text}`,
    });
    const { client } = prisma(dir);
    expect(client).toMatchObject({ file: "src/lib/db.ts", name });
    expect(client?.evidence).toMatch(/^src\/lib\/db\.ts:\d+: /);
  });

  it("ignores clients of tests, seeds and scripts, and prefers an exported one in a db module", () => {
    const dir = project({
      "prisma/seed.ts": "export const prisma = new PrismaClient();\n",
      "test/setup.ts": "export const prisma = new PrismaClient();\n",
      "src/routes/users.ts":
        "const prisma = new PrismaClient();\nrouter.get('/', () => prisma.user.findMany());\n",
      "src/services/report.ts": "export const reporting = new PrismaClient();\n",
      "src/db.ts": "export const prisma = new PrismaClient();\n",
    });
    const found = prisma(dir);
    expect(found.client).toMatchObject({ file: "src/db.ts", name: "prisma" });
    expect(found.others).toEqual([expect.stringMatching(/^src\/services\/report\.ts:1:/)]);
    expect(found.unexported).toEqual([expect.stringMatching(/^src\/routes\/users\.ts:1:/)]);
  });

  it("finds no client to import when a factory's result is only held by a local variable", () => {
    const dir = project({
      "src/db.ts":
        "function createDb() {\n  return new PrismaClient();\n}\nconst db = createDb();\nexport function users() {\n  return db.user.findMany();\n}\n",
    });
    const found = prisma(dir);
    expect(found.client).toBeUndefined();
    expect(found.unexported).toEqual([expect.stringMatching(/^src\/db\.ts:2: /)]);
  });

  it("finds no client to import when the app only creates one inside a module", () => {
    const dir = project({
      "src/app.ts":
        "function handler() {\n  const prisma = new PrismaClient();\n  return prisma;\n}\n",
    });
    const found = prisma(dir);
    expect(found.client).toBeUndefined();
    expect(found.unexported).toHaveLength(1);
  });
});

describe("clientImport: the configuration's import of the app's client", () => {
  const style = detectStyle('import x from "y";\n');
  const at = (configFile: string, kind: "esm" | "cjs", withExtension: boolean) => ({
    configFile,
    kind,
    withExtension,
  });

  it("imports a named export relatively, with the emitted extension where the app uses one", () => {
    const { spec, binding } = clientImport(
      { file: "src/lib/db.ts", name: "prisma", evidence: "" },
      at("src/auth.ts", "esm", true),
      "prisma",
    );
    expect(binding).toBe("prisma");
    expect(importStatement(spec, "esm", style)).toBe('import { prisma } from "./lib/db.js";');
  });

  it("binds a default export and a CommonJS module.exports to the local name", () => {
    const client = { file: "db.js", evidence: "" };
    const esm = clientImport({ ...client, name: "default" }, at("src/auth.js", "esm", true), "db");
    expect(importStatement(esm.spec, "esm", style)).toBe('import db from "../db.js";');
    const cjs = clientImport(
      { ...client, name: "module.exports" },
      at("src/auth.js", "cjs", false),
      "db",
    );
    expect(importStatement(cjs.spec, "cjs", style)).toBe('const db = require("../db");');
    expect(cjs.binding).toBe("db");
  });
});
