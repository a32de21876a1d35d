/**
 * fastify-cli's `--prefix` (`-x`, `FASTIFY_PREFIX`) registers the whole app plugin below a path,
 * FastifyAuth included: init must serve the endpoints below it (basePath with the prefix, the
 * registration without it), or the app refuses to start. Proved on the fastify-cli generated
 * fixture, started with the real fastify-cli.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanEnv } from "../../runtime/test/support/fixture-app.js";
import { freePort, startDetached, waitForHttp } from "../../runtime/test/support/process.js";
import { runCheck } from "../support/check-project.js";
import { copyFixture, removeTemporary, runInit, tree } from "../support/cli.js";
import { demoSignIn, edit, initApp, npm, SESSION_COOKIE } from "../support/journey.js";

afterAll(() => removeTemporary());

/** The fastify-cli fixture, its scripts starting the app below `/api` in the form given. */
function prefixedApp(start: string) {
  const dir = copyFixture("fastify-cli-esm-js");
  edit(dir, "package.json", (text) => {
    const pkg = JSON.parse(text);
    pkg.scripts.start = start;
    pkg.scripts.dev = start.replace("fastify start", "fastify start -w");
    return `${JSON.stringify(pkg, null, 2)}\n`;
  });
  return dir;
}

describe("init on a fastify-cli app started with a prefix", () => {
  it.each([
    "fastify start -x /api -l info app.js",
    "fastify start --prefix /api -l info app.js",
    "FASTIFY_PREFIX=/api fastify start -l info app.js",
  ])("%s: endpoints at /api/auth, registered at /auth inside it", async (start) => {
    const dir = prefixedApp(start);
    const run = await runInit({ cwd: dir, yes: true, providers: "github,credentials" });
    expect(run.exitCode, run.stderr + run.stdout).toBe(0);
    const files = tree(dir);
    expect(files["app.js"]).toContain(
      "fastify.register(FastifyAuth(authConfig), { prefix: '/auth' })",
    );
    expect(files["auth.js"]).toMatch(/basePath: ["']\/api\/auth["']/);
    // The callback URL to register at GitHub is the one the app will serve.
    expect(run.stdout).toContain("http://localhost:3000/api/auth/callback/github");
    const checked = await runCheck(dir);
    expect((checked.json?.findings as { rule: string }[]).map((f) => f.rule)).not.toContain(
      "fastify-prefix-mismatch",
    );
  });

  it("refuses a mount outside the prefix, naming the script, and writes nothing", async () => {
    const dir = prefixedApp("fastify start -x /api -l info app.js");
    const before = tree(dir);
    const run = await runInit({ cwd: dir, yes: true, providers: "github", mount: "/auth" });
    expect(run.exitCode).not.toBe(0);
    expect(run.stderr).toContain(
      "--mount /auth is outside fastify-cli's --prefix /api (scripts.dev): every route of that app is below /api; pass --mount /api/auth.",
    );
    expect(tree(dir)).toEqual(before);
  });

  it("the app starts with the real fastify-cli and the demo user signs in at /api/auth", async () => {
    const dir = prefixedApp("fastify start -x /api -l info app.js");
    npm(dir, ["install"]);
    initApp(dir, ["--providers", "credentials"]);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = startDetached(
      join(dir, "node_modules/.bin/fastify"),
      ["start", "-x", "/api", "-a", "127.0.0.1", "-p", String(port), "app.js"],
      { cwd: dir, env: cleanEnv() },
    );
    try {
      await waitForHttp(origin, server, 90_000);
      const session = await demoSignIn(origin, "/", "/api/auth");
      const read = await fetch(`${origin}/api/auth/session`, {
        headers: { cookie: `${SESSION_COOKIE}=${session}` },
      });
      expect(await read.json()).toMatchObject({ user: { email: "demo@example.com" } });
    } finally {
      await server.stop();
    }
  }, 240_000);
});
