import { mkdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CliError } from "../errors.js";
import type { ChangeSet } from "./change-set.js";

/**
 * Writes a file atomically: a temporary file beside it, then a rename, so a reader never sees
 * half a file.
 */
function writeAtomic(path: string, content: string): void {
  const temporary = `${path}.${process.pid}.create-auth.tmp`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Testing hook: makes the write of this (relative) path fail, to prove rollback. */
const FAIL_ON = "CREATE_AUTH_TEST_FAIL_WRITE";

/**
 * Applies every file change or none: on any failure each file already written is restored
 * byte for byte (new files and folders removed), and the error says so.
 */
export function applyChanges(plan: ChangeSet): void {
  const done: { path: string; before: string | undefined }[] = [];
  const createdDirs: string[] = [];
  try {
    for (const change of plan.files) {
      const absolute = join(plan.root, change.path);
      if (process.env[FAIL_ON] === change.path)
        throw new Error(`simulated failure writing ${change.path}`);
      const parents: string[] = [];
      for (let dir = dirname(absolute); dir.length > plan.root.length; dir = dirname(dir))
        parents.unshift(dir);
      for (const dir of parents) {
        try {
          mkdirSync(dir);
          createdDirs.push(dir);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        }
      }
      writeAtomic(absolute, change.after);
      done.push({ path: change.path, before: change.before });
    }
  } catch (cause) {
    const failures: string[] = [];
    for (const { path, before } of done.reverse()) {
      try {
        if (before === undefined) rmSync(join(plan.root, path), { force: true });
        else writeAtomic(join(plan.root, path), before);
      } catch {
        failures.push(path);
      }
    }
    for (const dir of createdDirs.reverse()) {
      try {
        rmdirSync(dir);
      } catch {
        // Not empty (something else lives there now): leave it.
      }
    }
    const restored = failures.length
      ? ` Could not restore: ${failures.join(", ")}.`
      : " Every file was restored.";
    throw new CliError(
      "apply_failed",
      `Writing the changes failed (${(cause as Error).message}).${restored}`,
      1,
      {
        restoredFiles: done.map((entry) => entry.path),
      },
    );
  }
}
