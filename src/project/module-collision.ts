import { existsSync, statSync } from "node:fs";
import { join, posix } from "node:path";

const INDEX_FILES = ["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"].map(
  (ext) => `index.${ext}`,
);

function isFolder(root: string, path: string): boolean {
  try {
    return statSync(join(root, path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Where `dir/<name>` is free for a new module: no folder of that name (`src/auth.ts` beside
 * `src/auth/` makes `./auth` resolve to the file, shadowing `src/auth/index.ts`, and SolidStart's
 * build fails), and no file of that name unless `ours` says it is the one we would write. The
 * first free candidate of `names`; the last one when none is (a second run finds it there).
 */
export function freeModulePath(
  root: string,
  dir: string,
  names: string[],
  ext: string,
  ours: (path: string) => boolean,
  exists: (path: string) => boolean = (path) => existsSync(join(root, path)),
): string {
  for (const name of names) {
    const path = posix.join(dir, `${name}${ext}`);
    if (exists(path)) {
      if (ours(path)) return path;
      continue;
    }
    if (!isFolder(root, posix.join(dir, name))) return path;
  }
  return posix.join(dir, `${names.at(-1)}${ext}`);
}

/** A source file and the folder of the same module name whose index it shadows. */
export interface ShadowedFolder {
  file: string;
  folder: string;
}

/** Source files that share their module name with a folder holding an index file. */
export function shadowedFolders(root: string, files: string[]): ShadowedFolder[] {
  return files.flatMap((file) => {
    const folder = file.replace(/\.[cm]?[jt]sx?$/, "");
    if (folder === file || !isFolder(root, folder)) return [];
    return INDEX_FILES.some((index) => existsSync(join(root, folder, index)))
      ? [{ file, folder }]
      : [];
  });
}
