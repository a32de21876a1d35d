import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
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
 * A node_modules installed once from a package.json and its lockfile into `.tmp/<folder>/`, plus
 * this repository's runtime: later runs reuse it until either file changes. Installed from the
 * shared npm cache as the lockfile says (with `omit`, without the dependencies of that kind).
 */
export function cachedModules(options: {
  folder: string;
  name: string;
  manifest: string;
  lockfile: string;
  omit?: "dev";
}): string {
  const manifest = readFileSync(options.manifest);
  const lock = readFileSync(options.lockfile);
  const key = createHash("sha256").update(manifest).update(lock).digest("hex").slice(0, 12);
  const base = join(repository, ".tmp", options.folder);
  const done = join(base, `${options.name}-${key}`);
  if (existsSync(join(done, "node_modules/.complete"))) return join(done, "node_modules");

  mkdirSync(base, { recursive: true });
  const work = mkdtempSync(join(base, "install-"));
  try {
    writeFileSync(join(work, "package.json"), manifest);
    writeFileSync(join(work, "package-lock.json"), lock);
    execFileSync(
      "npm",
      [
        "install",
        ...(options.omit ? [`--omit=${options.omit}`] : []),
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

/**
 * A fixture's own dependencies (dev ones included: its TypeScript, its tsconfig base), for
 * typechecking what `init` generates against exactly what the project declares. Installed from
 * `test/support/locks/<fixture>.package-lock.json`, so the fixture stays as its generator wrote it.
 */
export function fixtureModules(fixture: string): string {
  return cachedModules({
    folder: "fixture-modules",
    name: fixture,
    manifest: join(repository, "test/fixtures", fixture, "package.json"),
    lockfile: join(repository, "test/support/locks", `${fixture}.package-lock.json`),
  });
}
