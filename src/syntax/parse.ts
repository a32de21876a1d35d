import type { SourceFile } from "ts-morph";
import { Project } from "./ts-morph.js";

/** Made on the first parse: commands that parse nothing never build it. */
let project: Project | undefined;

/** A syntax tree of `text` for reading positions (edits are made on the text, not the tree). */
export function parse(text: string, fileName: string): SourceFile {
  const name = /\.[cm]?[jt]sx?$/.test(fileName) ? fileName : `${fileName}.ts`;
  project ??= new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true } });
  return project.createSourceFile(`/${name.replace(/^\/+/, "")}`, text, { overwrite: true });
}

/**
 * A ts-morph project that reads a user's files from disk (never type-checks them): searches that
 * follow imports share one, so each file is parsed once.
 */
export function readingProject(): Project {
  return new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: true },
  });
}
