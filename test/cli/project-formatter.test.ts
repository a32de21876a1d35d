import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addProvider } from "../../src/commands/add-provider.js";
import { copyFixture, removeTemporary, runCommand, runInit, tree } from "../support/cli.js";
import { run } from "../support/corpus.js";

// Init's output under the project's own tools, installed from the npm registry (the shared npm
// cache, --prefer-offline): Prettier and Biome format what init writes; an ESLint limited to
// ES2018 finds nothing newer in it.

afterAll(removeTemporary);

/** The fixture app with `files` added and `packages` installed in it, as its developer has them. */
async function projectWith(files: Record<string, string>, packages: string[], format?: string[]) {
  const dir = copyFixture("express4-cjs-js", false);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  const installed = await run("npm", ["install", "--no-save", ...packages], dir);
  expect(installed.exitCode, installed.all).toBe(0);
  // The developer's own files are kept formatted (init then formats the one it edits, too).
  if (format) {
    const formatted = await run(format[0]!, format.slice(1), dir);
    expect(formatted.exitCode, formatted.all).toBe(0);
  }
  return dir;
}

/** init with the demo user, not installing (the tools judge files, not the runtime). */
const demoInit = (dir: string) =>
  runInit({
    cwd: dir,
    providers: "credentials",
    demo: true,
    yes: true,
    install: false,
    gitCheck: false,
  });

/** The source files init wrote or edited. */
async function initSources(dir: string) {
  const before = tree(dir);
  const init = await demoInit(dir);
  expect(init.exitCode, init.stderr).toBe(0);
  const after = tree(dir);
  return Object.keys(after).filter((file) => /\.js$/.test(file) && after[file] !== before[file]);
}

let prettier: string;
let biome: string;
let eslint: string;
beforeAll(async () => {
  [prettier, biome, eslint] = await Promise.all([
    projectWith(
      { ".prettierrc.json": JSON.stringify({ useTabs: true, singleQuote: true, semi: false }) },
      ["prettier@3"],
      ["npx", "prettier", "--write", "src"],
    ),
    projectWith(
      {
        "biome.json": JSON.stringify({
          formatter: { indentStyle: "tab" },
          javascript: { formatter: { quoteStyle: "single", semicolons: "asNeeded" } },
        }),
      },
      ["@biomejs/biome@2"],
      ["npx", "biome", "check", "--write", "src"],
    ),
    projectWith(
      {
        "eslint.config.js": `const js = require("@eslint/js");
module.exports = [
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2018,
      sourceType: "commonjs",
      globals: { require: "readonly", module: "writable", process: "readonly", console: "readonly", __dirname: "readonly" },
    },
  },
];
`,
      },
      ["eslint@9", "@eslint/js@9"],
    ),
  ]);
}, 240_000);

describe("init in a project with its own formatter and linter", () => {
  it("Prettier (tabs, single quotes, no semicolons) finds every file init wrote formatted", async () => {
    const files = await initSources(prettier);
    expect(files).toEqual(expect.arrayContaining(["src/auth.js", "src/index.js"]));
    const check = await run("npx", ["prettier", "--check", ...files], prettier);
    expect(check.exitCode, check.all).toBe(0);
    expect(tree(prettier)["src/auth.js"]).toMatch(/^\t/m);
  });

  it("Biome (tab-indented) finds every file init wrote formatted, imports sorted", async () => {
    const files = await initSources(biome);
    expect(files).toEqual(expect.arrayContaining(["src/auth.js", "src/index.js"]));
    const check = await run("npx", ["biome", "check", ...files], biome);
    expect(check.exitCode, check.all).toBe(0);
  });

  it("ESLint with ecmaVersion 2018 reports nothing in what init wrote (no ?. or catch {})", async () => {
    const files = await initSources(eslint);
    expect(files.length).toBeGreaterThan(0);
    const lint = await run("npx", ["eslint", ...files], eslint);
    expect(lint.exitCode, lint.all).toBe(0);
  });

  it("a formatter that fails leaves init's own formatting and says so", async () => {
    const dir = copyFixture("express4-cjs-js", false);
    writeFileSync(join(dir, ".prettierrc.json"), "{}");
    mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
    const broken = join(dir, "node_modules/.bin/prettier");
    writeFileSync(broken, "#!/bin/sh\necho 'prettier: broken install' >&2\nexit 2\n");
    chmodSync(broken, 0o755);
    const init = await demoInit(dir);
    expect(init.exitCode, init.stderr).toBe(0);
    expect(`${init.stdout}${init.stderr}`).toContain(
      "Prettier could not format src/env.js, src/auth.js (prettier: broken install): kept as create-auth wrote them.",
    );
    expect(tree(dir)["src/auth.js"]).toContain("Credentials(");
  });
});

describe("add-provider in a project with its own formatter", () => {
  it("Prettier finds the configuration add-provider edited formatted (a line it had to wrap)", async () => {
    // A narrow print width: the new provider's import line is longer, so only Prettier itself
    // gets it right (the edit helpers follow quotes, semicolons and indentation, not wrapping).
    const dir = await projectWith(
      {
        ".prettierrc.json": JSON.stringify({
          printWidth: 60,
          useTabs: true,
          singleQuote: true,
          semi: false,
        }),
      },
      ["prettier@3"],
      ["npx", "prettier", "--write", "src"],
    );
    expect((await demoInit(dir)).exitCode).toBe(0);
    const before = tree(dir);
    const add = await runCommand(
      (io) => addProvider("github", { cwd: dir, yes: true, install: false }, io),
      { json: false, yes: true },
    );
    expect(add.exitCode, add.stderr).toBe(0);
    const after = tree(dir);
    const changed = Object.keys(after).filter(
      (file) => /\.js$/.test(file) && after[file] !== before[file],
    );
    expect(changed).toContain("src/auth.js");
    expect(after["src/auth.js"]).toMatch(/providers: \[[\s\S]*\bGitHub\b/);
    const check = await run("npx", ["prettier", "--check", ...changed], dir);
    expect(check.exitCode, check.all).toBe(0);
  }, 120_000);
});
