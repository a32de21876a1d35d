import { type Dirent, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Folders that never hold the user's own sources. */
const SKIPPED = new Set([
  "node_modules",
  ".git",
  "dist",
  "build",
  "out",
  ".output",
  ".vinxi",
  ".nitro",
  ".netlify",
  ".vercel",
  "coverage",
  ".tmp",
  ".auth",
]);
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** Source files below `root` (project-relative, `/`-separated), skipping build output. */
export function sourceFiles(root: string, limit = 4000): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= limit) return;
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith(".")) walk(join(dir, entry.name));
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        found.push(relative(root, join(dir, entry.name)).split(sep).join("/"));
      }
    }
  };
  walk(root);
  return found.sort();
}
