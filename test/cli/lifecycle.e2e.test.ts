import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decode } from "../../runtime/src/jwt.js";
import type { StartedProcess } from "../../runtime/test/support/process.js";
import { copyFixture, removeTemporary, runBin } from "../support/cli.js";
import { addMeRoute, demoSignIn, initApp, npm, SESSION_COOKIE, start } from "../support/journey.js";

afterAll(removeTemporary);

async function me(origin: string, token: string) {
  const response = await fetch(`${origin}/me`, {
    headers: { cookie: `${SESSION_COOKIE}=${token}`, accept: "application/json" },
  });
  return { status: response.status, body: response.status === 200 ? await response.json() : null };
}

const envValue = (dir: string, key: string) =>
  new RegExp(`^${key}=(.*)$`, "m").exec(readFileSync(join(dir, ".env"), "utf8"))?.[1];

describe("after init: rotate the secret, check, add a provider, on a running app", () => {
  let server: StartedProcess | undefined;
  afterAll(() => server?.stop());

  it("Express 4, CommonJS", async () => {
    const dir = copyFixture("express4-cjs-js");
    npm(dir, ["install"]);
    initApp(dir, ["--providers", "credentials"]);
    addMeRoute(dir);
    const run = (args: string[], input?: string) => runBin([...args, "--cwd", dir], { input });

    // A clean set-up passes check (the demo user is only a warning).
    const clean = run(["check", "--json"]);
    expect(clean.exitCode, clean.stdout).toBe(0);
    expect(JSON.parse(clean.stdout).findings.map((f: { rule: string }) => f.rule)).toEqual([
      "demo-user",
    ]);

    let app = await start(dir, process.execPath, ["src/index.js"]);
    server = app.server;
    const oldSession = await demoSignIn(app.origin, "/me");
    expect((await me(app.origin, oldSession)).body.user.email).toBe("demo@example.com");
    await app.server.stop();

    // Rotate in two phases: AUTH_SECRET_NEXT is accepted first, then promoted to AUTH_SECRET_1,
    // which encrypts from then on; AUTH_SECRET stays for decryption.
    const oldSecret = envValue(dir, "AUTH_SECRET")!;
    const rotated = run(["secret", "--rotate", "--yes"]);
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    const next = envValue(dir, "AUTH_SECRET_NEXT")!;
    expect(next).toBeTruthy();
    const promoted = run(["secret", "--promote", "--yes"]);
    expect(promoted.exitCode, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain("Remove the older secrets after");
    const newSecret = envValue(dir, "AUTH_SECRET_1")!;
    expect(newSecret).toBe(next);
    expect(envValue(dir, "AUTH_SECRET_NEXT")).toBeUndefined();
    expect(envValue(dir, "AUTH_SECRET")).toBe(oldSecret);

    app = await start(dir, process.execPath, ["src/index.js"]);
    server = app.server;
    // The session from before the rotation still works: nobody was signed out.
    const still = await me(app.origin, oldSession);
    expect(still.status).toBe(200);
    expect(still.body.user.email).toBe("demo@example.com");
    // A new sign-in is sealed with the new secret only.
    const newSession = await demoSignIn(app.origin, "/me");
    await expect(
      decode({ token: newSession, secret: newSecret, salt: SESSION_COOKIE }),
    ).resolves.toMatchObject({ email: "demo@example.com" });
    await expect(
      decode({ token: newSession, secret: oldSecret, salt: SESSION_COOKIE }),
    ).rejects.toThrow();
    await app.server.stop();

    // Add GitHub: check reports the missing secret until it is given on stdin.
    const added = run(["add-provider", "github", "--client-id", "Iv1.lifecycle", "--yes"]);
    expect(added.exitCode, added.stderr).toBe(0);
    const missing = run(["check", "--json"]);
    expect(missing.exitCode).toBe(1);
    expect(JSON.parse(missing.stdout).findings).toContainEqual(
      expect.objectContaining({ rule: "provider-env-missing", file: "src/auth.js" }),
    );
    const secret = run(["add-provider", "github", "--client-secret-stdin", "--yes"], "gh-secret\n");
    expect(secret.exitCode, secret.stderr).toBe(0);
    expect(envValue(dir, "AUTH_GITHUB_SECRET")).toBe("gh-secret");
    expect(run(["check"]).exitCode).toBe(0);

    app = await start(dir, process.execPath, ["src/index.js"]);
    server = app.server;
    const providers = await (await fetch(`${app.origin}/auth/providers`)).json();
    expect(Object.keys(providers).sort()).toEqual(["credentials", "github"]);
    expect(providers.github.callbackUrl).toBe(`${app.origin}/auth/callback/github`);
    expect((await me(app.origin, oldSession)).status).toBe(200);
    await app.server.stop();
  }, 240_000);
});
