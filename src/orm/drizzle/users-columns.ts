import { insertPropertyAfter } from "../../edit/object-property.js";
import { parse } from "../../syntax/parse.js";
import { detectStyle } from "../../syntax/source-style.js";
import { insertAt } from "../../syntax/text-edit.js";
import { Node } from "../../syntax/ts-morph.js";
import type { Dialect } from "../types.js";
import { columnsObject, type TableDef } from "./tables.js";

/** The user fields the adapter writes, by column key, with the column each dialect gets. */
const USER_COLUMNS: Record<
  Dialect,
  [key: string, builder: string, column: (n: string) => string][]
> = {
  postgresql: [
    ["name", "text", (n) => `text("${n}")`],
    ["email", "text", (n) => `text("${n}").unique()`],
    ["emailVerified", "timestamp", (n) => `timestamp("${n}", { mode: "date" })`],
    ["image", "text", (n) => `text("${n}")`],
  ],
  mysql: [
    ["name", "varchar", (n) => `varchar("${n}", { length: 255 })`],
    ["email", "varchar", (n) => `varchar("${n}", { length: 255 }).unique()`],
    ["emailVerified", "timestamp", (n) => `timestamp("${n}", { mode: "date", fsp: 3 })`],
    ["image", "varchar", (n) => `varchar("${n}", { length: 255 })`],
  ],
  sqlite: [
    ["name", "text", (n) => `text("${n}")`],
    ["email", "text", (n) => `text("${n}").unique()`],
    ["emailVerified", "integer", (n) => `integer("${n}", { mode: "timestamp_ms" })`],
    ["image", "text", (n) => `text("${n}")`],
  ],
};

/** Column types the adapter accepts for its string fields. */
const STRING_BUILDERS = new Set(["text", "varchar", "char"]);

/** A NOT NULL column the adapter's `createUser` leaves empty makes every sign-up fail. */
const FILLED =
  /\.(primaryKey|default|\$default|\$defaultFn|defaultNow|defaultRandom|generatedAlwaysAs|generatedAlwaysAsIdentity|generatedByDefaultAsIdentity|autoincrement|\$onUpdate)\(/;

/**
 * Adds the columns auth needs to the app's own users table, in place: the existing properties
 * keep their text and the new ones follow the object's layout. Returns the new text and what
 * must be settled by hand (a required column sign-up cannot fill, an email that is not text).
 */
export function extendUsersTable(
  text: string,
  users: TableDef,
  coreModule: string,
): { text: string; manual: string[] } {
  const manual: string[] = [];
  const style = detectStyle(text);
  const snake = /\(\s*["'][a-z]+_[a-z_]+["']/.test(text);
  const keys = new Map(users.columns.map((column) => [column.key, column]));
  const wanted = USER_COLUMNS[users.dialect];
  for (const column of users.columns) {
    if (column.key === "id" || wanted.some(([key]) => key === column.key)) continue;
    if (/\.notNull\(\)/.test(column.text) && !FILLED.test(column.text))
      manual.push(
        `${users.file}: ${users.variable}.${column.key} is NOT NULL without a default, and Auth.js creates users with only id, name, email, emailVerified and image: give it a default (or make it nullable), else every first sign-in fails.`,
      );
  }
  const email = keys.get("email");
  if (email && !STRING_BUILDERS.has(email.builder))
    manual.push(
      `${users.file}: ${users.variable}.email is ${email.builder}(…); @auth/drizzle-adapter needs a text or varchar column.`,
    );
  const missing = wanted.filter(([key]) => !keys.has(key));
  if (missing.length === 0) return { text, manual };
  let result = text;
  for (const [key, , column] of missing) {
    const object = objectOf(result, users);
    const last = object.getProperties().at(-1);
    const sqlName = snake && key === "emailVerified" ? "email_verified" : key;
    const entry = `${key}: ${column(sqlName).replace(/"/g, style.quote)}`;
    if (last) result = insertPropertyAfter(result, last, entry);
    else result = insertAt(result, object.getStart() + 1, ` ${entry} `);
  }
  const builders = [...new Set(missing.map(([, builder]) => builder))];
  return { text: ensureNamedImport(result, users.file, coreModule, builders), manual };
}

function objectOf(text: string, users: TableDef) {
  const file = parse(text, users.file);
  const call = file.getVariableDeclarationOrThrow(users.variable).getInitializerOrThrow();
  if (!Node.isCallExpression(call)) throw new Error(`${users.variable} is not a table call`);
  return columnsObject(call)!;
}

/**
 * Adds names to the file's existing `import { … } from "<module>"` (or `require`), so a column
 * type joins the line that already imports `pgTable`; the names already bound stay as they are.
 */
export function ensureNamedImport(
  text: string,
  fileName: string,
  module: string,
  names: string[],
): string {
  const file = parse(text, fileName);
  const declaration = file
    .getImportDeclarations()
    .find((d) => d.getModuleSpecifierValue() === module && d.getNamedImports().length > 0);
  if (declaration) {
    const bound = new Set(declaration.getNamedImports().map((n) => n.getName()));
    const add = names.filter((name) => !bound.has(name));
    if (add.length === 0) return text;
    const last = declaration.getNamedImports().at(-1)!;
    return insertAt(text, last.getEnd(), add.map((name) => `, ${name}`).join(""));
  }
  const pattern = new RegExp(
    `\\{([^}]*)\\}\\s*=\\s*require\\(\\s*["']${module.replace(/[/-]/g, "\\$&")}["']\\s*\\)`,
  );
  const required = pattern.exec(text);
  if (required) {
    const bound = new Set(required[1]!.split(",").map((name) => name.trim()));
    const add = names.filter((name) => !bound.has(name));
    if (add.length === 0) return text;
    const closing = required.index + required[0].indexOf("}");
    const before = text.slice(0, closing).trimEnd();
    return `${before}${add.map((name) => `, ${name}`).join("")} ${text.slice(closing)}`;
  }
  throw new Error(`${fileName} does not import from ${module}`);
}
