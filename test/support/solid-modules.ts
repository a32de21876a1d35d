import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

const repository = new URL("../../", import.meta.url).pathname;

/**
 * A node_modules holding SolidStart `major` and everything its types need, plus this repository's
 * runtime, for typechecking generated SolidStart code. Installed from the runtime's e2e fixture
 * lockfile (the same versions the e2e tests run) into `.tmp/solid-modules/`, once: later runs
 * reuse it until the lockfile changes. The first install takes 20-45 s from a warm npm cache.
 */
export function solidStartModules(major: 1 | 2): string {
  const fixture = join(repository, `runtime/test/fixtures/solid-start-${major}`);
  const lock = readFileSync(join(fixture, "package-lock.json"));
  const key = createHash("sha256").update(lock).digest("hex").slice(0, 12);
  const base = join(repository, ".tmp/solid-modules");
  const done = join(base, `${major}-${key}`);
  if (existsSync(join(done, "node_modules/.complete"))) return join(done, "node_modules");

  mkdirSync(base, { recursive: true });
  const work = mkdtempSync(join(base, "install-"));
  try {
    cpSync(join(fixture, "package.json"), join(work, "package.json"));
    cpSync(join(fixture, "package-lock.json"), join(work, "package-lock.json"));
    execFileSync(
      "npm",
      [
        "install",
        "--omit=dev",
        "--ignore-scripts",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
      ],
      { cwd: work, stdio: "pipe" },
    );
    mkdirSync(join(work, "node_modules/@create-auth"), { recursive: true });
    symlinkSync(join(repository, "runtime"), join(work, "node_modules/@create-auth/runtime"));
    writeFileSync(join(work, "node_modules/.complete"), "");
    // Another run may have finished first: then its copy is as good as this one.
    if (!existsSync(done)) renameSync(work, done);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return join(done, "node_modules");
}
