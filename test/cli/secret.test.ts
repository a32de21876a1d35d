import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type SecretOptions, secret } from "../../src/commands/secret.js";
import { copyFixture, removeTemporary, runBin, runCommand, tree } from "../support/cli.js";
import { schemaErrors } from "../support/schemas.js";

afterAll(removeTemporary);

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
const value = (env: string, key: string) => new RegExp(`^${key}=([\\w-]+)$`, "m").exec(env)?.[1];

function runSecret(options: Partial<SecretOptions> & { cwd: string }) {
  return runCommand((io) => secret(options, io), { json: options.json ?? true });
}

describe("secret", () => {
  it("writes a 32-byte base64url AUTH_SECRET, shows it masked, and keeps it out of git", async () => {
    const dir = copyFixture("check-express");
    const run = await runSecret({ cwd: dir, json: false });
    expect(run.exitCode, run.stderr).toBe(0);
    const generated = value(read(dir, ".env"), "AUTH_SECRET")!;
    expect(Buffer.from(generated, "base64url")).toHaveLength(32);
    expect(run.stdout).toContain(`AUTH_SECRET=${generated.slice(0, 4)}…${generated.slice(-4)}`);
    expect(run.stdout).not.toContain(generated);
    expect(read(dir, ".env.example")).toMatch(/^AUTH_SECRET=$/m);
    expect(read(dir, ".gitignore")).toMatch(/^\.env$/m);
  });

  it("never replaces a secret by accident; --force does, and says what it costs", async () => {
    const dir = copyFixture("check-express");
    writeFileSync(join(dir, ".env"), "AUTH_SECRET=original-value-that-must-survive-xxxxxxxx\n");
    const refused = await runSecret({ cwd: dir });
    expect(refused.exitCode).toBe(1);
    expect(refused.json?.error.code).toBe("secret_exists");
    expect(read(dir, ".env")).toContain("original-value-that-must-survive");
    const forced = await runSecret({ cwd: dir, force: true, json: false });
    expect(forced.exitCode).toBe(0);
    expect(forced.stderr).toContain("everyone signs in again");
    expect(read(dir, ".env")).not.toContain("original-value");
    expect(read(dir, ".env").match(/^AUTH_SECRET=/gm)).toHaveLength(1);
    // The installed command with no terminal (stdin a pipe, CI unset): the same, unasked (only
    // a rotation waits for a confirmation).
    writeFileSync(join(dir, ".env"), "AUTH_SECRET=original-value-that-must-survive-xxxxxxxx\n");
    const bin = runBin(["secret", "--force", "--cwd", dir], { env: { CI: "" }, input: "" });
    expect(bin.exitCode, bin.stderr).toBe(0);
    expect(bin.stderr).toContain("everyone signs in again");
    expect(read(dir, ".env")).toMatch(/^AUTH_SECRET=[\w-]{43}$/m);
  });

  it("--rotate writes AUTH_SECRET_NEXT (accepted, never issued) and --promote moves it to the next AUTH_SECRET_n", async () => {
    const dir = copyFixture("check-express");
    await runSecret({ cwd: dir });
    const first = value(read(dir, ".env"), "AUTH_SECRET");
    const accepted = await runSecret({ cwd: dir, rotate: true, yes: true, json: false });
    expect(accepted.exitCode, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain("every instance accepts the new secret, none issues with it");
    const next = value(read(dir, ".env"), "AUTH_SECRET_NEXT")!;
    expect(Buffer.from(next, "base64url")).toHaveLength(32);
    expect(value(read(dir, ".env"), "AUTH_SECRET")).toBe(first);
    expect(read(dir, ".env")).not.toMatch(/^AUTH_SECRET_1=/m);
    expect(read(dir, ".env.example")).toMatch(/^AUTH_SECRET_NEXT=$/m);

    // A second --rotate before the promotion would strand the first new secret.
    const again = await runSecret({ cwd: dir, rotate: true, yes: true });
    expect(again.json?.error.code).toBe("rotation_in_progress");
    expect(again.json?.error.message).toContain("--promote");

    const promoted = await runSecret({ cwd: dir, promote: true, yes: true });
    expect(schemaErrors("secret", promoted.json)).toEqual([]);
    expect(promoted.json).toMatchObject({
      key: "AUTH_SECRET_1",
      phase: "promote",
      rotated: true,
      applied: true,
    });
    // The fixture's session.maxAge is 7 days.
    const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(promoted.json?.removableAfter).toBe(week);
    const env = read(dir, ".env");
    expect(value(env, "AUTH_SECRET_1")).toBe(next);
    expect(value(env, "AUTH_SECRET")).toBe(first);
    expect(env).not.toContain("AUTH_SECRET_NEXT");
    expect(env).not.toContain("accepted, never issued");

    const nothing = await runSecret({ cwd: dir, promote: true, yes: true });
    expect(nothing.json?.error.code).toBe("nothing_to_promote");
  });

  it("the JSON of each phase matches the schema, and a full set of secrets is refused before phase 1", async () => {
    const dir = copyFixture("check-express");
    await runSecret({ cwd: dir });
    for (const expected of ["AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"]) {
      const accepted = await runSecret({ cwd: dir, rotate: true, yes: true });
      expect(schemaErrors("secret", accepted.json)).toEqual([]);
      expect(accepted.json).toMatchObject({
        key: "AUTH_SECRET_NEXT",
        phase: "accept",
        removableAfter: null,
      });
      // `--rotate --promote` is the same as `--promote`.
      const promoted = await runSecret({ cwd: dir, rotate: true, promote: true, yes: true });
      expect(promoted.json?.key).toBe(expected);
    }
    const before = tree(dir);
    const full = await runSecret({ cwd: dir, rotate: true, yes: true });
    expect(full.json?.error.code).toBe("too_many_secrets");
    expect(tree(dir)).toEqual(before);
    const env = read(dir, ".env");
    expect(
      new Set(
        ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"].map((k) =>
          value(env, k),
        ),
      ).size,
    ).toBe(4);
  });

  it("the runtime reads the env file each phase leaves as the procedure says", async () => {
    const { secretsFromEnv, nextSecretsFromEnv } = await import("../../runtime/src/core/env.js");
    const dir = copyFixture("check-express");
    await runSecret({ cwd: dir });
    const old = value(read(dir, ".env"), "AUTH_SECRET")!;
    await runSecret({ cwd: dir, rotate: true, yes: true });
    const fresh = value(read(dir, ".env"), "AUTH_SECRET_NEXT")!;
    const phase1 = parseEnv(read(dir, ".env"));
    expect(secretsFromEnv(phase1)).toEqual([old]);
    expect(nextSecretsFromEnv(phase1)).toEqual([fresh]);
    await runSecret({ cwd: dir, promote: true, yes: true });
    const phase2 = parseEnv(read(dir, ".env"));
    expect(secretsFromEnv(phase2)).toEqual([fresh, old]);
    expect(nextSecretsFromEnv(phase2)).toEqual([]);
  });

  it("--rotate without --yes where nothing can be asked refuses, names --yes and writes nothing", async () => {
    const dir = copyFixture("check-express");
    writeFileSync(join(dir, ".env"), "AUTH_SECRET=original-value-that-must-survive-xxxxxxxx\n");
    const before = tree(dir);
    const run = await runSecret({ cwd: dir, rotate: true });
    expect(run.exitCode).toBe(1);
    expect(run.json?.error).toMatchObject({ code: "missing_answer", details: { flag: "--yes" } });
    expect(run.json?.error.message).toContain("Pass --yes");
    expect(tree(dir)).toEqual(before);
    // The installed command, without a terminal: the same refusal.
    const bin = runBin(["secret", "--rotate", "--cwd", dir]);
    expect(bin.exitCode).toBe(1);
    expect(bin.stderr).toContain("Pass --yes to apply it");
    expect(tree(dir)).toEqual(before);
    // In a terminal it asks, and applies what was confirmed.
    const asked = await runCommand((io) => secret({ cwd: dir, rotate: true, json: false }, io), {
      interactive: { answers: [true] },
    });
    expect(asked.exitCode, asked.stderr).toBe(0);
    expect(read(dir, ".env")).toMatch(/^AUTH_SECRET_NEXT=/m);
    // --promote asks too.
    const promote = await runSecret({ cwd: dir, promote: true });
    expect(promote.json?.error).toMatchObject({
      code: "missing_answer",
      details: { flag: "--yes" },
    });
  });

  it("says how to rotate in code when the configuration sets `secret` there", async () => {
    const dir = copyFixture("check-express");
    writeFileSync(
      join(dir, "src/auth.ts"),
      read(dir, "src/auth.ts").replace(
        "  providers: [",
        "  secret: process.env.MY_SECRET,\n  providers: [",
      ),
    );
    await runSecret({ cwd: dir });
    const run = await runSecret({ cwd: dir, rotate: true, yes: true, json: false });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain("src/auth.ts:7 sets `secret` in code");
    expect(run.stderr).toContain("`acceptSecrets: [newSecret]` first");
  });

  it("--rotate and --promote need a secret to rotate", async () => {
    const dir = copyFixture("check-express");
    expect((await runSecret({ cwd: dir, rotate: true, yes: true })).json?.error.code).toBe(
      "nothing_to_rotate",
    );
    expect((await runSecret({ cwd: dir, promote: true, yes: true })).json?.error.code).toBe(
      "nothing_to_rotate",
    );
  });

  it("refuses to write into an env file git tracks, unless --force", async () => {
    const dir = copyFixture("check-express");
    writeFileSync(join(dir, "config.env"), "PORT=3000\n");
    execFileSync("git", ["add", "config.env"], { cwd: dir });
    const before = tree(dir);
    const run = await runSecret({ cwd: dir, envFile: "config.env" });
    expect(run.json?.error.code).toBe("tracked_env_file");
    expect(tree(dir)).toEqual(before);
    expect((await runSecret({ cwd: dir, envFile: "config.env", force: true })).exitCode).toBe(0);
    expect(read(dir, "config.env")).toMatch(/^AUTH_SECRET=/m);
  });

  it("writes to the env file the app loads", async () => {
    const dir = copyFixture("check-express");
    writeFileSync(
      join(dir, "package.json"),
      read(dir, "package.json").replace(
        "tsx watch src/server.ts",
        "tsx watch --env-file=.env.local src/server.ts",
      ),
    );
    const run = await runSecret({ cwd: dir });
    expect(run.json?.envFile).toBe(".env.local");
    expect(read(dir, ".env.local")).toMatch(/^AUTH_SECRET=/m);
    expect(read(dir, ".gitignore")).toMatch(/^\.env\.local$/m);
  });

  it("--dry-run writes nothing", async () => {
    const dir = copyFixture("check-express");
    const before = tree(dir);
    const run = await runSecret({ cwd: dir, dryRun: true });
    expect(run.json?.applied).toBe(false);
    expect(tree(dir)).toEqual(before);
  });

  it("--raw prints only a new secret, for piping, and writes nothing", () => {
    const dir = copyFixture("check-express");
    const before = tree(dir);
    const run = runBin(["secret", "--raw", "--cwd", dir]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^[\w-]{43}\n$/);
    expect(run.stderr).toBe("");
    expect(tree(dir)).toEqual(before);
  });
});
