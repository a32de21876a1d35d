import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnvValues } from "../../src/syntax/dotenv.js";
import { copyFixture, removeTemporary, runInit } from "../support/cli.js";

// An app with one env file per script (express-generator-typescript's shape): init writes the
// keys to each, a secret of its own in each, and AUTH_URL where the app runs in production.

afterAll(removeTemporary);

function app(production: string) {
  const dir = copyFixture("express4-cjs-js", false);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  pkg.scripts = {
    dev: "DOTENV_CONFIG_PATH=./config/.env.development node -r dotenv/config src/index.js",
    start: "DOTENV_CONFIG_PATH=./config/.env.production node -r dotenv/config src/index.js",
  };
  pkg.dependencies.dotenv = "^16.4.0";
  writeFileSync(join(dir, "package.json"), JSON.stringify(pkg, null, 2));
  mkdirSync(join(dir, "config"));
  writeFileSync(join(dir, "config/.env.development"), "NODE_ENV=development\nPORT=3000\n");
  writeFileSync(join(dir, "config/.env.production"), production);
  return dir;
}

const env = (dir: string, file: string) => parseEnvValues(readFileSync(join(dir, file), "utf8"));

/** What init printed, its line wrapping undone. */
const said = (output: string) => output.replace(/\s+/g, " ");

const init = (dir: string, extra: Record<string, unknown> = {}) =>
  runInit({ cwd: dir, providers: "credentials", yes: true, install: false, ...extra });

describe("an app whose scripts load different env files", () => {
  it("gets a secret of its own in each file, AUTH_URL from the production file's HOST and PORT", async () => {
    const dir = app("NODE_ENV=production\nPORT=8081\nHOST=localhost\n");
    const run = await init(dir);
    expect(run.exitCode, run.stderr).toBe(0);
    const development = env(dir, "config/.env.development");
    const production = env(dir, "config/.env.production");
    expect(development.AUTH_SECRET).toMatch(/^[\w-]{43}$/);
    expect(production.AUTH_SECRET).toMatch(/^[\w-]{43}$/);
    expect(production.AUTH_SECRET).not.toBe(development.AUTH_SECRET);
    expect(development.AUTH_URL).toBeUndefined();
    expect(production.AUTH_URL).toBe("http://localhost:8081");
    expect(said(run.stdout + run.stderr)).toContain(
      "config/.env.production (loaded by scripts.start) sets NODE_ENV=production: its AUTH_URL is http://localhost:8081, from its HOST and PORT.",
    );
    // Both files git-ignored, under one comment.
    const gitignore = readFileSync(join(dir, ".gitignore"), "utf8");
    expect(gitignore).toContain("config/.env.development\nconfig/.env.production\n");
    expect(gitignore.match(/# create-auth/g)).toHaveLength(1);

    const again = await init(dir);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(env(dir, "config/.env.production")).toEqual(production);
    expect(said(again.stdout + again.stderr)).not.toContain("sets NODE_ENV=production");
  });

  it("without HOST and PORT, writes AUTH_URL empty and says what to set", async () => {
    const dir = app("NODE_ENV=production\n");
    const run = await init(dir);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(env(dir, "config/.env.production").AUTH_URL).toBe("");
    expect(said(run.stdout + run.stderr)).toContain(
      "set AUTH_URL there to the app's public URL (or AUTH_TRUST_HOST=true behind a proxy you control), or sign-in answers 500 UntrustedHost.",
    );
  });

  it("with --env-path, writes that one file only", async () => {
    const dir = app("NODE_ENV=production\nPORT=8081\nHOST=localhost\n");
    const run = await init(dir, { envFile: "config/.env.development" });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(env(dir, "config/.env.production").AUTH_SECRET).toBeUndefined();
  });
});
