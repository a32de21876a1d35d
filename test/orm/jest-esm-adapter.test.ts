import { afterAll, describe, expect, it } from "vitest";
import { planJestForEsmAdapter } from "../../src/orm/jest-esm-adapter.js";
import { PlanBuilder } from "../../src/plan/change-set.js";
import { readPackageJson } from "../../src/project/package-json.js";
import { removeProjects, writeProject } from "./kysely-projects.js";

afterAll(removeProjects);

const jestApp = {
  dependencies: { express: "^4.21.0" },
  devDependencies: { jest: "^29.7.0", "ts-jest": "^29.2.5" },
};

function plan(files: Record<string, string | object>, esm = false) {
  const root = writeProject(files);
  const builder = new PlanBuilder(root);
  planJestForEsmAdapter(builder, readPackageJson(root), esm, "@auth/prisma-adapter");
  const built = builder.build();
  return {
    root,
    built,
    planned: (path: string) => built.files.find((f) => f.path === path)?.after,
  };
}

describe("Jest and the ES-module-only Auth.js adapters", () => {
  it("adds the transform to a one-line jest.config.js that uses ts-jest's preset, keeping the rest", () => {
    const config =
      'module.exports = { preset: "ts-jest", testEnvironment: "node", testMatch: ["**/test/**/*.test.ts"] };\n';
    const { planned } = plan({ "package.json": jestApp, "jest.config.js": config });
    const edited = planned("jest.config.js")!;
    expect(edited).toContain(
      'preset: "ts-jest", testEnvironment: "node", testMatch: ["**/test/**/*.test.ts"]',
    );
    expect(edited).toContain(
      'transform: {"^.+/@auth/.+\\\\.js$":["ts-jest",{"tsconfig":{"allowJs":true}}]}',
    );
    expect(edited).toContain('transformIgnorePatterns: ["/node_modules/(?!@auth/)"]');
    // Still a module Node can load, and the pattern lets exactly @auth's packages through.
    const module = { exports: {} as Record<string, unknown> };
    new Function("module", edited)(module);
    const ignore = new RegExp((module.exports.transformIgnorePatterns as string[])[0]!);
    expect(ignore.test("/app/node_modules/@auth/prisma-adapter/index.js")).toBe(false);
    expect(ignore.test("/app/node_modules/express/index.js")).toBe(true);
    const [pattern] = Object.keys(module.exports.transform as object);
    expect(new RegExp(pattern!).test("/app/node_modules/@auth/core/adapters.js")).toBe(true);
  });

  it("extends a multi-line configuration property by property, and a second run changes nothing", () => {
    const config = 'module.exports = {\n  testEnvironment: "node",\n  preset: "ts-jest",\n};\n';
    const { root, planned } = plan({ "package.json": jestApp, "jest.config.js": config });
    expect(planned("jest.config.js")).toBe(
      'module.exports = {\n  testEnvironment: "node",\n  preset: "ts-jest",\n  transform: {"^.+/@auth/.+\\\\.js$":["ts-jest",{"tsconfig":{"allowJs":true}}]},\n  transformIgnorePatterns: ["/node_modules/(?!@auth/)"],\n};\n',
    );
    writeProject({ "jest.config.js": planned("jest.config.js")! }, root);
    const again = new PlanBuilder(root);
    planJestForEsmAdapter(again, readPackageJson(root), false, "@auth/prisma-adapter");
    expect(again.build().files).toEqual([]);
  });

  it('edits "jest" in package.json, or writes a config when nothing configures Jest', () => {
    const inPackage = plan({ "package.json": { ...jestApp, jest: { preset: "ts-jest" } } });
    expect(JSON.parse(inPackage.planned("package.json")!).jest).toEqual({
      preset: "ts-jest",
      transform: { "^.+/@auth/.+\\.js$": ["ts-jest", { tsconfig: { allowJs: true } }] },
      transformIgnorePatterns: ["/node_modules/(?!@auth/)"],
    });
    const none = plan({ "package.json": jestApp });
    expect(none.planned("jest.config.js")).toContain('"preset": "ts-jest"');
  });

  it("leaves the app's own transformIgnorePatterns alone and says what to add; ES-module apps need nothing", () => {
    const own = plan({
      "package.json": jestApp,
      "jest.config.js": 'module.exports = { preset: "ts-jest", transformIgnorePatterns: ["x"] };\n',
    });
    expect(own.built.files).toEqual([]);
    expect(own.built.manual.join("\n")).toMatch(/jest\.config\.js.*transformIgnorePatterns/);
    const esm = plan({ "package.json": jestApp }, true);
    expect(esm.built.files).toEqual([]);
    expect(esm.built.manual).toEqual([]);
  });
});
