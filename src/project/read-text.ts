import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A project file's text, or "" when it does not exist (a file to look into, not to require). */
export function readText(root: string, file: string): string {
  const path = join(root, file);
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}
