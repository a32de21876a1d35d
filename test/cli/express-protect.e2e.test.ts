import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { StartedProcess } from "../../runtime/test/support/process.js";
import { copyFixture, removeTemporary, runBin, tree } from "../support/cli.js";
import { initApp, npm, start } from "../support/journey.js";

afterAll(removeTemporary);

const SESSION_COOKIE = "authjs.session-token";

/** The cookies a response sets, as a `Cookie` header (removals left out). */
function cookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The demo user's sign-in over HTTP, as the built-in page's form sends it: the session cookie. */
async function signIn(origin: string): Promise<string> {
  const csrf = await fetch(`${origin}/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies(csrf) },
    body: new URLSearchParams({
      csrfToken,
      email: "demo@example.com",
      password: "demo1234",
      callbackUrl: `${origin}/account`,
    }),
  });
  expect(response.status).toBe(302);
  const session = cookies(response)
    .split("; ")
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  expect(session).toBeDefined();
  return session!;
}

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

    const session = await signIn(app.origin);
    const signedIn = await page(app.origin, "/account", session);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toBe("Account");
    await app.server.stop();
  }, 240_000);
});
