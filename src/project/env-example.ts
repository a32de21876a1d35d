import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sourceFiles } from "./source-files.js";

/** The names projects give the committed file that lists their variables, most common first. */
export const EXAMPLE_FILES = [".env.example", ".env.template", ".env.sample", ".env.dist"];

/** Whether an env file name is an example (a list for others to copy), not a secret store. */
export function isExampleFile(file: string): boolean {
  return /(^|\/)\.env(\.[\w-]+)*\.(example|template|sample|dist)$/.test(file);
}

/**
 * The project's example file: the first of {@link EXAMPLE_FILES} that exists (a project with a
 * `.env.template` gets no second list beside it), else `.env.example`.
 */
export function exampleFileOf(exists: (file: string) => boolean): string {
  return EXAMPLE_FILES.find(exists) ?? ".env.example";
}

/**
 * The source file that names `example` as a string (`existsSync(".env") ? ".env" :
 * ".env.example"`): such an app loads the example's values when no env file exists, so they
 * are its fallbacks and emptying them changes how it starts.
 */
export function loaderOfExample(root: string, example: string): string | undefined {
  const literal = new RegExp(`["'\`]${example.replace(/\./g, "\\.")}["'\`]`);
  return sourceFiles(root, 2000).find((file) => {
    try {
      return literal.test(readFileSync(join(root, file), "utf8"));
    } catch {
      return false;
    }
  });
}
