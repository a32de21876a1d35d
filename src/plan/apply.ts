import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
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

/** A file copied into the project as it is (a packed tarball: bytes, not text). */
export interface FileCopy {
  /** Relative to the project root, with `/` separators. */
  path: string;
  /** Absolute path of the file to copy. */
  from: string;
}

/** What `applyChanges` wrote, and the way back. */
export interface AppliedChanges {
  /**
   * Puts every written file back as it was (new files and folders removed), e.g. when the
   * install that follows fails. Returns the paths that could not be restored.
   */
  restore(): string[];
}

/** A file's bytes before a write (undefined: it did not exist). */
type Before = string | Buffer | undefined;

/**
 * Applies every file change (and copy) or none: on any failure each file already written is
 * restored byte for byte (new files and folders removed), and the error says so. The result
 * undoes the whole application later, for a step after it that fails.
 */
export function applyChanges(plan: ChangeSet, copies: FileCopy[] = []): AppliedChanges {
  refuseReadOnly(plan);
  const done: { path: string; before: Before }[] = [];
  const createdDirs: string[] = [];
  const restore = () => {
    const failures: string[] = [];
    for (const { path, before } of [...done].reverse()) {
      try {
        if (before === undefined) rmSync(join(plan.root, path), { force: true });
        else if (typeof before === "string") writeAtomic(join(plan.root, path), before);
        else writeFileSync(join(plan.root, path), before);
      } catch {
        failures.push(path);
      }
    }
    for (const dir of [...createdDirs].reverse()) {
      try {
        rmdirSync(dir);
      } catch {
        // Not empty (something else lives there now): leave it.
      }
    }
    return failures;
  };
  // The missing folders above the file, whether in the project or out of it (a sibling workspace
  // package's, `../../packages/db/src/schema`), so a rollback removes exactly those.
  const makeParents = (absolute: string) => {
    const parents: string[] = [];
    for (let dir = dirname(absolute); !existsSync(dir); dir = dirname(dir)) parents.unshift(dir);
    for (const dir of parents) {
      try {
        mkdirSync(dir);
        createdDirs.push(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
  };
  try {
    for (const change of plan.files) {
      const absolute = join(plan.root, change.path);
      if (process.env[FAIL_ON] === change.path)
        throw new Error(`simulated failure writing ${change.path}`);
      makeParents(absolute);
      writeAtomic(absolute, change.after);
      done.push({ path: change.path, before: change.before });
    }
    for (const copy of copies) {
      const absolute = join(plan.root, copy.path);
      if (process.env[FAIL_ON] === copy.path)
        throw new Error(`simulated failure writing ${copy.path}`);
      makeParents(absolute);
      const before = existsSync(absolute) ? readFileSync(absolute) : undefined;
      copyFileSync(copy.from, absolute);
      done.push({ path: copy.path, before });
    }
  } catch (cause) {
    const failures = restore();
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
  return { restore };
}

/**
 * The bytes of `paths` (absolute) now, and a function that puts them back (removing those that
 * did not exist): the package manifest and lockfiles an install may have rewritten.
 */
export function snapshotFiles(paths: string[]): () => string[] {
  const saved = paths.map((path) => ({
    path,
    before: existsSync(path) ? readFileSync(path) : undefined,
  }));
  return () => {
    const failures: string[] = [];
    for (const { path, before } of saved) {
      try {
        if (before === undefined) rmSync(path, { force: true });
        else if (!existsSync(path) || !readFileSync(path).equals(before))
          writeFileSync(path, before);
      } catch {
        failures.push(path);
      }
    }
    return failures;
  };
}
