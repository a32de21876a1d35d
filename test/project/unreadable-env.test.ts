import { afterAll, describe, expect, it, vi } from "vitest";
import { check } from "../../src/commands/check.js";
import { copyFixture, removeTemporary, runCommand, runInit } from "../support/cli.js";

// As root (CI, containers) chmod 000 does not stop a read: the file system's refusal is
// simulated for files named `.env`, the way Node reports it.
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const readFileSync = ((path: unknown, ...rest: unknown[]) => {
    if (String(path).endsWith("/.env")) {
      throw Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), {
        code: "EACCES",
      });
    }
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

afterAll(removeTemporary);

describe("an env file the user cannot read", () => {
  it("check names it and the permission, not a bug of create-auth", async () => {
    const dir = copyFixture("check-express");
    const { writeFileSync } = await vi.importActual<typeof import("node:fs")>("node:fs");
    writeFileSync(`${dir}/.env`, "AUTH_SECRET=x\n");
    const run = await runCommand((io) => check({ cwd: dir, environment: {} }, io), { json: true });
    expect(run.exitCode).toBe(1);
    expect(run.json!.error).toMatchObject({ code: "permission_denied", details: { file: ".env" } });
    expect(run.json!.error.message).toContain(".env cannot be read: permission denied");
    expect(run.json!.error.message).not.toContain("bug");
  });

  it("init does too, and writes nothing", async () => {
    const dir = copyFixture("express4-cjs-js");
    const { writeFileSync } = await vi.importActual<typeof import("node:fs")>("node:fs");
    writeFileSync(`${dir}/.env`, "PORT=4000\n");
    const run = await runInit({ cwd: dir, providers: "github", yes: true, json: true });
    expect(run.exitCode).toBe(1);
    expect(run.json!.error.code).toBe("permission_denied");
  });
});
