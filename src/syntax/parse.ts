import type * as TsMorph from "ts-morph";
import type { SourceFile } from "ts-morph";
import { type Project, ts, tsMorph } from "./ts-morph.js";

/** Made on the first parse: commands that parse nothing never build it. */
let project: Project | undefined;

/** A syntax tree of `text` for reading positions (edits are made on the text, not the tree). */
export function parse(text: string, fileName: string): SourceFile {
  const name = /\.[cm]?[jt]sx?$/.test(fileName) ? fileName : `${fileName}.ts`;
  project ??= new (tsMorph().Project)({
    useInMemoryFileSystem: true,
    compilerOptions: { allowJs: true },
  });
  return project.createSourceFile(`/${name.replace(/^\/+/, "")}`, text, { overwrite: true });
}

/**
 * A ts-morph project that reads a user's files from disk (never type-checks them): searches that
 * follow imports share one, so each file is parsed once.
 */
export function readingProject(): Project {
  return new (tsMorph().Project)({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: true },
  });
}

/** Where a file stops being valid syntax, and the parser's words for it. */
export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
}

/**
 * The first syntax error of `text`, or undefined when it parses: a tree recovered from broken
 * code still has nodes, and an edit placed by them can land anywhere.
 */
export function syntaxProblem(text: string, fileName: string): SyntaxProblem | undefined {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  // Parse errors are kept on the source file (not part of TypeScript's typed surface).
  const [first] =
    (source as unknown as { parseDiagnostics?: TsMorph.ts.Diagnostic[] }).parseDiagnostics ?? [];
  if (!first) return undefined;
  const { line, character } = source.getLineAndCharacterOfPosition(first.start ?? 0);
  return {
    line: line + 1,
    column: character + 1,
    message: ts.flattenDiagnosticMessageText(first.messageText, "\n"),
  };
}
