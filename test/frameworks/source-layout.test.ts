import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 16's shape of the CLI's source, kept by a test rather than by review: no file grows past
// 400 lines, the edit helpers and the project readers do not depend on each other, and the
// project readers know nothing of the provider catalogue.

const src = resolve(import.meta.dirname, "../../src");
const files = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".ts"))
  .map((path) => join(src, path));

/** The folder of `src/` (its first segment) every relative import of `file` lands in. */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)].map((m) => m[1]!);
  return specifiers.map(
    (specifier) => relative(src, resolve(dirname(file), specifier)).split("/")[0]!,
  );
}

describe("the CLI's source layout", () => {
  it("reads every source file (the walk itself works)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.endsWith("frameworks/registry.ts"))).toBe(true);
  });

  it("has no file over 400 lines", () => {
    const long = files
      .map((file) => ({
        file: relative(src, file),
        lines: readFileSync(file, "utf8").split("\n").length - 1,
      }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });

  /** The files of `from/` that import something from `to/`. */
  const crossing = (from: string, to: string) =>
    files
      .filter((file) => relative(src, file).startsWith(`${from}/`))
      .filter((file) => importedFolders(file).includes(to))
      .map((file) => relative(src, file));

  it("keeps edit/ and project/ apart: neither imports the other", () => {
    expect(crossing("edit", "project")).toEqual([]);
    expect(crossing("project", "edit")).toEqual([]);
  });

  it("keeps project/ off the catalogue: reading a project never imports catalog/", () => {
    expect(crossing("project", "catalog")).toEqual([]);
  });

  it("finds a crossing import when there is one (the check can fail)", () => {
    const planInit = files.find((file) => file.endsWith("commands/init/plan-init.ts"))!;
    expect(importedFolders(planInit)).toContain("project");
  });
});
