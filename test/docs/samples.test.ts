import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const work = join(root, ".tmp", "docs-samples");

interface Sample {
  file: string;
  line: number;
  code: string;
}

/** Every ```ts block of the README and docs/, with where it came from. */
function samples(): Sample[] {
  const files = [
    "README.md",
    ...readdirSync(join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
  const found: Sample[] = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.trim() !== "```ts") continue;
      const start = i + 1;
      const body: string[] = [];
      while (++i < lines.length && lines[i]!.trim() !== "```") body.push(lines[i]!);
      found.push({ file, line: start, code: body.join("\n") });
    }
  }
  return found;
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("code samples in the documentation", () => {
  const all = samples();

  it("there are samples to check", () => {
    expect(all.length).toBeGreaterThan(10);
  });

  it("every TypeScript sample typechecks against the runtime", () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    // Samples import the app's own config as "./auth.js".
    writeFileSync(
      join(work, "auth.ts"),
      'import type { ExpressAuthConfig } from "@create-auth/runtime/express";\nexport const authConfig: ExpressAuthConfig = { providers: [] };\n',
    );
    const names = all.map((sample, i) => {
      const name = join(work, `${sample.file.replace(/[/.]/g, "_")}_${i}.ts`);
      // A sample without import/export would share one global scope with the others.
      const isModule = /^\s*(import|export)\s/m.test(sample.code);
      writeFileSync(name, `${sample.code}\n${isModule ? "" : "export {};\n"}`);
      return name;
    });
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: ["node"],
      typeRoots: [join(root, "node_modules/@types")],
      baseUrl: root,
      paths: {
        "@create-auth/runtime": ["runtime/src/index.ts"],
        "@create-auth/runtime/*": ["runtime/src/*", "runtime/src/*/index.ts"],
      },
    };
    const program = ts.createProgram([...names, join(root, "test/docs/prelude.d.ts")], options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && names.includes(d.file.fileName))
      .map((d) => {
        const sample = all[names.indexOf(d.file!.fileName)]!;
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${sample.file}:${sample.line + line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
      });
    expect(problems).toEqual([]);
  });
});
