import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedOP, startOP } from "../../runtime/test/oauth/op.js";
import { type AddProviderOptions, addProvider } from "../../src/commands/add-provider.js";
import { copyFixture, removeTemporary, runCommand, runInit, tree } from "../support/cli.js";
import { fixtureModules } from "../support/fixture-modules.js";
import { schemaErrors } from "../support/schemas.js";

// OpenID providers are added after their issuer's discovery document is read: a real one here.
let op: StartedOP;
beforeAll(async () => {
  op = await startOP([]);
});
afterAll(async () => {
  await op.close();
  removeTemporary();
});

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
const nodeModules = new URL("../../node_modules", import.meta.url).pathname;
const tsc = new URL("../../node_modules/typescript/bin/tsc", import.meta.url).pathname;

function runAdd(id: string, options: Partial<AddProviderOptions> & { cwd: string }) {
  return runCommand((io) => addProvider(id, { yes: true, install: false, ...options }, io), {
    json: options.json ?? true,
    yes: true,
  });
}

/** The init matrix: each fixture set up by `init`, then grown by `add-provider`. */
const matrix = [
  { fixture: "express4-cjs-js", config: "src/auth.js", load: "cjs", port: 4000 },
  { fixture: "express4-esm-js", config: "auth.js", load: "esm", port: 3000 },
  { fixture: "express5-ts-split", config: "src/auth.ts", load: "ts", port: 3001 },
  { fixture: "express5-ts-routers", config: "src/auth.ts", load: "ts", port: 8080 },
  { fixture: "express-dotenv", config: "src/auth.js", load: "esm", port: 5000 },
  { fixture: "express-generator-js", config: "auth.js", load: "cjs", port: 3000 },
  { fixture: "solid-start-1-ts", config: "src/auth.ts", load: "none", port: 3000 },
  { fixture: "solid-start-2-ts", config: "src/auth.ts", load: "none", port: 5173 },
  { fixture: "pnpm-workspace", cwd: "apps/api", config: "src/auth.js", load: "cjs", port: 4000 },
  { fixture: "fastify5-ts-factory", config: "src/auth.ts", load: "ts", port: 3000 },
  { fixture: "fastify5-cjs-js", config: "auth.js", load: "cjs", port: 4000 },
  { fixture: "fastify4-esm-js", config: "src/auth.js", load: "esm", port: 8080 },
  { fixture: "fastify-cli-esm-js", config: "auth.js", load: "esm", port: 3000 },
  // Typechecked with its own packages (fastify-tsconfig, TypeScript 6).
  { fixture: "fastify-cli-ts", config: "src/auth.ts", load: "ts", port: 3000, own: true },
  { fixture: "hono-node-ts", config: "src/auth.ts", load: "ts", port: 3000 },
  // Below the app's .basePath("/api").
  {
    fixture: "hono-node-esm-js",
    config: "src/auth.js",
    load: "esm",
    port: 8787,
    base: "/api/auth",
  },
  { fixture: "hono-cjs-js", config: "src/auth.js", load: "cjs", port: 4000 },
  { fixture: "hono-sub-apps-ts", config: "src/auth.ts", load: "ts", port: 3000 },
] as const;

describe.each(matrix)("add-provider on $fixture after init", (entry) => {
  async function setUp() {
    const root = copyFixture(entry.fixture);
    const dir = "cwd" in entry ? join(root, entry.cwd) : root;
    const init = await runInit({ cwd: dir, yes: true, providers: "credentials" });
    expect(init.exitCode, init.stderr).toBe(0);
    return dir;
  }

  it("adds the import, the entry and the env keys once, and prints the callback URL", async () => {
    const dir = await setUp();
    const run = await runAdd("github", { cwd: dir, clientId: "Iv1.abc" });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(schemaErrors("add-provider", run.json)).toEqual([]);
    const config = read(dir, entry.config);
    expect(config).toMatch(
      /(import GitHub from ["']@create-auth\/runtime\/providers\/github["']|(const|var) GitHub = require\(["']@create-auth\/runtime\/providers\/github["']\)\.default)/,
    );
    expect(config).toMatch(/^\s+GitHub,$/m);
    expect(read(dir, ".env")).toMatch(/^AUTH_GITHUB_ID=Iv1\.abc$/m);
    expect(read(dir, ".env")).toMatch(/^AUTH_GITHUB_SECRET=$/m);
    expect(read(dir, ".env.example")).toMatch(/^AUTH_GITHUB_SECRET=$/m);
    const base =
      "base" in entry ? entry.base : entry.fixture.startsWith("solid") ? "/api/auth" : "/auth";
    expect(run.json?.callbackUrl).toBe(`http://localhost:${entry.port}${base}/callback/github`);
    expect(run.json?.fillIn).toEqual(["AUTH_GITHUB_SECRET"]);

    const before = tree(dir);
    const again = await runAdd("github", { cwd: dir, json: false });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain("github is already configured: nothing to change.");
    expect(tree(dir)).toEqual(before);
  });

  if (entry.load !== "none") {
    // tsc or Node on a whole project: a generous bound for a loaded machine.
    it("leaves a configuration that still loads (or typechecks)", async () => {
      const dir = await setUp();
      expect((await runAdd("google", { cwd: dir })).exitCode).toBe(0);
      const oidc = await runAdd("oidc", {
        cwd: dir,
        id: "corp",
        issuer: op.issuer,
      });
      expect(oidc.exitCode, oidc.stderr).toBe(0);
      const modules = "own" in entry ? fixtureModules(entry.fixture) : nodeModules;
      symlinkSync(modules, join(dir, "node_modules"));
      if (entry.load === "ts") {
        const compiler = "own" in entry ? join(modules, "typescript/bin/tsc") : tsc;
        execFileSync(process.execPath, [compiler, "-p", dir, "--noEmit"], {
          cwd: dir,
          stdio: "pipe",
        });
        return;
      }
      const code =
        entry.load === "cjs"
          ? `const { authConfig } = require("./${entry.config}"); console.log(authConfig.providers.length)`
          : `const { authConfig } = await import("./${entry.config}"); console.log(authConfig.providers.length)`;
      const out = execFileSync(
        process.execPath,
        [...(entry.load === "esm" ? ["--input-type=module"] : []), "-e", code],
        { cwd: dir },
      ).toString();
      expect(Number(out.trim())).toBe(3);
    }, 120_000);
  }
});

/** Configurations written by hand, in the shapes people use. */
const shapes: { name: string; config: string; expected: RegExp }[] = [
  {
    name: "a providers variable",
    config: `import GitHub from "@create-auth/runtime/providers/github";\n\nconst providers = [\n  GitHub,\n];\n\nexport const authConfig = { providers };\n`,
    expected: /const providers = \[\n {2}GitHub,\n {2}Google,\n\];/,
  },
  {
    name: "a spread of a base list",
    config: `import GitHub from "@create-auth/runtime/providers/github";\n\nconst base = [GitHub];\n\nexport const authConfig = {\n  providers: [...base],\n};\n`,
    expected: /providers: \[\.\.\.base, Google\]/,
  },
  {
    name: "a one-line list without a trailing comma",
    config: `import GitHub from "@create-auth/runtime/providers/github";\nexport const authConfig = { providers: [GitHub], session: { strategy: "jwt" } };\n`,
    expected: /providers: \[GitHub, Google\]/,
  },
  {
    name: "an empty list",
    config: `export const authConfig = {\n  providers: [],\n};\n`,
    expected: /providers: \[Google\]/,
  },
  {
    name: "tabs and no semicolons",
    config: `import GitHub from '@create-auth/runtime/providers/github'\n\nexport const authConfig = {\n\tproviders: [\n\t\tGitHub\n\t]\n}\n`,
    expected: /\t\tGitHub,\n\t\tGoogle\n\t\]/,
  },
];

describe("add-provider on configurations written by hand", () => {
  function project(config: string) {
    const dir = copyFixture("check-express");
    writeFileSync(join(dir, "src/auth.ts"), config);
    return dir;
  }

  it.each(shapes)("$name", async ({ config, expected }) => {
    const dir = project(config);
    const run = await runAdd("google", { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    const after = read(dir, "src/auth.ts");
    expect(after).toMatch(expected);
    expect(after).toMatch(
      /^import Google from ["']@create-auth\/runtime\/providers\/google["'];?$/m,
    );
    // Idempotent in every shape.
    expect((await runAdd("google", { cwd: dir })).json?.plan.files).toEqual([]);
  });

  it("edits a configuration written inline in ExpressAuth(…)", async () => {
    const dir = project("");
    rmSync(join(dir, "src/auth.ts"));
    writeFileSync(
      join(dir, "src/app.ts"),
      `import { ExpressAuth } from "@create-auth/runtime/express";\nimport GitHub from "@create-auth/runtime/providers/github";\nimport express from "express";\n\nexport const app = express();\napp.use("/auth", ExpressAuth({ providers: [GitHub] }));\n`,
    );
    const run = await runAdd("discord", { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(read(dir, "src/app.ts")).toContain("ExpressAuth({ providers: [GitHub, Discord] })");
  });

  it("recognises providers imported from Auth.js's packages", async () => {
    const dir = project(
      `import GitHub from "@auth/express/providers/github";\nexport const authConfig = { providers: [GitHub] };\n`,
    );
    const run = await runAdd("github", { cwd: dir });
    expect(run.json?.provider.alreadyConfigured).toBe(true);
    expect(read(dir, "src/auth.ts")).not.toContain("@create-auth/runtime/providers/github");
  });

  it("adds hydra from Auth.js's module name ory-hydra, and knows it there afterwards", async () => {
    const dir = project(`export const authConfig = { providers: [] };\n`);
    const run = await runAdd("hydra", { cwd: dir, issuer: op.issuer });
    expect(run.exitCode, run.stderr).toBe(0);
    const config = read(dir, "src/auth.ts");
    expect(config).toMatch(
      /^import OryHydra from ["']@create-auth\/runtime\/providers\/ory-hydra["'];?$/m,
    );
    expect(config).toContain("OryHydra");
    expect(read(dir, ".env")).toContain(`\nAUTH_HYDRA_ISSUER=${op.issuer}\n`);
    expect(read(dir, ".env")).toMatch(/^AUTH_HYDRA_ID=$/m);
    const again = await runAdd("hydra", { cwd: dir, issuer: op.issuer });
    expect(again.json?.provider.alreadyConfigured).toBe(true);
    expect(again.json?.plan.files).toEqual([]);
  });

  it("prints the exact snippet when the providers are built in code, and still writes the env keys", async () => {
    const dir = project(
      `import { buildProviders } from "./providers.js";\nexport const authConfig = { providers: buildProviders() };\n`,
    );
    const config = read(dir, "src/auth.ts");
    const run = await runAdd("gitlab", { cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(read(dir, "src/auth.ts")).toBe(config);
    expect(run.json?.plan.manual[0]).toContain(
      'import GitLab from "@create-auth/runtime/providers/gitlab"',
    );
    expect(run.json?.plan.manual[0]).toContain("src/auth.ts");
    expect(read(dir, ".env")).toMatch(/^AUTH_GITLAB_ID=$/m);
  });
});

describe("add-provider: options and refusals", () => {
  const project = () => copyFixture("check-express");

  it("suggests the closest ids for an unknown provider", async () => {
    const run = await runAdd("githb", { cwd: project() });
    expect(run.exitCode).toBe(1);
    expect(schemaErrors("error", run.json)).toEqual([]);
    expect(run.json?.error.code).toBe("unknown_provider");
    expect(run.json?.error.message).toMatch(/Did you mean "github"/);
    expect(run.json?.error.message).toContain("Known: github, google");
  });

  it("adds any OpenID provider under its own id, with its issuer", async () => {
    const dir = project();
    const run = await runAdd("oidc", {
      cwd: dir,
      id: "corp",
      issuer: op.issuer,
      clientId: "app",
      clientSecretStdin: true,
      readStdin: async () => "s3cret-from-stdin\n",
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(read(dir, "src/auth.ts")).toContain('OIDC({ id: "corp", name: "corp" })');
    const env = read(dir, ".env");
    expect(env).toMatch(/^AUTH_CORP_ID=app$/m);
    expect(env).toMatch(/^AUTH_CORP_SECRET=s3cret-from-stdin$/m);
    expect(env).toContain(`\nAUTH_CORP_ISSUER=${op.issuer}\n`);
    expect(run.json?.callbackUrl).toBe("http://localhost:3001/auth/callback/corp");
    // A second OpenID provider with another id is another provider.
    const second = await runAdd("oidc", { cwd: dir, id: "partner" });
    expect(second.json?.provider.alreadyConfigured).toBe(false);
    expect(read(dir, "src/auth.ts")).toContain('OIDC({ id: "partner", name: "partner" })');
  });

  it.each([
    [{ id: "corp" }, "github", "--id is for"],
    [{ id: "Bad Name" }, "oidc", "--id must be"],
    [{ id: "github" }, "oidc", "--id must be"],
    [{ issuer: "http://sso.example.com" }, "keycloak", "https URL"],
    [{ issuer: "not a url" }, "okta", "must be a URL"],
    [{ issuer: "https://x.example" }, "github", "takes no --issuer"],
    [{ name: "Corp" }, "github", "--name is for"],
    [{ name: "two\nlines" }, "oidc", "--name must be"],
    [{ timeout: "0", issuer: "https://sso.example.com" }, "oidc", "--timeout must be"],
    [{ timeout: "100", discovery: false }, "oidc", "drop --no-discovery"],
  ] as const)("refuses %j for %s", async (options, id, message) => {
    const dir = project();
    const before = tree(dir);
    const run = await runAdd(id, { cwd: dir, ...options });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("invalid_flag");
    expect(run.json?.error.message).toContain(message);
    expect(tree(dir)).toEqual(before);
  });

  it("refuses email without a database adapter, explaining why", async () => {
    const run = await runAdd("email", { cwd: project() });
    expect(run.json?.error.code).toBe("invalid_combination");
    expect(run.json?.error.message).toContain("adapter");
  });

  it("never changes a value that is already set", async () => {
    const dir = project();
    writeFileSync(join(dir, ".env"), "AUTH_GITHUB_ID=kept\n");
    const run = await runAdd("gitlab", { cwd: dir });
    expect(run.exitCode).toBe(0);
    writeFileSync(join(dir, ".env"), `${read(dir, ".env")}AUTH_GITLAB_ID=mine\n`);
    rmSync(join(dir, ".env.example"));
    const again = await runAdd("gitlab", { cwd: dir, clientId: "other", json: false });
    expect(again.stderr).toContain("AUTH_GITLAB_ID is already set in .env: kept its value");
    expect(read(dir, ".env")).toMatch(/^AUTH_GITLAB_ID=mine$/m);
    expect(read(dir, ".env")).toMatch(/^AUTH_GITHUB_ID=kept$/m);
  });

  it("asks for the client id and a hidden secret in a terminal", async () => {
    const dir = project();
    const asked: string[] = [];
    const run = await runCommand((io) => addProvider("gitlab", { cwd: dir, install: false }, io), {
      interactive: { answers: ["gl-id", "gl-secret", true], asked },
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(asked).toEqual([
      "GitLab client id (empty to fill in later)",
      "GitLab client secret (hidden; empty to fill in later)",
      "Apply these changes?",
    ]);
    expect(read(dir, ".env")).toMatch(/^AUTH_GITLAB_SECRET=gl-secret$/m);
    // The diff shown before asking never prints the secret.
    expect(run.stdout).not.toContain("gl-secret");
  });

  it("--dry-run writes nothing; without a terminal, applying needs --yes", async () => {
    const dir = project();
    const before = tree(dir);
    const dry = await runAdd("gitlab", { cwd: dir, dryRun: true });
    expect(dry.json?.applied).toBe(false);
    const noYes = await runCommand(
      (io) => addProvider("gitlab", { cwd: dir, install: false }, io),
      {
        json: true,
      },
    );
    expect(noYes.json?.error).toMatchObject({ code: "missing_answer", details: { flag: "--yes" } });
    expect(tree(dir)).toEqual(before);
  });
});
