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

/** The file's line ending. */
export function eolOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

/** Inserts `insertion` at `position`. */
export function insertAt(text: string, position: number, insertion: string): string {
  return `${text.slice(0, position)}${insertion}${text.slice(position)}`;
}
