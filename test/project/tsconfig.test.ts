import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findsRuntime, readTsConfig } from "../../src/project/tsconfig.js";

// Module resolution as the project's compiler derives it, defaults included.

const scratch = mkdtempSync(join(tmpdir(), "tsconfig-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;

const realTypeScript = dirname(createRequire(import.meta.url).resolve("typescript/package.json"));

/**
 * A project with `compilerOptions`, and its own TypeScript: the repository's (5.x, as most
 * projects have), or a module given as source.
 */
function project(compilerOptions: Record<string, unknown>, ownTypeScript?: string): string {
  const root = join(scratch, `p${counter++}`);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "app" }));
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ compilerOptions }));
  if (!ownTypeScript) {
    mkdirSync(join(root, "node_modules"), { recursive: true });
    symlinkSync(realTypeScript, join(root, "node_modules/typescript"), "dir");
  } else {
    mkdirSync(join(root, "node_modules/typescript"), { recursive: true });
    writeFileSync(
      join(root, "node_modules/typescript/package.json"),
      JSON.stringify({ name: "typescript", version: "9.9.9", main: "index.js" }),
    );
    writeFileSync(join(root, "node_modules/typescript/index.js"), ownTypeScript);
  }
  return root;
}

describe("readTsConfig", () => {
  it.each([
    // TypeScript 5.4+: "preserve" implies bundler resolution (the CLI used to say "classic").
    [{ module: "preserve" }, "bundler", true],
    [{ module: "NodeNext" }, "nodenext", true],
    [{ module: "ESNext", moduleResolution: "Bundler" }, "bundler", true],
    [{ module: "commonjs" }, "node10", true],
    [{ module: "commonjs", moduleResolution: "node" }, "node10", true],
    [{ module: "esnext" }, "classic", false],
  ])("%j resolves as %s (finds the runtime: %s)", (options, resolution, finds) => {
    const view = readTsConfig(project(options))!;
    expect(view.resolution).toBe(resolution);
    // Node10 finds the runtime's stub folders; only Classic never looks in node_modules.
    expect(findsRuntime(view)).toBe(finds);
  });

  it("without its compiler installed, goes by the TypeScript major the project declares", () => {
    const bare = (typescript: string) => {
      const root = join(scratch, `bare${counter++}`);
      mkdirSync(root, { recursive: true });
      writeFileSync(
        join(root, "package.json"),
        JSON.stringify({ name: "app", devDependencies: { typescript } }),
      );
      writeFileSync(
        join(root, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { module: "commonjs" } }),
      );
      return readTsConfig(root)!.resolution;
    };
    // TypeScript 5's rule for CommonJS; TypeScript 6 (the bundled compiler) moved the default.
    expect(bare("~5.9.3")).toBe("node10");
    expect(bare("^6.0.0")).toBe("bundler");
  });

  it("asks the project's own TypeScript for the default, not the CLI's", () => {
    const real = createRequire(import.meta.url).resolve("typescript");
    // A compiler whose defaults differ from the bundled one's: it must be the one consulted.
    const shim = `const ts = require(${JSON.stringify(real)});
module.exports = { ...ts, getEmitModuleResolutionKind: () => ts.ModuleResolutionKind.Node16 };`;
    expect(readTsConfig(project({ module: "commonjs" }, shim))!.resolution).toBe("node16");
  });
});
