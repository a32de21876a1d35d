import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cleanEnv } from "../support/fixture-app.js";
import { freePort, startProcess } from "../support/process.js";

// The apps people really have, each a small project under test/fixtures/consumers/ that installs
// the packed runtime as a user would: a TypeScript CommonJS app on `moduleResolution: node`
// (TS 4.9, 5.9, 6), Jest 29 and Jest 26 suites of a CommonJS Express app, and ts-jest.

const fixtures = fileURLToPath(new URL("../fixtures/consumers/", import.meta.url));
const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const subpaths = Object.keys(manifest.exports)
  .filter((key) => key !== "./package.json")
  .map((key) => `@create-auth/runtime${key.slice(1)}`);
const shapes = ["ts-commonjs", "jest-29", "jest-26", "ts-jest"] as const;
const dirs = {} as Record<(typeof shapes)[number], string>;
const secret = "a-test-secret-that-is-long-enough-32";

/** Runs a command; resolves with its output, rejects with it (and the exit code). */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, env: { ...cleanEnv(), ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (error)
          reject(new Error(`${command} ${args.join(" ")} failed (${error.code}):\n${output}`));
        else resolve(output);
      },
    );
  });
}

beforeAll(async () => {
  const tarball = inject("runtimeTarball");
  // One install per fixture, all at once (network and disk bound), from the shared npm cache.
  await Promise.all(
    shapes.map(async (shape) => {
      const dir = mkdtempSync(join(tmpdir(), `create-auth-${shape}-`));
      cpSync(join(fixtures, shape), dir, { recursive: true });
      dirs[shape] = dir;
      await run(
        "npm",
        ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", tarball],
        dir,
      );
    }),
  );
}, 300_000);
afterAll(() => {
  for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
});

const compilers = [
  { name: "TypeScript 4.9", package: "typescript-4.9", extra: {} },
  { name: "TypeScript 5.9", package: "typescript", extra: {} },
  // node10 resolution is deprecated in 6 (an error unless acknowledged); it still resolves.
  { name: "TypeScript 6", package: "typescript-6", extra: { ignoreDeprecations: "6.0" } },
];

/** `tsc -p` with a tsconfig written for this run; resolves with its output. */
function tsc(dir: string, compiler: (typeof compilers)[number], config: object) {
  const file = `tsconfig.${compiler.package}.${Math.random().toString(36).slice(2)}.json`;
  writeFileSync(join(dir, file), JSON.stringify(config));
  return run(
    process.execPath,
    [join("node_modules", compiler.package, "bin/tsc"), "-p", file],
    dir,
  );
}

describe("a TypeScript CommonJS app with moduleResolution: node", () => {
  it.each(
    compilers,
  )("$name: tsc --noEmit passes, declarations checked too (no skipLibCheck)", async (compiler) => {
    const dir = dirs["ts-commonjs"];
    const config = {
      extends: "./tsconfig.json",
      compilerOptions: { noEmit: true, ...compiler.extra },
    };
    await expect(tsc(dir, compiler, config)).resolves.toBe("");
  }, 120_000);

  it("every public subpath resolves to its declarations under every module/moduleResolution pair", () => {
    const dir = dirs["ts-commonjs"];
    const pairs = [
      { module: "commonjs", moduleResolution: "node", since: 4 },
      { module: "node16", moduleResolution: "node16", since: 4 },
      { module: "nodenext", moduleResolution: "nodenext", since: 4 },
      { module: "esnext", moduleResolution: "bundler", since: 5 },
      { module: "preserve", moduleResolution: "bundler", since: 5.4 },
    ];
    const wrong: string[] = [];
    for (const compiler of compilers) {
      // Each compiler's own resolver, in process: a full `tsc` per pair costs seconds each.
      const ts = createRequire(join(dir, "package.json"))(
        compiler.package,
      ) as typeof import("typescript");
      const version = Number(ts.versionMajorMinor);
      for (const { since, ...pair } of pairs.filter((p) => p.since <= version)) {
        const { options, errors } = ts.convertCompilerOptionsFromJson(
          { ...pair, ...compiler.extra },
          dir,
        );
        expect(errors).toEqual([]);
        // A CommonJS file's imports (a require() call under bundler) get the require() types,
        // dist/cjs/; an ES module's the import ones. node10 knows no ES modules.
        const modes = [
          { mode: ts.ModuleKind.CommonJS, types: "dist/cjs/" },
          ...(pair.moduleResolution === "node"
            ? []
            : [{ mode: ts.ModuleKind.ESNext, types: "dist/" }]),
        ];
        for (const name of subpaths) {
          for (const { mode, types } of modes) {
            const resolved = ts.resolveModuleName(
              name,
              join(dir, "src/app.ts"),
              options,
              ts.sys,
              undefined,
              undefined,
              mode as never,
            ).resolvedModule;
            const file =
              resolved?.resolvedFileName.split("node_modules/@create-auth/runtime/")[1] ??
              "(unresolved)";
            const expected =
              file.startsWith(types) &&
              (types === "dist/cjs/" || !file.startsWith("dist/cjs/")) &&
              file.endsWith(".d.ts");
            if (!expected)
              wrong.push(
                `${compiler.name} ${pair.moduleResolution} ${ts.ModuleKind[mode]} ${name}: ${file}`,
              );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("TypeScript 4.9 parses the declarations of every public subpath", async () => {
    const dir = dirs["ts-commonjs"];
    const imports = subpaths.map((name, i) => `import * as entry${i} from "${name}";`).join("\n");
    const uses = `\nexport const entries = [${subpaths.map((_, i) => `entry${i}`).join(", ")}];\n`;
    writeFileSync(join(dir, "every-subpath.ts"), imports + uses);
    // The peers' own types (fastify, hono, pg…) are not installed here: syntax is the point.
    const config = {
      files: ["every-subpath.ts"],
      compilerOptions: {
        module: "commonjs",
        moduleResolution: "node",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
    };
    await expect(tsc(dir, compilers[0]!, config)).resolves.toBe("");
  }, 120_000);

  it("the compiled app runs on Node and answers GET /auth/csrf through ExpressAuth", async () => {
    const dir = dirs["ts-commonjs"];
    await run("npm", ["run", "build", "--silent"], dir);
    const port = await freePort();
    const app = await startProcess(process.execPath, ["dist/server.js"], {
      cwd: dir,
      env: { ...cleanEnv(), PORT: String(port), AUTH_SECRET: secret },
      ready: /listening on/,
    });
    try {
      const response = await fetch(`http://127.0.0.1:${port}/auth/csrf`);
      expect(response.status).toBe(200);
      expect((await response.json()).csrfToken).toMatch(/^[0-9a-f]{64}$/);
      expect(response.headers.get("set-cookie")).toContain("authjs.csrf-token=");
    } finally {
      await app.stop();
    }
  }, 120_000);
});

describe.each([
  { shape: "jest-29", tests: 3 },
  { shape: "jest-26", tests: 3 },
  { shape: "ts-jest", tests: 2 },
] as const)("the $shape suite of an Express app that imports the runtime", ({ shape, tests }) => {
  it("npm test passes, GET /auth/csrf and a credentials sign-in included", async () => {
    const output = await run("npm", ["test", "--silent", "--", "--ci"], dirs[shape]);
    expect(output).toMatch(new RegExp(`Tests:\\s+${tests} passed, ${tests} total`));
    expect(output).toContain("PASS");
  }, 120_000);
});

it("docs/runtime.md shows the Jest 26 environment that the Jest 26 suite signs in with", () => {
  const environment = readFileSync(
    join(fixtures, "jest-26/test/web-globals-environment.js"),
    "utf8",
  );
  const docs = readFileSync(new URL("../../../docs/runtime.md", import.meta.url), "utf8");
  expect(docs).toContain(`\`\`\`ts\n${environment}\`\`\``);
});
