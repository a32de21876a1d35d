import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { StartedProcess } from "../../runtime/test/support/process.js";
import { copyFixture, removeTemporary, runBin, tree } from "../support/cli.js";
import { demoSignIn, initApp, npm, SESSION_COOKIE, start } from "../support/journey.js";

afterAll(removeTemporary);

const page = (origin: string, path: string, cookie?: string) =>
  fetch(`${origin}${path}`, {
    redirect: "manual",
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
  });

describe("Express init --protect on a running app", () => {
  let server: StartedProcess | undefined;
  afterAll(() => server?.stop());

  it("a protected path sends a signed-out visitor to sign in, and serves a signed-in one", async () => {
    const dir = copyFixture("express4-cjs-js");
    npm(dir, ["install"]);
    initApp(dir, ["--providers", "credentials", "--protect", "/account"]);
    expect(readFileSync(join(dir, "src/index.js"), "utf8")).toContain(
      "app.use(requireAuth(authConfig, { paths: ['/account'] }))",
    );
    // A second run changes nothing, and check finds nothing wrong.
    const before = tree(dir);
    const again = initApp(dir, ["--providers", "credentials", "--protect", "/account"]);
    expect(again.stdout).toContain("Already set up");
    const planned = runBin([
      "init",
      "--cwd",
      dir,
      "--providers",
      "credentials",
      "--protect",
      "/account",
      "--dry-run",
      "--json",
    ]);
    expect(JSON.parse(planned.stdout).reproduce).toContain("--protect /account");
    expect(tree(dir)).toEqual(before);
    const check = runBin(["check", "--cwd", dir]);
    expect(check.exitCode, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain("0 errors");

    const app = await start(dir, process.execPath, ["src/index.js"]);
    server = app.server;
    const signedOut = await page(app.origin, "/account");
    expect(signedOut.status).toBe(302);
    const location = new URL(signedOut.headers.get("location")!, app.origin);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe("/account");
    // What is not listed stays open.
    expect((await page(app.origin, "/")).status).toBe(200);

    const session = `${SESSION_COOKIE}=${await demoSignIn(app.origin, "/account")}`;
    const signedIn = await page(app.origin, "/account", session);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toBe("Account");
    await app.server.stop();
  }, 240_000);
});
