import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { rules } from "../../src/check/rules.js";
import { frameworkById, frameworks, isFrameworkId } from "../../src/frameworks/registry.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const fixtures = new URL("../fixtures/", import.meta.url).pathname;

describe("the framework registry", () => {
  it("gives every framework its own id, package, handler and default mount", () => {
    for (const key of ["id", "packageName"] as const)
      expect(new Set(frameworks.map((f) => f[key])).size, key).toBe(frameworks.length);
    const authjs = frameworks.flatMap((f) => f.authjsPackage ?? []);
    expect(new Set(authjs).size).toBe(authjs.length);
    expect(new Set(frameworks.map((f) => f.config.handler)).size).toBe(frameworks.length);
    for (const framework of frameworks) {
      expect(framework.defaultMount).toMatch(/^(\/[a-z0-9-]+)+$/);
      expect(framework.majors.length).toBeGreaterThan(0);
      expect(frameworkById(framework.id)).toBe(framework);
      expect(isFrameworkId(framework.id)).toBe(true);
    }
    expect(isFrameworkId("rails")).toBe(false);
    expect(() => frameworkById("rails")).toThrow(/No framework module/);
  });

  it("runs each framework's check rules, once, and only on its projects", () => {
    const ids = rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const framework of frameworks)
      for (const rule of framework.checkRules) {
        const registered = rules.find((r) => r.id === rule.id)!;
        const other = frameworks.find((f) => f !== framework);
        if (other)
          expect(registered.check({ framework: { framework: other.id } } as never)).toEqual([]);
      }
  });

  it("is what check's JSON schema allows as the framework name", () => {
    const schema = JSON.parse(read("schemas/check.schema.json"));
    const { name } = schema.$defs.report.properties.framework.properties;
    expect([...name.enum].sort()).toEqual(frameworks.map((f) => f.id).sort());
  });

  it("has a fixture project in test/fixtures for every framework", () => {
    const dependsOn = (dir: string) => {
      try {
        const pkg = JSON.parse(readFileSync(`${fixtures}${dir}/package.json`, "utf8"));
        return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
      } catch {
        return [];
      }
    };
    const folders = readdirSync(fixtures);
    for (const framework of frameworks)
      expect(
        folders.filter((dir) => dependsOn(dir).includes(framework.packageName)),
        framework.id,
      ).not.toEqual([]);
  });
});
