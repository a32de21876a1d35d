import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onlineRules } from "../../src/check/online/rules.js";
import { rules } from "../../src/check/rules.js";
import { check } from "../../src/commands/check.js";
import {
  type Base,
  edit,
  project,
  read,
  replaceIn,
  runCheck,
  SECRET,
  write,
} from "../support/check-project.js";
import { copyFixture, removeTemporary, runCommand } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";
import { dangerousOptionCases } from "./check-dangerous-options.cases.js";
import { passwordCases } from "./check-password.cases.js";
import { otherWiringCases, wiringCases } from "./check-wiring.cases.js";

afterAll(removeTemporary);

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", ...args], {
    cwd: dir,
    stdio: "ignore",
  });

interface Case {
  rule: string;
  base: Base;
  /** Breaks the clean project in one way. */
  mutate(dir: string): void;
  /** Where the finding must point. */
  at: { file: string; line?: number };
}

const setConfig = replaceIn("src/auth.ts");
const setApp = replaceIn("src/app.ts");
const FASTIFY_ERROR_HANDLER = `  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    reply.code(error.statusCode ?? 500).send({ message: "Something went wrong" });
  });
`;

const cases: Case[] = [
  {
    rule: "secret-missing",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => t.replace(/^AUTH_SECRET=.*\n/m, "")),
    at: { file: ".env" },
  },
  {
    rule: "secret-too-short",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => t.replace(SECRET, "k8Jd2mQ9xZ4v")),
    at: { file: ".env", line: 1 },
  },
  {
    rule: "secret-placeholder",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => t.replace(SECRET, "your-secret-here")),
    at: { file: ".env", line: 1 },
  },
  {
    rule: "secret-placeholder",
    base: "express",
    // The accept-only secret of a rotation is checked like the others.
    mutate: (dir) => edit(dir, ".env", (t) => `${t}AUTH_SECRET_NEXT=your-secret-here\n`),
    at: { file: ".env" },
  },
  {
    rule: "secret-low-entropy",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => t.replace(SECRET, "ab".repeat(24))),
    at: { file: ".env", line: 1 },
  },
  {
    rule: "secret-in-source",
    base: "express",
    mutate: (dir) =>
      setConfig(
        dir,
        "  providers: [",
        '  secret: "f3a9c1e7b5d2a8c4e6f0b9d3a7c5e1f2",\n  providers: [',
      ),
    at: { file: "src/auth.ts", line: 7 },
  },
  {
    rule: "secret-in-tracked-file",
    base: "express",
    mutate: (dir) => {
      git(dir, "add", "-f", ".env");
      git(dir, "commit", "-qm", "oops");
    },
    at: { file: ".env", line: 1 },
  },
  {
    rule: "env-file-not-ignored",
    base: "express",
    mutate: (dir) => edit(dir, ".gitignore", (t) => t.replace(".env\n", "")),
    at: { file: ".env" },
  },
  {
    rule: "secret-in-env-example",
    base: "express",
    mutate: (dir) =>
      edit(dir, ".env.example", (t) => t.replace("AUTH_SECRET=", `AUTH_SECRET=${SECRET}`)),
    at: { file: ".env.example", line: 2 },
  },
  {
    rule: "env-duplicate-key",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => `${t}AUTH_GITHUB_ID=Iv1.other\n`),
    at: { file: ".env", line: 4 },
  },
  {
    rule: "auth-url-invalid",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => `${t}AUTH_URL=localhost:3000\n`),
    at: { file: ".env", line: 4 },
  },
  {
    rule: "trust-host-misread",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => `${t}AUTH_TRUST_HOST=false\n`),
    at: { file: ".env", line: 4 },
  },
  {
    rule: "provider-env-missing",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => t.replace(/^AUTH_GITHUB_SECRET=.*\n/m, "")),
    at: { file: "src/auth.ts", line: 8 },
  },
  {
    rule: "auth-not-mounted",
    base: "express",
    mutate: (dir) =>
      edit(dir, "src/app.ts", (t) => t.replace('app.use("/auth", ExpressAuth(authConfig));\n', "")),
    at: { file: "src/auth.ts", line: 6 },
  },
  {
    rule: "express5-wildcard-mount",
    base: "express",
    mutate: (dir) => edit(dir, "src/app.ts", (t) => t.replace('"/auth"', '"/auth/*"')),
    at: { file: "src/app.ts", line: 9 },
  },
  {
    rule: "base-path-mismatch",
    base: "express",
    mutate: (dir) => edit(dir, ".env", (t) => `${t}AUTH_URL=https://app.example.com/api/auth\n`),
    at: { file: "src/app.ts", line: 9 },
  },
  {
    rule: "solid-prefix-mismatch",
    base: "solid",
    mutate: (dir) => setConfig(dir, 'prefix: "/api/auth"', 'prefix: "/auth"'),
    at: { file: "src/routes/api/auth/[...auth].ts" },
  },
  {
    rule: "fastify-prefix-mismatch",
    base: "fastify",
    mutate: (dir) => setApp(dir, '{ prefix: "/auth" }', '{ prefix: "/api/auth" }'),
    at: { file: "src/app.ts", line: 10 },
  },
  {
    rule: "fastify-register-after-start",
    base: "fastify",
    mutate: (dir) =>
      setApp(
        dir,
        "  await app.register(FastifyAuth",
        "  await app.ready();\n  await app.register(FastifyAuth",
      ),
    at: { file: "src/app.ts", line: 11 },
  },
  {
    rule: "fastify-error-handler-order",
    base: "fastify",
    mutate: (dir) => {
      setApp(dir, FASTIFY_ERROR_HANDLER, "");
      setApp(dir, '  app.get("/"', `${FASTIFY_ERROR_HANDLER}  app.get("/"`);
    },
    at: { file: "src/app.ts", line: 7 },
  },
  {
    rule: "fastify-https-without-trust-proxy",
    base: "fastify",
    mutate: (dir) => {
      setApp(dir, "Fastify({ trustProxy: 1 })", "Fastify()");
      edit(dir, ".env", (t) => `${t}AUTH_URL=https://app.example.com\n`);
    },
    at: { file: "src/app.ts", line: 6 },
  },
  {
    rule: "hono-route-shadowed",
    base: "hono",
    mutate: (dir) =>
      edit(dir, "src/app.ts", (t) =>
        t.replace(
          "export const app = new Hono();\n",
          (line) => `${line}app.get("*", (c) => c.html("<div id=root></div>"));\n`,
        ),
      ),
    at: { file: "src/app.ts", line: 7 },
  },
  {
    rule: "hono-sub-app-order",
    base: "hono",
    mutate: (dir) =>
      edit(dir, "src/app.ts", (t) =>
        t.replace(
          'app.route("/auth", HonoAuth(authConfig));\n',
          'const api = new Hono();\napp.route("/", api);\napi.route("/auth", HonoAuth(authConfig));\n',
        ),
      ),
    at: { file: "src/app.ts", line: 9 },
  },
  {
    rule: "hono-base-path-mismatch",
    base: "hono",
    mutate: (dir) => edit(dir, ".env", (t) => `${t}AUTH_URL=https://app.example.com/api/auth\n`),
    at: { file: "src/app.ts", line: 7 },
  },
  {
    rule: "hono-auth-url-behind-proxy",
    base: "hono",
    mutate: (dir) => edit(dir, ".env", (t) => `${t}AUTH_TRUST_HOST=true\n`),
    at: { file: ".env", line: 4 },
  },
  {
    rule: "hono-version",
    base: "hono",
    mutate: (dir) =>
      edit(dir, "package.json", (t) => t.replace('"hono": "^4.13.3"', '"hono": "^4.6.0"')),
    at: { file: "package.json" },
  },
  {
    rule: "https-without-trust-proxy",
    base: "express",
    mutate: (dir) => {
      edit(dir, "src/app.ts", (t) => t.replace('app.set("trust proxy", 1);\n', ""));
      edit(dir, ".env", (t) => `${t}AUTH_URL=https://app.example.com\n`);
    },
    at: { file: ".env", line: 4 },
  },
  {
    rule: "tsconfig-module-resolution",
    base: "express",
    mutate: (dir) =>
      edit(dir, "tsconfig.json", (t) =>
        t
          .replace('"module": "NodeNext"', '"module": "ESNext"')
          .replace('"moduleResolution": "NodeNext"', '"moduleResolution": "Classic"'),
      ),
    at: { file: "tsconfig.json" },
  },
  {
    rule: "esm-import-extensions",
    base: "express",
    mutate: (dir) => edit(dir, "src/app.ts", (t) => t.replace('"./auth.js"', '"./auth"')),
    at: { file: "src/app.ts", line: 3 },
  },
  {
    rule: "module-shadows-folder",
    base: "express",
    mutate: (dir) => {
      mkdirSync(join(dir, "src/auth"));
      write(dir, "src/auth/index.ts", "export const roles = [];\n");
    },
    at: { file: "src/auth.ts" },
  },
  {
    rule: "cjs-node-version",
    base: "express",
    mutate: (dir) =>
      edit(dir, "package.json", (t) =>
        t.replace('"type": "module",\n', "").replace('">=20.19"', '">=18"'),
      ),
    at: { file: "package.json" },
  },
  {
    rule: "database-without-adapter",
    base: "express",
    mutate: (dir) => setConfig(dir, 'strategy: "jwt"', 'strategy: "database"'),
    at: { file: "src/auth.ts", line: 16 },
  },
  {
    rule: "orm-schema-incomplete",
    base: "express",
    // The configuration uses Prisma's adapter, but the project has no Prisma set-up at all.
    mutate: (dir) => {
      setConfig(
        dir,
        'session: { strategy: "jwt"',
        'adapter: PrismaAdapter(prisma),\n  session: { strategy: "jwt"',
      );
      setConfig(
        dir,
        'import { findUser } from "./users.js";',
        'import { findUser } from "./users.js";\nimport { PrismaAdapter } from "@auth/prisma-adapter";\nimport { prisma } from "./db.js";',
      );
    },
    at: { file: "src/auth.ts", line: 18 },
  },
  {
    rule: "credentials-database-strategy",
    base: "express",
    mutate: (dir) => {
      setConfig(dir, "    GitHub,\n", "");
      setConfig(
        dir,
        'session: { strategy: "jwt"',
        'adapter: postgresAdapter(embeddedDatabase()),\n  session: { strategy: "database"',
      );
      setConfig(
        dir,
        'import { findUser } from "./users.js";',
        'import { findUser } from "./users.js";\nimport { embeddedDatabase, postgresAdapter } from "@create-auth/runtime/adapters/postgres";',
      );
    },
    at: { file: "src/auth.ts", line: 17 },
  },
  {
    rule: "email-without-adapter",
    base: "express",
    mutate: (dir) => {
      setConfig(dir, "    GitHub,\n", "    GitHub,\n    Email,\n");
      setConfig(
        dir,
        'import { findUser } from "./users.js";',
        'import { findUser } from "./users.js";\nimport Email from "@create-auth/runtime/providers/email";',
      );
    },
    at: { file: "src/auth.ts", line: 10 },
  },
  {
    rule: "debug-in-production",
    base: "express",
    mutate: (dir) => {
      setConfig(dir, "  providers: [", "  debug: true,\n  providers: [");
      edit(dir, ".env", (t) => `${t}NODE_ENV=production\n`);
    },
    at: { file: "src/auth.ts", line: 7 },
  },
  {
    rule: "demo-user",
    base: "express",
    mutate: (dir) =>
      setConfig(
        dir,
        "return findUser(String(credentials.email), String(credentials.password));",
        'if (credentials.password === "demo1234") return { id: "demo" };\n        return null;',
      ),
    at: { file: "src/auth.ts", line: 12 },
  },
  {
    rule: "runtime-version",
    base: "express",
    mutate: (dir) => edit(dir, "package.json", (t) => t.replace('"^0.1.0"', '"^0.3.0"')),
    at: { file: "package.json" },
  },
];

describe("check", () => {
  it.each([
    "express",
    "solid",
    "fastify",
    "hono",
  ] as const)("finds nothing wrong with a sound %s set-up", async (base) => {
    const run = await runCheck(project(base));
    expect(schemaErrors("check", run.json)).toEqual([]);
    expect(run.json?.findings).toEqual([]);
    expect(run.json?.passed).toBe(true);
    expect(run.exitCode).toBe(0);
  });

  it.each([
    ["app.use(ExpressAuth(authConfig))", 'basePath: "/auth", providers'],
    ['app.use("/", ExpressAuth(authConfig))', "providers"],
  ])("a root mount serves under basePath (default /auth): %s is sound", async (mount, config) => {
    const dir = project("express");
    edit(dir, "src/app.ts", (t) => t.replace('app.use("/auth", ExpressAuth(authConfig))', mount));
    setConfig(dir, "providers", config);
    edit(dir, ".env", (t) => `${t}AUTH_URL=https://app.example.com/auth\n`);
    const run = await runCheck(dir);
    expect(run.json?.findings).toEqual([]);
  });

  it("documents every rule in docs/check.md", () => {
    const doc = readFileSync(new URL("../../docs/check.md", import.meta.url), "utf8");
    for (const rule of rules) expect(doc).toContain(`| \`${rule.id}\` | ${rule.severity} |`);
    for (const rule of onlineRules)
      expect(doc).toContain(`| \`${rule.id}\` | ${rule.severity} (online) |`);
  });

  it("has a case for every rule, and at least 15 rules", () => {
    expect(rules.length).toBeGreaterThanOrEqual(15);
    const covered = new Set(
      [
        ...cases,
        ...dangerousOptionCases,
        ...wiringCases,
        ...otherWiringCases,
        ...passwordCases,
      ].map((c) => c.rule),
    );
    expect([...covered].sort()).toEqual(rules.map((r) => r.id).sort());
  });

  it.each(cases)("$rule: found where it is, and nothing else", async ({
    base,
    mutate,
    rule,
    at,
  }) => {
    const dir = project(base);
    mutate(dir);
    const run = await runCheck(dir);
    expect(schemaErrors("check", run.json)).toEqual([]);
    const findings = run.json?.findings as { rule: string; file?: string; line?: number }[];
    expect(findings.map((f) => f.rule)).toEqual([rule]);
    expect(findings[0]).toMatchObject(at);
    // A finding may lower its rule's severity (cjs-node-version on a Node that runs the runtime).
    const severity = (findings[0] as { severity?: string }).severity;
    expect(["error", "warning"]).toContain(severity);
    if (severity !== rules.find((r) => r.id === rule)!.severity)
      expect(rule).toBe("cjs-node-version");
    expect(run.exitCode).toBe(severity === "error" ? 1 : 0);
    for (const key of ["message", "why", "fix"])
      expect((findings[0] as unknown as Record<string, string>)[key]).toMatch(/\w{3}/);
  });
});

describe("check on TypeScript set-ups that find the runtime", () => {
  it("CommonJS on Node10 resolution is sound (the runtime ships a folder per entry point)", async () => {
    const dir = project("express");
    edit(dir, "tsconfig.json", (t) =>
      t
        .replace('"module": "NodeNext"', '"module": "CommonJS"')
        .replace('"moduleResolution": "NodeNext"', '"moduleResolution": "Node"'),
    );
    edit(dir, "package.json", (t) => t.replace('"type": "module",\n', ""));
    const findings = (await runCheck(dir)).json?.findings as { rule: string }[];
    expect(findings.map((f) => f.rule)).not.toContain("tsconfig-module-resolution");
  });

  it("TypeScript older than 4.9 cannot read the runtime's declarations", async () => {
    const dir = project("express");
    edit(dir, "package.json", (t) => t.replace('"typescript": "~5.9.3"', '"typescript": "~4.1.2"'));
    const run = await runCheck(dir);
    const findings = run.json?.findings as { rule: string; file?: string; message: string }[];
    expect(findings).toEqual([
      expect.objectContaining({
        rule: "tsconfig-module-resolution",
        file: "package.json",
        message: expect.stringContaining("TypeScript 4.1.2"),
      }),
    ]);
    expect(run.exitCode).toBe(1);
  });
});

describe("check on Fastify set-ups: what Fastify really does with order and prefixes", () => {
  const rulesFound = async (dir: string) =>
    ((await runCheck(dir)).json?.findings as { rule: string; line?: number }[]).map((f) => f.rule);

  it("a basePath below the prefix is served there: sound", async () => {
    const dir = project("fastify");
    setApp(dir, '{ prefix: "/auth" }', '{ prefix: "/api" }');
    setConfig(dir, 'basePath: "/auth"', 'basePath: "/api/auth"');
    expect(await rulesFound(dir)).toEqual([]);
  });

  it("reads the prefix of the plugin the registration is written in", async () => {
    const dir = project("fastify");
    setApp(
      dir,
      '  await app.register(FastifyAuth(authConfig), { prefix: "/auth" });',
      '  await app.register(\n    async (api) => {\n      await api.register(FastifyAuth(authConfig), { prefix: "/auth" });\n    },\n    { prefix: "/api" },\n  );',
    );
    const run = await runCheck(dir);
    expect(run.json?.findings).toMatchObject([
      { rule: "fastify-prefix-mismatch", file: "src/app.ts", line: 12 },
    ]);
    expect(run.json?.findings[0].message).toContain("prefix /api/auth, but basePath is /auth");
  });

  it("AUTH_URL's path counts where there is no basePath, and must agree with basePath", async () => {
    const dir = project("fastify");
    edit(dir, ".env", (t) => `${t}AUTH_URL=https://app.example.com/api/auth\n`);
    expect(await rulesFound(dir)).toEqual(["fastify-prefix-mismatch"]);
    setConfig(dir, '  basePath: "/auth",\n', "");
    expect(await rulesFound(dir)).toEqual(["fastify-prefix-mismatch"]);
    setApp(dir, '{ prefix: "/auth" }', '{ prefix: "/api/auth" }');
    expect(await rulesFound(dir)).toEqual([]);
  });

  it("registering after setNotFoundHandler, or without await, is sound (Fastify does not mind)", async () => {
    const dir = project("fastify");
    setApp(
      dir,
      "  await app.register(FastifyAuth",
      "  app.setNotFoundHandler((_request, reply) => reply.code(404).send());\n  app.register(FastifyAuth",
    );
    // Not awaited: it loads after the handler that follows it is set.
    setApp(dir, FASTIFY_ERROR_HANDLER, "");
    setApp(dir, '  app.get("/"', `${FASTIFY_ERROR_HANDLER}  app.get("/"`);
    expect(await rulesFound(dir)).toEqual([]);
  });

  it("an awaited registration in between loads the plugin before a later setErrorHandler", async () => {
    const dir = project("fastify");
    setApp(dir, FASTIFY_ERROR_HANDLER, "");
    setApp(dir, "  await app.register(FastifyAuth", "  app.register(FastifyAuth");
    setApp(
      dir,
      '  app.get("/"',
      `  await app.register(async () => {});\n${FASTIFY_ERROR_HANDLER}  app.get("/"`,
    );
    expect(await rulesFound(dir)).toEqual(["fastify-error-handler-order"]);
  });

  it("trustProxy is read from the app's own Fastify() call, not a test helper's", async () => {
    const dir = project("fastify");
    write(
      dir,
      "src/a-test-helper.ts",
      'import Fastify from "fastify";\nexport const app = Fastify();\n',
    );
    edit(dir, ".env", (t) => `${t}AUTH_URL=https://app.example.com\n`);
    expect(await rulesFound(dir)).toEqual([]);
    setApp(dir, "Fastify({ trustProxy: 1 })", "Fastify()");
    const run = await runCheck(dir);
    expect(run.json?.findings).toMatchObject([
      { rule: "fastify-https-without-trust-proxy", file: "src/app.ts", line: 6 },
    ]);
  });

  it("fastify-cli: trustProxy comes from its flags, its env variables or the exported options", async () => {
    const dir = project("fastify");
    edit(dir, "package.json", (t) =>
      t.replace('"dev": "tsx watch src/server.ts"', '"dev": "fastify start -l info dist/app.js"'),
    );
    setApp(dir, "Fastify({ trustProxy: 1 })", "Fastify()");
    edit(dir, "src/app.ts", (t) =>
      t
        .replace(
          /export async function buildApp\(\) \{\n {2}const app = Fastify\(\);\n/,
          'export default async function (app: import("fastify").FastifyInstance) {\n',
        )
        .replace("  return app;\n", ""),
    );
    edit(dir, ".env", (t) => `${t}AUTH_URL=https://app.example.com\n`);
    const run = await runCheck(dir);
    expect(run.json?.findings).toMatchObject([
      { rule: "fastify-https-without-trust-proxy", file: ".env", line: 4 },
    ]);
    expect(run.json?.findings[0].fix).toContain("fastify start --trust-proxy-hop 1");
    edit(dir, ".env", (t) => `${t}FASTIFY_TRUST_PROXY_HOP=1\n`);
    expect(await rulesFound(dir)).toEqual([]);
  });
});

describe("check: exit codes, --strict, --fix, --list", () => {
  it("exits 0 with warnings, and 1 with --strict", async () => {
    const dir = project("express");
    cases.find((c) => c.rule === "env-duplicate-key")!.mutate(dir);
    expect((await runCheck(dir)).exitCode).toBe(0);
    const strict = await runCheck(dir, { strict: true });
    expect(strict.exitCode).toBe(1);
    expect(strict.json).toMatchObject({ passed: false, strict: true, summary: { warnings: 1 } });
  });

  it("prints each finding with its place, why and fix", async () => {
    const dir = project("express");
    cases.find((c) => c.rule === "express5-wildcard-mount")!.mutate(dir);
    const run = await runCheck(dir, { json: false });
    expect(run.stdout).toContain("✖ express5-wildcard-mount  src/app.ts:9");
    expect(run.stdout).toMatch(/why: Express 5's router/);
    expect(run.stdout).toMatch(/fix: Mount at "\/auth".*\[--fix\]/);
    expect(run.stdout).toContain("1 error, 0 warnings (1 fixable with --fix).");
  });

  it("--fix repairs what it safely can, then checks again", async () => {
    const dir = project("express");
    for (const rule of ["secret-placeholder", "express5-wildcard-mount", "env-file-not-ignored"])
      cases.find((c) => c.rule === rule)!.mutate(dir);
    edit(dir, ".env.example", (t) => t.replace("AUTH_GITHUB_SECRET=", "AUTH_GITHUB_SECRET=real"));
    const before = await runCheck(dir);
    expect(before.json?.summary.errors).toBe(4);
    const fixed = await runCheck(dir, { fix: true });
    expect(fixed.json?.findings).toEqual([]);
    expect(fixed.exitCode).toBe(0);
    expect(read(dir, "src/app.ts")).toContain('app.use("/auth", ExpressAuth(authConfig));');
    expect(read(dir, ".env")).toMatch(/^AUTH_SECRET=[\w-]{43}$/m);
    expect(read(dir, ".env")).not.toContain("your-secret-here");
    expect(read(dir, ".gitignore")).toMatch(/^\.env$/m);
    expect(read(dir, ".env.example")).toMatch(/^AUTH_GITHUB_SECRET=$/m);
    // Nothing else in the user's file moved.
    expect(read(dir, "src/app.ts").split("\n")).toHaveLength(14);
  });

  it("--fix --dry-run shows the fixes and writes nothing", async () => {
    const dir = project("express");
    cases.find((c) => c.rule === "express5-wildcard-mount")!.mutate(dir);
    const app = read(dir, "src/app.ts");
    const run = await runCheck(dir, { fix: true, dryRun: true });
    expect(run.json?.fixed.files.map((f: { path: string }) => f.path)).toEqual(["src/app.ts"]);
    expect(read(dir, "src/app.ts")).toBe(app);
    expect(run.exitCode).toBe(1);
  });

  it("never runs the user's code", async () => {
    const dir = project("express");
    edit(
      dir,
      "src/auth.ts",
      (t) =>
        `import { writeFileSync } from "node:fs";\nwriteFileSync("executed", "yes");\nthrow new Error("ran");\n${t}`,
    );
    const run = await runCheck(dir);
    expect(run.exitCode).toBe(0);
    expect(() => read(dir, "executed")).toThrow();
  });

  it("--list names every rule with its severity", async () => {
    const run = await runCommand((io) => check({ cwd: ".", list: true }, io), { json: true });
    // The static rules, then the online ones (run with --online only).
    expect(run.json?.rules).toHaveLength(rules.length + onlineRules.length);
    expect(run.json?.rules[0]).toMatchObject({
      id: "secret-missing",
      severity: "error",
      fixable: true,
    });
  });

  it("--rule runs only the named rules, and refuses unknown ones", async () => {
    const dir = project("express");
    cases.find((c) => c.rule === "secret-placeholder")!.mutate(dir);
    cases.find((c) => c.rule === "env-duplicate-key")!.mutate(dir);
    const only = await runCheck(dir, { rule: "env-duplicate-key" });
    expect(only.json?.findings.map((f: { rule: string }) => f.rule)).toEqual(["env-duplicate-key"]);
    const unknown = await runCheck(dir, { rule: "no-such-rule" });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.json?.error.code).toBe("invalid_flag");
  });

  it("says clearly when there is no set-up to check", async () => {
    const run = await runCheck(copyFixture("express4-cjs-js"));
    expect(run.exitCode).toBe(1);
    expect(run.json?.error).toMatchObject({ code: "no_auth_config" });
  });
});

describe("secret-low-entropy judges randomness, not luck", () => {
  const weak = (value: string) =>
    rules
      .find((rule) => rule.id === "secret-low-entropy")!
      .check({
        env: {
          get: (key: string) =>
            key === "AUTH_SECRET" ? { key, value, file: ".env", line: 1 } : undefined,
        },
        setup: { config: {} },
      } as never).length > 0;

  it("never flags real random values: hex from openssl rand -hex 16, UUIDs, generated secrets", () => {
    for (let i = 0; i < 2000; i++) {
      expect(weak(randomBytes(16).toString("hex"))).toBe(false);
      expect(weak(randomUUID())).toBe(false);
      expect(weak(randomBytes(32).toString("base64url"))).toBe(false);
    }
  });

  it.each([
    "passwordpasswordpasswordpassword",
    "ab".repeat(24),
    "q".repeat(40),
    "0123456789".repeat(4),
  ])("flags %s", (value) => expect(weak(value)).toBe(true));
});
