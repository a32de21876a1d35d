import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CheckOptions, check } from "../../src/commands/check.js";
import { copyFixture, runCommand } from "./cli.js";

/** The check fixtures: a sound set-up of each framework (test/fixtures/check-<base>). */
export type Base = "express" | "solid" | "fastify" | "hono";

export const SECRET = "Yq3Xk9vB2mN7pL4wR8tZ1cF6hJ0sD5gA-e_UoIiKyTx";
export const GOOD_ENV = `AUTH_SECRET=${SECRET}\nAUTH_GITHUB_ID=Iv1.abc\nAUTH_GITHUB_SECRET=0123456789abcdef\n`;

export const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
export const write = (dir: string, file: string, text: string) =>
  writeFileSync(join(dir, file), text);
export const edit = (dir: string, file: string, change: (text: string) => string) =>
  write(dir, file, change(read(dir, file)));

/** A set-up project with nothing wrong: the env file is written after the commit, ignored. */
export function project(base: Base) {
  const dir = copyFixture(`check-${base}`);
  write(dir, ".env", GOOD_ENV);
  return dir;
}

/** `check` on a project, with an empty process environment (only its env files count). */
export function runCheck(dir: string, options: Partial<CheckOptions> = {}) {
  return runCommand((io) => check({ cwd: dir, environment: {}, ...options }, io), {
    json: options.json ?? true,
  });
}

/** Replaces text that must be in the file (a fixture that changed fails loudly). */
export const replaceIn = (file: string) => (dir: string, from: string, to: string) =>
  edit(dir, file, (text) => {
    if (!text.includes(from)) throw new Error(`fixture has no ${from}`);
    return text.replace(from, to);
  });
