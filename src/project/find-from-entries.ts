import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import type { SourceFile } from "ts-morph";
import { readingProject } from "../syntax/parse.js";
import type { Project } from "../syntax/ts-morph.js";
import type { PackageJson } from "./package-json.js";
import { importedSourcePaths, sourcePath } from "./source-path.js";

const conventional = [
  "src/index",
  "src/app",
  "src/server",
  "src/main",
  "index",
  "app",
  "server",
  "main",
];

function isPlainFile(root: string, path: string): boolean {
  return (
    !path.startsWith("-") && existsSync(join(root, path)) && statSync(join(root, path)).isFile()
  );
}

/** Entry candidates with the reason each is a candidate, most specific first. */
function candidates(root: string, pkg: PackageJson): [string, string][] {
  const found: [string, string][] = [];
  const add = (path: string | undefined, why: string) => {
    const file = path && sourcePath(root, path);
    if (file && !found.some(([known]) => known === file)) found.push([file, why]);
  };
  for (const script of ["dev", "start", "serve"]) {
    const tokens = pkg.scripts?.[script]?.split(/\s+/) ?? [];
    tokens.forEach((token, i) => {
      if (/^[\w./-]+\.[cm]?[jt]s$/.test(token) || /^(\.\/)?src\/[\w./-]+$/.test(token))
        add(token, `scripts.${script}`);
      // `node ./bin/www` (express-generator): a script file without an extension.
      else if (/^(node|nodemon|tsx|ts-node)$/.test(tokens[i - 1] ?? "") && isPlainFile(root, token))
        found.push([token.replace(/^\.\//, ""), `scripts.${script}`]);
    });
  }
  add(pkg.main, "package.json main");
  for (const path of conventional) add(path, "conventional location");
  return found;
}

/** What {@link findFromEntries} found, and the way there. */
export interface FoundFromEntries<T> {
  found: T;
  /** The file it was found in, relative to the project root. */
  file: string;
  /** Where the search started and how it got there (`scripts.dev → imported by src/server.ts`). */
  evidence: string;
  /** The entry file the search started from (it may only import the app, and call listen). */
  entry: string;
  /** The files from the entry to `file`, in import order. */
  chain: string[];
}

/**
 * Searches a server app's sources for the first file where `find` finds something: from `entry`
 * (`--entry`) when given, else the dev/start scripts, `main` and the conventional entry files,
 * following relative imports depth first (an entry that imports `./app` is common).
 */
export function findFromEntries<T>(
  root: string,
  pkg: PackageJson,
  find: (source: SourceFile) => T | undefined,
  options: { project?: Project; entry?: string } = {},
): FoundFromEntries<T> | undefined {
  const project = options.project ?? readingProject();
  const starts: [string, string][] = options.entry
    ? [[options.entry, "--entry"]]
    : candidates(root, pkg);
  const queue = starts.map(([file, why]) => ({ file, why, chain: [file] }));
  const seen = new Set<string>();
  while (queue.length && seen.size < 40) {
    const { file, why, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = project.addSourceFileAtPathIfExists(join(root, file));
    if (!source) continue;
    const found = find(source);
    if (found !== undefined) return { found, file, evidence: why, entry: chain[0]!, chain };
    // Depth first: an entry's own imports are more telling than the next conventional name.
    const imported = importedSourcePaths(root, file, source).map((target) => ({
      file: target,
      why: `${why} → imported by ${file}`,
      chain: [...chain, target],
    }));
    queue.unshift(...imported);
  }
  return undefined;
}
