import { existsSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { importSpecifiers } from "../syntax/imported-modules.js";
import { readingProject } from "../syntax/parse.js";
import { ts } from "../syntax/ts-morph.js";
import { sourcePath } from "./source-path.js";

/** tsconfig's (or jsconfig's) `paths`, with the folder their targets are relative to. */
interface PathAliases {
  base: string;
  paths: Record<string, string[]>;
}

/** The project's `compilerOptions.paths` (`extends` followed), if it declares any. */
function readPathAliases(root: string): PathAliases | undefined {
  for (const name of ["tsconfig.json", "jsconfig.json"]) {
    const path = join(root, name);
    if (!existsSync(path)) continue;
    const read = ts.readConfigFile(path, ts.sys.readFile);
    if (read.error) return undefined;
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root);
    const options = parsed.options as {
      baseUrl?: string;
      pathsBasePath?: string;
      paths?: Record<string, string[]>;
    };
    if (!options.paths) return undefined;
    return { base: options.baseUrl ?? options.pathsBasePath ?? root, paths: options.paths };
  }
  return undefined;
}

/** `@/config/env` through `"@/*": ["./src/*"]` → `src/config/env.ts`, if that file exists. */
function resolveAlias(root: string, aliases: PathAliases, specifier: string): string | undefined {
  for (const [pattern, targets] of Object.entries(aliases.paths)) {
    const star = pattern.indexOf("*");
    const prefix = star === -1 ? pattern : pattern.slice(0, star);
    const suffix = star === -1 ? "" : pattern.slice(star + 1);
    const matches =
      star === -1
        ? specifier === pattern
        : specifier.startsWith(prefix) &&
          specifier.endsWith(suffix) &&
          specifier.length >= prefix.length + suffix.length;
    if (!matches) continue;
    const captured =
      star === -1 ? "" : specifier.slice(prefix.length, specifier.length - suffix.length);
    for (const target of targets) {
      const absolute = resolve(aliases.base, target.replace("*", captured));
      const found = sourceOrIndex(root, relative(root, absolute));
      if (found) return found;
    }
  }
  return undefined;
}

/** A module path → its source file, or the folder's `index` file. */
function sourceOrIndex(root: string, path: string): string | undefined {
  const clean = path.split("\\").join(posix.sep);
  if (clean.startsWith("..") || clean.includes("node_modules/")) return undefined;
  return sourcePath(root, clean) ?? sourcePath(root, posix.join(clean, "index"));
}

/** The project files reachable from some entry files, and which file imported each. */
export interface ReachableSources {
  /** The given files first, then what they import, breadth first. */
  files: string[];
  /** File → the file that first imported it (absent for the given files). */
  importedBy: Map<string, string>;
}

/**
 * The project's source files reachable from `files` through relative imports and tsconfig
 * `paths` aliases (`@/config/env`), breadth first, at most `depth` imports away and `max` files
 * in all: where an app loads its env file or reads its port is often a config module the entry
 * imports (`src/config/config.js`), not the entry itself.
 */
export function reachableSources(
  root: string,
  files: string[],
  { depth = 3, max = 40 }: { depth?: number; max?: number } = {},
): ReachableSources {
  const aliases = readPathAliases(root);
  const project = readingProject();
  const seen = new Set(files);
  const importedBy = new Map<string, string>();
  let frontier = [...files];
  for (let level = 0; level < depth && frontier.length > 0 && seen.size < max; level++) {
    const next: string[] = [];
    for (const file of frontier) {
      const source = project.addSourceFileAtPathIfExists(join(root, file));
      if (!source) continue;
      for (const specifier of importSpecifiers(source)) {
        const target = specifier.startsWith(".")
          ? sourceOrIndex(root, relative(root, resolve(root, dirname(file), specifier)))
          : aliases && resolveAlias(root, aliases, specifier);
        if (!target || seen.has(target) || seen.size >= max) continue;
        seen.add(target);
        importedBy.set(target, file);
        next.push(target);
      }
    }
    frontier = next;
  }
  return { files: [...seen], importedBy };
}

/** `src/config/env.ts (imported from src/app.ts)`: a file and how the entry reaches it. */
export function describeReach(reach: ReachableSources, file: string): string {
  const parent = reach.importedBy.get(file);
  return parent ? `${file} (imported from ${parent})` : file;
}
