import { existsSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import type { SourceFile } from "ts-morph";
import { importSpecifiers } from "../syntax/imported-modules.js";
import { readingProject } from "../syntax/parse.js";

const extensions = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];

/**
 * A path as written in package.json or an import (maybe without extension, maybe compiled) → the
 * project's source file, relative to the root; undefined when there is none.
 */
export function sourcePath(root: string, path: string): string | undefined {
  const clean = path.replace(/^\.\//, "");
  const candidates = [clean];
  // A compiled entry (dist/index.js) usually has its source at src/index.ts.
  const fromBuild = clean.replace(/^(dist|build|lib|out)\//, "src/");
  if (fromBuild !== clean) candidates.push(fromBuild);
  for (const candidate of candidates) {
    const base = candidate.replace(/\.[cm]?[jt]s$/, "");
    for (const file of [candidate, ...extensions.map((ext) => `${base}${ext}`)]) {
      if (extname(file) && existsSync(join(root, file))) return file;
    }
  }
  return undefined;
}

/** A path given on the command line (`--entry`), as a project-relative source file. */
export function entrySource(root: string, path: string): string | undefined {
  const relativePath = relative(root, resolve(root, path)).split("\\").join("/");
  return relativePath.startsWith("..") ? undefined : sourcePath(root, relativePath);
}

/** The project files a parsed `file` imports with relative specifiers, as source paths. */
export function importedSourcePaths(root: string, file: string, source: SourceFile): string[] {
  return importSpecifiers(source)
    .filter((specifier) => specifier.startsWith("./") || specifier.startsWith("../"))
    .map((specifier) => sourcePath(root, relative(root, resolve(root, dirname(file), specifier))))
    .filter((target): target is string => target !== undefined);
}

/** The project files `file` imports with relative specifiers (one level), as source paths. */
export function importedSources(root: string, file: string, project = readingProject()): string[] {
  const source = project.addSourceFileAtPathIfExists(join(root, file));
  return source ? importedSourcePaths(root, file, source) : [];
}
