import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, removeTemporary, runInit, tree } from "../support/cli.js";
import { solidStartModules } from "../support/solid-modules.js";

afterAll(removeTemporary);

interface Case {
  fixture: string;
  cwd?: string;
  flags: Record<string, string | boolean>;
  /** The user's file that gets the mount (Express, Hono), and a line it must contain afterwards. */
  edited?: [string, string];
  created: string[];
  typecheck?: boolean;
  /** SolidStart's major: its packages (a cached install) back the typecheck. */
  solid?: 1 | 2;
  /** How to load the generated config with Node: "cjs" or "esm". */
  load?: "cjs" | "esm";
}

const cases: Case[] = [
  {
    fixture: "express4-cjs-js",
    flags: { providers: "github,credentials" },
    edited: ["src/index.js", "app.use('/auth', ExpressAuth(authConfig))"],
    created: ["src/auth.js", "src/env.js", ".env", ".env.example", ".gitignore"],
    load: "cjs",
  },
  {
    fixture: "express4-esm-js",
    flags: { providers: "github", mount: "/api/auth", trustProxy: true },
    edited: ["server.js", 'server.use("/api/auth", ExpressAuth(authConfig));'],
    created: ["auth.js", "env.js", ".env", ".env.example", ".gitignore"],
    load: "esm",
  },
  {
    fixture: "express5-ts-split",
    flags: { providers: "credentials,email", database: "embedded", demo: true },
    edited: ["src/app.ts", 'app.use("/auth", ExpressAuth(authConfig));'],
    created: ["src/auth.ts", "src/env.ts", ".env", ".env.example", ".gitignore"],
    typecheck: true,
  },
  {
    fixture: "express5-ts-routers",
    flags: { providers: "google,credentials", strategy: "jwt" },
    edited: ["src/index.ts", 'app.use("/auth", ExpressAuth(authConfig));'],
    created: ["src/auth.ts", "src/env.ts", ".env", ".env.example", ".gitignore"],
    typecheck: true,
  },
  {
    fixture: "express-dotenv",
    flags: { providers: "github" },
    edited: ["src/main.js", 'app.use("/auth", ExpressAuth(authConfig));'],
    created: ["src/auth.js", ".env.example"],
    load: "esm",
  },
  {
    // JavaScript with typescript as a devDependency: the generated files are JavaScript too.
    fixture: "express-generator-js",
    flags: { providers: "github,credentials" },
    edited: ["app.js", "app.use('/auth', ExpressAuth(authConfig));"],
    created: ["auth.js", "env.js", ".env", ".env.example", ".gitignore"],
    load: "cjs",
  },
  {
    fixture: "solid-start-1-ts",
    flags: { providers: "github,credentials", protect: "/account,/admin/*" },
    edited: ["app.config.ts", 'middleware: "src/middleware.ts"'],
    created: [
      "src/auth.ts",
      "src/env.ts",
      "src/routes/api/auth/[...auth].ts",
      "src/middleware.ts",
      ".env",
      ".env.example",
      ".gitignore",
    ],
    typecheck: true,
    solid: 1,
  },
  {
    fixture: "solid-start-2-ts",
    flags: { providers: "credentials", protect: "/account" },
    edited: ["vite.config.ts", 'solidStart({ middleware: "./src/middleware.ts" })'],
    created: [
      "src/auth.ts",
      "src/env.ts",
      "src/routes/api/auth/[...auth].ts",
      "src/middleware.ts",
      ".env",
      ".env.example",
      ".gitignore",
    ],
    typecheck: true,
    solid: 2,
  },
  {
    // create-hono's nodejs template, as it comes.
    fixture: "hono-node-ts",
    flags: { providers: "github,credentials" },
    edited: ["src/index.ts", "app.route('/auth', HonoAuth(authConfig))"],
    created: ["src/auth.ts", "src/env.ts", ".env", ".env.example"],
    typecheck: true,
  },
  {
    // An API below .basePath("/api"): the endpoints go to /api/auth, after Hono's middleware.
    fixture: "hono-node-esm-js",
    flags: { providers: "github", trustProxy: true },
    edited: ["src/index.js", 'app.route("/auth", HonoAuth(authConfig));'],
    created: ["src/auth.js", "src/env.js", ".env", ".env.example", ".gitignore"],
    load: "esm",
  },
  {
    fixture: "hono-cjs-js",
    flags: { providers: "github,credentials" },
    edited: ["src/app.js", "app.route('/auth', HonoAuth(authConfig))"],
    created: ["src/auth.js", "src/env.js", ".env", ".env.example", ".gitignore"],
    load: "cjs",
  },
  {
    // Sub-apps mounted with app.route, notFound and onError; the app and the server apart.
    fixture: "hono-sub-apps-ts",
    flags: { providers: "credentials", demo: true },
    edited: ["src/app.ts", "app.route('/auth', HonoAuth(authConfig))"],
    created: ["src/auth.ts", "src/env.ts", ".env", ".env.example"],
    typecheck: true,
  },
  {
    fixture: "pnpm-workspace",
    cwd: "apps/api",
    flags: { providers: "github" },
    edited: ["src/index.js", "app.use('/auth', ExpressAuth(authConfig))"],
    created: ["src/auth.js", "src/env.js", ".env", ".env.example", ".gitignore"],
    load: "cjs",
  },
];

/** Every line of `before` still appears, in order, in `after`: only insertions were made. */
function onlyInsertions(before: string, after: string): boolean {
  const lines = after.split("\n");
  let at = 0;
  for (const line of before.split("\n")) {
    at = lines.indexOf(line, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

const masked = (text: string) => text.replace(/^AUTH_SECRET=.+$/m, "AUTH_SECRET=<generated>");

// The package manager of a fixture without a lockfile must not depend on who runs the tests.
beforeAll(() => {
  delete process.env.npm_config_user_agent;
});

describe.each(cases)("init on $fixture", ({
  fixture,
  cwd,
  flags,
  edited,
  created,
  typecheck,
  solid,
  load,
}) => {
  const setup = () => {
    const root = copyFixture(fixture);
    const dir = cwd ? join(root, cwd) : root;
    return { root, dir, original: tree(dir) };
  };

  it("writes exactly the planned files, editing user files only by insertion", async () => {
    const { dir, original } = setup();
    const run = await runInit({ cwd: dir, yes: true, json: true, ...flags });
    expect(run.exitCode, run.stderr).toBe(0);
    const plan = run.json!.plan as { files: { path: string; action: string }[] };
    const after = tree(dir);
    const changed = Object.keys(after).filter((path) => after[path] !== original[path]);
    expect(changed.sort()).toEqual(plan.files.map((f) => f.path).sort());
    for (const path of created) expect(after[path], path).toBeDefined();
    if (edited) {
      const [path, line] = edited;
      expect(after[path]).toContain(line);
      // The app file gains lines; a SolidStart config gains one property inside a line.
      if (!fixture.startsWith("solid"))
        expect(onlyInsertions(original[path]!, after[path]!)).toBe(true);
    }
    expect(
      masked(after[plan.files.find((f) => /auth\.[cm]?[jt]s$/.test(f.path))!.path]!),
    ).toMatchSnapshot();
    expect(after[".env"]).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{43}$/m);
    expect(after[".env.example"]).toMatch(/^AUTH_SECRET=$/m);
    expect(run.json!.reproduce).toContain("npx create-auth init");
  });

  it("plans the same files for the same reasons, and shows the same diff (secrets masked)", async () => {
    const { dir } = setup();
    const dry = await runInit({ cwd: dir, dryRun: true, json: true, ...flags });
    expect(dry.exitCode, dry.stderr).toBe(0);
    const { files, install, manual } = dry.json!.plan;
    expect({
      files: files.map((f: Record<string, unknown>) => [f.path, f.action, f.reasons]),
      install,
      manual,
    }).toMatchSnapshot();
    const diff = await runInit({ cwd: dir, diff: true, ...flags });
    expect(diff.stdout.slice(diff.stdout.indexOf("Plan\n"))).toMatchSnapshot();
  });

  it("changes nothing the second time", async () => {
    const { dir } = setup();
    expect((await runInit({ cwd: dir, yes: true, ...flags })).exitCode).toBe(0);
    const first = tree(dir);
    const again = await runInit({ cwd: dir, yes: true, ...flags });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain("Already set up: nothing to change.");
    expect(tree(dir)).toEqual(first);
  });

  it("--dry-run and --diff write nothing", async () => {
    const { dir, original } = setup();
    const dry = await runInit({ cwd: dir, dryRun: true, ...flags });
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain("Dry run: nothing was written.");
    const diff = await runInit({ cwd: dir, diff: true, ...flags });
    expect(diff.stdout).toMatch(/^\+\+\+ b\//m);
    expect(tree(dir)).toEqual(original);
  });

  it("restores every file byte for byte when a write fails", async () => {
    const { dir, original } = setup();
    const dry = await runInit({ cwd: dir, dryRun: true, json: true, ...flags });
    const last = (dry.json!.plan.files as { path: string }[]).at(-1)!.path;
    process.env.CREATE_AUTH_TEST_FAIL_WRITE = last;
    try {
      const run = await runInit({ cwd: dir, yes: true, json: true, ...flags });
      expect(run.exitCode).toBe(1);
      expect(run.json!.error.code).toBe("apply_failed");
      expect(run.json!.error.message).toContain("Every file was restored.");
    } finally {
      delete process.env.CREATE_AUTH_TEST_FAIL_WRITE;
    }
    expect(tree(dir)).toEqual(original);
  });

  if (typecheck || load) {
    it(
      typecheck ? "produces TypeScript that typechecks" : "produces JavaScript that loads",
      async () => {
        const { dir } = setup();
        expect((await runInit({ cwd: dir, yes: true, ...flags })).exitCode).toBe(0);
        const modules = solid
          ? solidStartModules(solid)
          : new URL("../../node_modules", import.meta.url).pathname;
        symlinkSync(modules, join(dir, "node_modules"));
        if (typecheck) {
          const tsc = new URL("../../node_modules/typescript/bin/tsc", import.meta.url).pathname;
          try {
            execFileSync(process.execPath, [tsc, "-p", dir, "--noEmit"], {
              cwd: dir,
              stdio: "pipe",
            });
          } catch (error) {
            throw new Error(String((error as { stdout?: Buffer }).stdout ?? error));
          }
        } else {
          const config = Object.keys(tree(dir)).find((path) => /^(src\/)?auth\.js$/.test(path))!;
          const code =
            load === "cjs"
              ? `const { authConfig } = require("./${config}"); console.log(authConfig.providers.length)`
              : `const { authConfig } = await import("./${config}"); console.log(authConfig.providers.length)`;
          const out = execFileSync(
            process.execPath,
            [...(load === "esm" ? ["--input-type=module"] : []), "-e", code],
            { cwd: dir },
          ).toString();
          expect(Number(out.trim())).toBeGreaterThan(0);
        }
      },
      // The first SolidStart typecheck installs its packages (cached in .tmp/ afterwards).
      solid ? 240_000 : undefined,
    );
  }
});
