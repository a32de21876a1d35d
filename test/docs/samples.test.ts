import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { program } from "../../src/cli.js";
import { schemaErrors } from "../support/schemas.js";

const root = new URL("../../", import.meta.url).pathname;
const work = join(root, ".tmp", "docs-samples");

/**
 * What each fence language is checked for. A fence in any other language (or none) fails the
 * test: a sample nobody checks can drift from the code. Output and transcripts are `text`.
 */
const LANGUAGES = ["ts", "tsx", "diff", "json", "sh", "text"] as const;
type Language = (typeof LANGUAGES)[number];

interface Sample {
  file: string;
  line: number;
  language: string;
  code: string;
}

/** Every fenced block of the README and docs/, with its language and where it came from. */
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
      const fence = /^\s*```(\S*)/.exec(lines[i]!);
      if (!fence) continue;
      const start = i + 1;
      const body: string[] = [];
      while (++i < lines.length && lines[i]!.trim() !== "```") body.push(lines[i]!);
      found.push({ file, line: start, language: fence[1]!, code: body.join("\n") });
    }
  }
  return found;
}

const where = (sample: Sample, offset = 0) => `${sample.file}:${sample.line + offset}`;

/** The TypeScript a sample stands for: the sample, or a diff's added lines. */
function typescriptOf(sample: Sample): string {
  if (sample.language !== "diff") return sample.code;
  return sample.code
    .split("\n")
    .filter((line) => line.startsWith("+") && !line.startsWith("+++"))
    .map((line) => line.slice(1))
    .join("\n");
}

/** Shell words of a command line: no quoting in our samples; redirections and comments dropped. */
function words(line: string): string[] {
  return line
    .replace(/\s#.*$/, "")
    .replace(/\s[<>]\s*\S+/g, "")
    .trim()
    .split(/\s+/);
}

/** Parses `args` with the real CLI definition, running nothing: the usage error, if any. */
async function usageError(args: string[]): Promise<string | undefined> {
  const cli = program();
  const quiet = (command: Command) => {
    command.configureOutput({ writeErr: () => {}, writeOut: () => {} }).exitOverride();
    command.action(() => {});
    for (const sub of command.commands) quiet(sub);
  };
  quiet(cli);
  try {
    await cli.parseAsync(args, { from: "user" });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as Record<
  string,
  string
>;

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("code samples in the documentation", () => {
  const all = samples();
  const of = (...languages: Language[]) =>
    all.filter((sample) => (languages as string[]).includes(sample.language));

  it("every fence names a language that is checked (output is ```text)", () => {
    const unchecked = all
      .filter((sample) => !(LANGUAGES as readonly string[]).includes(sample.language))
      .map((sample) => `${where(sample)}: \`\`\`${sample.language}`);
    expect(unchecked).toEqual([]);
    expect(of("ts", "tsx").length).toBeGreaterThan(10);
  });

  it("every TypeScript sample (and every diff's added lines) typechecks against the runtime", () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    // Samples import the app's own config as "./auth.js".
    writeFileSync(
      join(work, "auth.ts"),
      'import type { ExpressAuthConfig } from "@create-auth/runtime/express";\nexport const authConfig: ExpressAuthConfig = { providers: [] };\n',
    );
    const checked = of("ts", "tsx", "diff");
    const names = checked.map((sample, i) => {
      const extension = sample.language === "tsx" ? "tsx" : "ts";
      const name = join(work, `${sample.file.replace(/[/.]/g, "_")}_${i}.${extension}`);
      const code = typescriptOf(sample);
      // A sample without import/export would share one global scope with the others.
      const isModule = /^\s*(import|export)\s/m.test(code);
      writeFileSync(name, `${code}\n${isModule ? "" : "export {};\n"}`);
      return name;
    });
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.Preserve,
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
        const sample = checked[names.indexOf(d.file!.fileName)]!;
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${where(sample, sample.language === "diff" ? 0 : line)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
      });
    expect(problems).toEqual([]);
    // One TypeScript program over every sample: ~15 s alone, a minute on a busy machine.
  }, 120_000);

  it("every JSON sample parses, and a --json document matches its command's schema", () => {
    const problems: string[] = [];
    for (const sample of of("json")) {
      let document: { command?: string } | undefined;
      try {
        document = JSON.parse(sample.code);
      } catch (error) {
        problems.push(`${where(sample)}: ${(error as Error).message}`);
        continue;
      }
      if (document?.command)
        for (const error of schemaErrors(document.command, document))
          problems.push(`${where(sample)}: ${error}`);
    }
    expect(problems).toEqual([]);
  });

  it("every shell sample is a command the CLI accepts, a package script, or an env assignment", async () => {
    const problems: string[] = [];
    for (const sample of of("sh")) {
      const lines = sample.code.split("\n");
      for (const [offset, line] of lines.entries()) {
        for (const command of line.replace(/\s#.*$/, "").split("&&")) {
          const [first, ...rest] = words(command);
          if (!first || first.startsWith("#")) continue;
          const at = where(sample, offset + 1);
          if (first === "npx" && rest[0] === "create-auth") {
            const error = await usageError(rest.slice(1));
            if (error) problems.push(`${at}: ${command.trim()}: ${error}`);
          } else if (first === "node" && rest[0]?.endsWith("/bin/create-auth.js")) {
            // The CLI run from a checkout of this repository (README).
            const error = await usageError(rest.slice(1));
            if (error) problems.push(`${at}: ${command.trim()}: ${error}`);
          } else if (first === "npm" && rest[0] === "run") {
            if (!scripts[rest[1]!]) problems.push(`${at}: no package script "${rest[1]}"`);
          } else if (first === "npm" && ["install", "ci", "test"].includes(rest[0]!)) {
            // The README's two commands: npm itself.
          } else if (/^AUTH_[A-Z0-9_]+=/.test(first)) {
            // Environment variables: their names are checked where the runtime reads them.
          } else problems.push(`${at}: not a command these docs may show: ${command.trim()}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The parser is not a no-op: it refuses what the CLI refuses.
    expect(await usageError(["check", "--no-such-flag"])).toMatch(/unknown option/);
    expect(await usageError(["no-such-command"])).toBeDefined();
  });
});
