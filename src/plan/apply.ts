import {
  accessSync,
  chmodSync,
  constants,
  lstatSync,
  mkdirSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CliError } from "../errors.js";
import type { ChangeSet } from "./change-set.js";

/** Where a write to `path` must land: through a symlink (even a dangling one) to its target. */
function writeTarget(path: string): string {
  let target = path;
  for (let hops = 0; hops < 40; hops++) {
    try {
      if (!lstatSync(target).isSymbolicLink()) return target;
    } catch {
      return target;
    }
    target = resolve(dirname(target), readlinkSync(target));
  }
  return target;
}

/**
 * Writes a file atomically: a temporary file beside it, then a rename, so a reader never sees
 * half a file. The rename would replace a symlink with a plain file and give the file the
 * default mode, so the write goes to the link's target and keeps the file's mode (an env file
 * made private with chmod 600 stays private).
 */
function writeAtomic(path: string, content: string): void {
  const target = writeTarget(path);
  let mode: number | undefined;
  try {
    mode = statSync(target).mode & 0o7777;
  } catch {
    // A new file: the default mode.
  }
  const temporary = `${target}.${process.pid}.create-auth.tmp`;
  try {
    writeFileSync(temporary, content, mode === undefined ? undefined : { mode });
    // The umask narrows the mode given to writeFileSync; chmod is exact.
    if (mode !== undefined) chmodSync(temporary, mode);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * A file the user made read-only is not to be changed: the atomic rename would replace it all
 * the same (a rename needs only the folder to be writable), so it is refused before anything is
 * written. No write bit at all counts even for root, which the access check lets through.
 */
function refuseReadOnly(plan: ChangeSet): void {
  const readOnly = plan.files
    .filter((change) => change.before !== undefined)
    .map((change) => change.path)
    .filter((path) => {
      const target = writeTarget(join(plan.root, path));
      try {
        if ((statSync(target).mode & 0o222) === 0) return true;
        accessSync(target, constants.W_OK);
        return false;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code !== "ENOENT";
      }
    });
  if (readOnly.length)
    throw new CliError(
      "read_only",
      `${readOnly.join(", ")} ${readOnly.length === 1 ? "is" : "are"} read-only: nothing was written. Make ${readOnly.length === 1 ? "it" : "them"} writable (chmod u+w ${readOnly.join(" ")}) and run again, or make the change by hand.`,
      1,
      { files: readOnly },
    );
}

/** Testing hook: makes the write of this (relative) path fail, to prove rollback. */
const FAIL_ON = "CREATE_AUTH_TEST_FAIL_WRITE";

/**
 * Applies every file change or none: on any failure each file already written is restored
 * byte for byte (new files and folders removed), and the error says so.
 */
export function applyChanges(plan: ChangeSet): void {
  refuseReadOnly(plan);
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
