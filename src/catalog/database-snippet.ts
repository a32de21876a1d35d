import { readFileSync } from "node:fs";
import { join } from "node:path";
import { importStatement } from "../edit/imports.js";
import { moduleKindOf } from "../syntax/module-kind.js";
import { detectStyle } from "../syntax/source-style.js";

/** The module of the runtime's PostgreSQL adapter (for PGlite and a server alike). */
const ADAPTERS = "@create-auth/runtime/adapters/postgres";

/**
 * How to give an existing configuration a database, in that file's module system and style
 * (`require` in CommonJS, `import` in ESM): the import line and the `adapter` property.
 */
export function databaseSnippet(
  root: string,
  file: string,
  esmPackage: boolean,
): { importLine: string; property: string } {
  let text = "";
  try {
    text = readFileSync(join(root, file), "utf8");
  } catch {
    // A file that cannot be read: the package's module system and plain defaults decide.
  }
  const style = detectStyle(text);
  const kind = moduleKindOf(file, text, esmPackage);
  return {
    importLine: importStatement(
      { from: ADAPTERS, named: ["embeddedDatabase", "postgresAdapter"] },
      kind,
      style,
    ),
    property: "adapter: postgresAdapter(embeddedDatabase()),",
  };
}
