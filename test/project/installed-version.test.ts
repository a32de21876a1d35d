import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { installedVersion } from "../../src/project/installed-version.js";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), "installed-version-"));
  roots.push(root);
  for (const [path, json] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), JSON.stringify(json));
  }
  return root;
}

const express = (version: string) => ({ name: "express", version });

describe("installedVersion", () => {
  it("prefers the project's own copy over a hoisted one", () => {
    const root = tree({
      "package.json": { workspaces: ["apps/*"] },
      "node_modules/express/package.json": express("4.21.2"),
      "apps/web/package.json": { name: "web" },
      "apps/web/node_modules/express/package.json": express("5.1.0"),
    });
    expect(installedVersion(join(root, "apps/web"), "express")).toBe("5.1.0");
  });

  it("finds a dependency hoisted to the workspace root", () => {
    const root = tree({
      "package.json": { workspaces: ["apps/*"] },
      "node_modules/express/package.json": express("4.21.2"),
      "apps/web/package.json": { name: "web" },
    });
    expect(installedVersion(join(root, "apps/web"), "express")).toBe("4.21.2");
  });

  it("ignores node_modules above a project that belongs to no workspace", () => {
    const root = tree({
      "package.json": { name: "unrelated" },
      "node_modules/express/package.json": express("4.21.2"),
      "tools/app/package.json": { name: "app" },
    });
    expect(installedVersion(join(root, "tools/app"), "express")).toBeUndefined();
  });

  it("does not look above the workspace root", () => {
    const root = tree({
      "node_modules/express/package.json": express("3.0.0"),
      "repo/package.json": { workspaces: ["apps/*"] },
      "repo/apps/web/package.json": { name: "web" },
    });
    expect(installedVersion(join(root, "repo/apps/web"), "express")).toBeUndefined();
  });
});
