import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, loopbackContext } from "../../runtime/test/support/browser.js";
import { cleanEnv } from "../../runtime/test/support/fixture-app.js";
import {
  freePort,
  type StartedProcess,
  startDetached,
  waitForHttp,
} from "../../runtime/test/support/process.js";
import { copyFixture, removeTemporary, tree } from "../support/cli.js";
import { addMeRoute, edit, initApp, npm, start } from "../support/journey.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  removeTemporary();
});

/** Signs in on the built-in page with the demo user, reads the protected route, signs out. */
async function signInAndOut(
  page: Page,
  origin: string,
  authBase: string,
  protectedPath: string,
  meUrl: string,
) {
  await page.goto(`${origin}${protectedPath}`);
  expect(page.url()).toContain(`${authBase}/signin`);
  await page.fill('input[name="email"]', "demo@example.com");
  await page.fill('input[name="password"]', "demo1234");
  await Promise.all([
    page.waitForURL(`${origin}${protectedPath}`),
    page.click('button:has-text("Sign in with Credentials")'),
  ]);
  const session = await page.evaluate(async (url) => (await fetch(url)).json(), meUrl);
  expect(JSON.stringify(session)).toContain("demo@example.com");
  await page.goto(`${origin}${authBase}/signout`);
  await Promise.all([page.waitForLoadState("load"), page.click("#submitButton")]);
  await page.goto(`${origin}${protectedPath}`);
  expect(page.url()).toContain(`${authBase}/signin`);
}

/**
 * The SolidStart demo driven by clicks only (after the first load): the router handles "Your
 * account", so the page itself must send a signed-out visitor to sign in; "Sign out" must
 * leave the router (a full load of the auth page), never a blank page.
 */
async function demoWithClientNavigation(page: Page, origin: string) {
  await page.goto(origin);
  await page.waitForLoadState("networkidle");
  // Signed out: a client-side navigation to /account ends on the sign-in page, not "Loading…".
  await Promise.all([
    page.waitForURL(`${origin}/api/auth/signin?**`),
    page.click('a:has-text("Your account")'),
  ]);
  await page.fill('input[name="email"]', "demo@example.com");
  await page.fill('input[name="password"]', "demo1234");
  await Promise.all([
    page.waitForURL(`${origin}/account`),
    page.click('button:has-text("Sign in with Credentials")'),
  ]);
  await expect.poll(() => page.textContent("#user")).toContain("demo@example.com");
  // "Sign out" is a full load of the sign-out page, which then signs out and goes home.
  await Promise.all([
    page.waitForURL(`${origin}/api/auth/signout**`),
    page.click('a:has-text("Sign out")'),
  ]);
  expect(await page.textContent("h1")).toBe("Sign out");
  await Promise.all([page.waitForURL(`${origin}/`), page.click("#submitButton")]);
  expect(await page.textContent("h1")).toBe("Welcome");
  await page.waitForLoadState("networkidle");
  // Signed out again: the client-side visit to /account is sent to sign in, told why.
  await Promise.all([
    page.waitForURL(`${origin}/api/auth/signin?**`),
    page.click('a:has-text("Your account")'),
  ]);
  expect(await page.textContent(".notice")).toContain("You are signed out.");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/account");
}

async function withPage(run: (page: Page) => Promise<void>) {
  const context = await loopbackContext(browser);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

describe("init, install, start, sign in: the whole journey", () => {
  let server: StartedProcess | undefined;
  afterAll(() => server?.stop());

  it("Express 4, CommonJS JavaScript", async () => {
    const dir = copyFixture("express4-cjs-js");
    npm(dir, ["install"]);
    initApp(dir, ["--providers", "credentials"]);
    addMeRoute(dir);
    const app = await start(dir, process.execPath, ["src/index.js"]);
    server = app.server;
    await withPage((page) => signInAndOut(page, app.origin, "/auth", "/me", "/me"));
    await app.server.stop();
  }, 180_000);

  it("Express 5, TypeScript, app and server in separate files, embedded database", async () => {
    const dir = copyFixture("express5-ts-split");
    npm(dir, ["install"]);
    initApp(dir, ["--providers", "credentials,email", "--database", "embedded"]);
    edit(
      dir,
      "src/app.ts",
      (text) =>
        `${text.replace('import { authConfig } from "./auth.js";', 'import { authConfig } from "./auth.js";\nimport { requireAuth } from "@create-auth/runtime/express";')}\napp.get("/me", requireAuth(authConfig), (_req, res) => {\n  res.json(res.locals.session);\n});\n`,
    );
    const tsc = join(dir, "node_modules/typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "-p", dir, "--noEmit"], { cwd: dir, stdio: "pipe" });
    const app = await start(dir, join(dir, "node_modules/.bin/tsx"), ["src/server.ts"]);
    server = app.server;
    await withPage((page) => signInAndOut(page, app.origin, "/auth", "/me", "/me"));
    await app.server.stop();
  }, 240_000);

  it("Fastify 5, TypeScript, app built in a factory with a prefixed routes plugin and a not-found handler", async () => {
    const dir = copyFixture("fastify5-ts-factory");
    npm(dir, ["install"]);
    const tsx = join(dir, "node_modules/.bin/tsx");
    // What the app answers before auth is added: a route under its prefix, a missing item (the
    // route calls the not-found handler) and an unknown path.
    const answers = async (origin: string, paths: string[]) =>
      Promise.all(
        paths.map(async (path) => {
          const response = await fetch(`${origin}${path}`, {
            headers: { accept: "application/json" },
          });
          return { path, status: response.status, body: await response.text() };
        }),
      );
    const paths = ["/api/items", "/api/items/99", "/nope"];
    const plain = await start(dir, tsx, ["src/server.ts"]);
    server = plain.server;
    const before = await answers(plain.origin, paths);
    await plain.server.stop();
    expect(before.map((answer) => answer.status)).toEqual([200, 404, 404]);

    initApp(dir, ["--providers", "credentials"]);
    const app = readFileSync(join(dir, "src/app.ts"), "utf8");
    expect(app).toContain('await app.register(FastifyAuth(authConfig), { prefix: "/auth" });');
    // A second run changes nothing.
    const installed = tree(dir);
    initApp(dir, ["--providers", "credentials"]);
    expect(tree(dir)).toEqual(installed);

    edit(dir, "src/app.ts", (text) =>
      text
        .replace(
          'import { FastifyAuth } from "@create-auth/runtime/fastify";',
          'import { FastifyAuth, requireAuth } from "@create-auth/runtime/fastify";',
        )
        .replace(
          "  return app;",
          '  app.get("/me", { preHandler: requireAuth(authConfig) }, async (request) => request.session);\n\n  return app;',
        ),
    );
    const tsc = join(dir, "node_modules/typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "-p", dir, "--noEmit"], { cwd: dir, stdio: "pipe" });
    const started = await start(dir, tsx, ["src/server.ts"]);
    server = started.server;
    // The existing routes and the not-found handler answer as before; paths under /auth that
    // are not auth endpoints reach the app's own not-found handler too.
    expect(await answers(started.origin, paths)).toEqual(before);
    const [underAuth] = await answers(started.origin, ["/auth/nope"]);
    expect(underAuth).toMatchObject({
      status: 404,
      body: '{"error":"not_found","path":"/auth/nope"}',
    });
    await withPage((page) => signInAndOut(page, started.origin, "/auth", "/me", "/me"));
    await started.server.stop();
  }, 240_000);

  it("Hono on @hono/node-server, TypeScript, sub-apps and notFound; a second init changes nothing", async () => {
    const dir = copyFixture("hono-sub-apps-ts");
    npm(dir, ["install"]);
    initApp(dir, ["--providers", "credentials"]);
    const app = tree(dir)["src/app.ts"]!;
    expect(app).toContain("app.use(logger())\napp.route('/auth', HonoAuth(authConfig))\n");
    // A protected route, written as a user would after init.
    edit(dir, "src/app.ts", (text) =>
      text
        .replace(
          "import { authConfig } from './auth.js'",
          "import { authConfig } from './auth.js'\nimport { requireAuth } from '@create-auth/runtime/hono'",
        )
        .replace(
          "app.notFound(",
          "app.get('/me', requireAuth(authConfig), (c) => c.json(c.get('session')))\n\napp.notFound(",
        ),
    );
    // The project's own TypeScript (create-hono's: 7.x) typechecks the result.
    execFileSync(join(dir, "node_modules/.bin/tsc"), ["-p", dir, "--noEmit"], {
      cwd: dir,
      stdio: "pipe",
    });
    const started = await start(dir, join(dir, "node_modules/.bin/tsx"), ["src/index.ts"]);
    server = started.server;
    const { origin } = started;
    // The app's own routes answer as before: a sub-app, the notFound handler (also below /auth).
    const books = await fetch(`${origin}/books/2`);
    expect(await books.json()).toEqual({ id: 2, title: "Kindred", authorId: 2 });
    for (const path of ["/nope", "/auth/nope"]) {
      const missing = await fetch(`${origin}${path}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "Not Found", path });
    }
    await withPage((page) => signInAndOut(page, origin, "/auth", "/me", "/me"));
    await started.server.stop();

    const before = tree(dir);
    const again = initApp(dir, ["--providers", "credentials"]);
    expect(again.stdout).toContain("Already set up: nothing to change.");
    expect(tree(dir)).toEqual(before);
  }, 240_000);

  it("SolidStart 1, TypeScript, middleware-protected page", async () => {
    const dir = copyFixture("solid-start-1-ts");
    writeFileSync(
      join(dir, "package-lock.json"),
      readFileSync(
        new URL("../../runtime/test/fixtures/solid-start-1/package-lock.json", import.meta.url),
      ),
    );
    npm(dir, ["install"]);
    initApp(dir, ["--providers", "credentials", "--protect", "/account"]);
    // The demo's pages (`npm run demo -- --framework solid-start`): home, account, /api/me.
    cpSync(
      new URL("../../examples/solid-start-app/src/routes", import.meta.url),
      join(dir, "src/routes"),
      {
        recursive: true,
      },
    );
    // The generated TypeScript typechecks against the installed runtime and SolidStart.
    const tsc = new URL("../../node_modules/typescript/bin/tsc", import.meta.url).pathname;
    execFileSync(process.execPath, [tsc, "-p", dir, "--noEmit"], { cwd: dir, stdio: "pipe" });
    execFileSync(join(dir, "node_modules/.bin/vinxi"), ["build"], {
      cwd: dir,
      stdio: "pipe",
      env: { ...cleanEnv(), NODE_ENV: "production" },
    });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const app = startDetached(process.execPath, [".output/server/index.mjs"], {
      cwd: dir,
      env: {
        ...cleanEnv(),
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        AUTH_URL: origin,
      },
    });
    server = app;
    await waitForHttp(origin, app, 90_000);
    await withPage((page) => signInAndOut(page, origin, "/api/auth", "/account", "/api/me"));
    await withPage((page) => demoWithClientNavigation(page, origin));
    await app.stop();
  }, 300_000);
});
