import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { withoutComments } from "../syntax/without-comments.js";

/** A project file's text, or "" when it does not exist (a file to look into, not to require). */
export function readText(root: string, file: string): string {
  const path = join(root, file);
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

/**
 * A source file's code, comments blanked out (`withoutComments`): for the pattern searches that
 * look for what the app does (its env loading, its port), which a comment does not do.
 */
export function readCode(root: string, file: string): string {
  return withoutComments(readText(root, file), file);
}
