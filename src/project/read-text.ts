import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "../errors.js";
import { withoutComments } from "../syntax/without-comments.js";

/**
 * A user's file that cannot be read for lack of permission, as a message naming it (an
 * unreadable `.env` is the user's to fix, not a bug of ours); any other failure as it is.
 */
export function readFailure(error: unknown, file: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM")
    return new CliError(
      "permission_denied",
      `${file} cannot be read: permission denied. Nothing was changed; give your user read access to it (ls -l ${file}) and run again.`,
      1,
      { file },
    );
  return error;
}

/** A user's file, read as UTF-8; a permission failure names the file (see `readFailure`). */
export function readUserFile(root: string, file: string): string {
  try {
    return readFileSync(join(root, file), "utf8");
  } catch (error) {
    throw readFailure(error, file);
  }
}

/** A project file's text, or "" when it does not exist (a file to look into, not to require). */
export function readText(root: string, file: string): string {
  const path = join(root, file);
  return existsSync(path) ? readUserFile(root, file) : "";
}

/**
 * A source file's code, comments blanked out (`withoutComments`): for the pattern searches that
 * look for what the app does (its env loading, its port), which a comment does not do.
 */
export function readCode(root: string, file: string): string {
  return withoutComments(readText(root, file), file);
}
