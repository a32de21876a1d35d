import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../../runtime/test/email/smtp.js";
import { expectPasswordJourney } from "../../runtime/test/password/journey.js";
import { launchBrowser } from "../../runtime/test/support/browser.js";
import { type AddProviderOptions, addProvider } from "../../src/commands/add-provider.js";
import { expressPostgresCtlApp, removeProjects } from "../orm/kysely-projects.js";
import { runCheck } from "../support/check-project.js";
import { copyFixture, removeTemporary, runCommand, runInit, tree } from "../support/cli.js";
import { initApp, npm, start } from "../support/journey.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(() => {
  removeTemporary();
  removeProjects();
});

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

function runAdd(id: string, options: Partial<AddProviderOptions> & { cwd: string }) {
  return runCommand((io) => addProvider(id, { yes: true, install: false, ...options }, io), {
    json: options.json ?? true,
    yes: true,
  });
}

describe("init with email and password", () => {
  it("generates Password(), a database adapter and the mail keys, with no demo user", async () => {
    const dir = copyFixture("express5-ts-split");
    const dry = await runInit({ cwd: dir, providers: "password", dryRun: true, json: true });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(schemaErrors("init", dry.json)).toEqual([]);
    // The mails go through the email provider's SMTP transport.
    expect(dry.json!.plan.install.packages).toContain("nodemailer");
    const steps: string[] = dry.json!.nextSteps.list;
    expect(steps.join("\n")).toMatch(/For production, set AUTH_EMAIL_SERVER .*AUTH_EMAIL_FROM/);

    const run = await runInit({ cwd: dir, providers: "password", demo: true, yes: true });
    expect(run.exitCode, run.stderr).toBe(0);
    const config = read(dir, "src/auth.ts");
    expect(config).toMatch(/^import Password from "@create-auth\/runtime\/providers\/password";$/m);
    expect(config).toMatch(/^ {4}Password\(\),$/m);
    expect(config).toContain("adapter: postgresAdapter(embeddedDatabase()),");
    // --demo makes a demo user for Credentials only: none for real accounts.
    expect(config).not.toContain("demo");
    expect(config).not.toContain("experimental");
    const env = read(dir, ".env");
    expect(env).toMatch(/^AUTH_EMAIL_SERVER=$/m);
    expect(env).toMatch(/^AUTH_EMAIL_FROM=$/m);
    // What init writes passes check's password rules.
    const findings = (await runCheck(dir)).json?.findings as { rule: string }[];
    expect(findings.filter((f) => f.rule.startsWith("password-"))).toEqual([]);
  });

  it("can be picked interactively, then asks where sessions and the database live", async () => {
    const dir = copyFixture("express5-ts-split");
    const asked: string[] = [];
    const run = await runInit(
      { cwd: dir },
      { answers: [["password"], "jwt", "embedded", "/auth", false, true], asked },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(asked).toEqual([
      "Which sign-in methods?",
      "Where do sessions live?",
      "Which database?",
      "Where should the auth endpoints live?",
      "Does the app run behind a reverse proxy (trust X-Forwarded-* headers)?",
      "Apply these changes?",
    ]);
    expect(run.stdout).toContain("--providers password --strategy jwt --database embedded");
    expect(read(dir, "src/auth.ts")).toMatch(/^ {4}Password\(\),$/m);
  });

  it("writes the mail keys once with the email provider", async () => {
    const dir = copyFixture("express5-ts-split");
    const run = await runInit({ cwd: dir, providers: "email,password", yes: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(read(dir, ".env").match(/^AUTH_EMAIL_SERVER=/gm)).toHaveLength(1);
    expect(read(dir, "src/auth.ts")).toMatch(/^ {4}Email,\n {4}Password\(\),$/m);
  });

  it("refuses passwords without a database, naming the flag", async () => {
    const dir = copyFixture("express5-ts-split");
    const before = tree(dir);
    const run = await runInit({ cwd: dir, providers: "password", database: "none", json: true });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("invalid_combination");
    expect(run.json?.error.message).toContain("email-and-password accounts");
    expect(run.json?.error.message).toContain("--database embedded");
    expect(tree(dir)).toEqual(before);
  });
});

describe("init with email and password on an app with an ORM", () => {
  const kyselyApp = () =>
    expressPostgresCtlApp(
      `import express from "express";\n\nconst app = express();\napp.listen(3000);\n`,
    );

  it("uses the runtime's adapter, not the ORM's (which cannot store passwords)", async () => {
    const root = kyselyApp();
    const run = await runInit({ cwd: root, providers: "password", dryRun: true, json: true });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.json?.answers.database).toBe("embedded");
    const config = (run.json?.plan.files as { path: string; diff: string }[]).find((f) =>
      f.path.endsWith("auth.ts"),
    );
    expect(config?.diff).toContain("+  adapter: postgresAdapter(embeddedDatabase()),");
    expect(config?.diff).not.toContain("KyselyAdapter");
  });

  it("refuses --database <orm> with the password provider, naming what works", async () => {
    const root = kyselyApp();
    const before = tree(root);
    const run = await runInit({
      cwd: root,
      providers: "password",
      database: "kysely",
      yes: true,
      json: true,
    });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("invalid_combination");
    expect(run.json?.error.message).toContain("--database postgres");
    expect(tree(root)).toEqual(before);
  });
});

describe("add-provider password", () => {
  function project(config: string) {
    const dir = copyFixture("check-express");
    writeFileSync(join(dir, "src/auth.ts"), config);
    return dir;
  }
  const withAdapter = `import GitHub from "@create-auth/runtime/providers/github";
import { embeddedDatabase, postgresAdapter } from "@create-auth/runtime/adapters/postgres";

export const authConfig = {
  providers: [
    GitHub,
  ],
  adapter: postgresAdapter(embeddedDatabase()),
};
`;

  it("shows the plan with --dry-run and the diff with --diff, and writes nothing", async () => {
    const dir = project(withAdapter);
    const before = tree(dir);
    const dry = await runAdd("password", { cwd: dir, dryRun: true, json: false });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/update src\/auth\.ts {2}\+2 -0 {2}\(add password\)/);
    const run = await runAdd("password", { cwd: dir, diff: true, json: false });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      '+import Password from "@create-auth/runtime/providers/password";',
    );
    expect(run.stdout).toContain("+    Password(),");
    expect(run.stdout).toContain("+AUTH_EMAIL_SERVER=");
    expect(tree(dir)).toEqual(before);
  });

  it("adds the import, Password() and the mail keys once", async () => {
    const dir = project(withAdapter);
    const run = await runAdd("password", { cwd: dir, install: true, dryRun: true });
    expect(run.json?.plan.install.packages).toEqual(["nodemailer"]);

    const applied = await runAdd("password", { cwd: dir });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(schemaErrors("add-provider", applied.json)).toEqual([]);
    expect(read(dir, "src/auth.ts")).toBe(
      withAdapter
        .replace(
          'postgres";\n',
          'postgres";\nimport Password from "@create-auth/runtime/providers/password";\n',
        )
        .replace("    GitHub,\n", "    GitHub,\n    Password(),\n"),
    );
    expect(read(dir, ".env")).toMatch(/^AUTH_EMAIL_SERVER=$/m);
    expect(applied.json?.callbackUrl).toBeNull();
    // The mail keys have working defaults in development: nothing to fill in.
    expect(applied.json?.fillIn).toEqual([]);

    const before = tree(dir);
    const again = await runAdd("password", { cwd: dir });
    expect(again.exitCode).toBe(0);
    expect(again.json?.plan.files).toEqual([]);
    expect(tree(dir)).toEqual(before);
  });

  it("refuses an Auth.js adapter, which cannot store passwords, naming the runtime's", async () => {
    const dir = project(
      `import GitHub from "@create-auth/runtime/providers/github";\nimport { PrismaAdapter } from "@auth/prisma-adapter";\nimport { prisma } from "./db.js";\nexport const authConfig = { providers: [GitHub], adapter: PrismaAdapter(prisma) };\n`,
    );
    const before = tree(dir);
    const run = await runAdd("password", { cwd: dir });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("invalid_combination");
    expect(run.json?.error.message).toContain("PrismaAdapter");
    expect(run.json?.error.message).toContain("postgresAdapter(postgresDatabase())");
    expect(tree(dir)).toEqual(before);
  });

  it("refuses passwords without a database adapter, explaining why and what to add", async () => {
    const dir = project(
      `import GitHub from "@create-auth/runtime/providers/github";\nexport const authConfig = { providers: [GitHub] };\n`,
    );
    const before = tree(dir);
    const run = await runAdd("password", { cwd: dir });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error.code).toBe("invalid_combination");
    expect(run.json?.error.message).toContain("Email-and-password accounts");
    expect(run.json?.error.message).toContain("postgresAdapter(embeddedDatabase())");
    expect(tree(dir)).toEqual(before);
  });
});

describe("init, start, and every password flow in Chromium", () => {
  let browser: Browser | undefined;
  afterAll(() => browser?.close());

  it("Express 5, TypeScript, embedded database, a real SMTP server: sign up, confirm by mail, sign out, reset, sign in, change", async () => {
    const dir = copyFixture("express5-ts-split");
    npm(dir, ["install"]);
    initApp(dir, ["--providers", "password"]);
    const tsc = join(dir, "node_modules/typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "-p", dir, "--noEmit"], { cwd: dir, stdio: "pipe" });

    const smtp = await startSmtpServer();
    const app = await start(dir, join(dir, "node_modules/.bin/tsx"), ["src/server.ts"], {
      AUTH_EMAIL_SERVER: smtp.url,
      AUTH_EMAIL_FROM: "auth@example.com",
    });
    try {
      browser = await launchBrowser();
      // The app as init left it: its own home page, the handler at /auth, OWASP's hash.
      await expectPasswordJourney(
        browser,
        { origin: app.origin, base: "/auth", sessionPath: "/auth/session", home: "/", smtp },
        "ada@example.com",
      );
    } catch (error) {
      throw new Error(`${String(error)}\n--- app output ---\n${app.server.output()}`, {
        cause: error,
      });
    } finally {
      await app.server.stop();
      await smtp.close();
    }
  }, 300_000);
});
