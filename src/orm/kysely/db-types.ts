import type { InterfaceDeclaration, SourceFile } from "ts-morph";
import { parse } from "../../syntax/parse.js";
import { eolOf, insertAt } from "../../syntax/text-edit.js";
import type { AuthTable } from "./columns.js";

/** The member separator and indentation the interface already uses. */
function memberStyle(
  declaration: InterfaceDeclaration,
  text: string,
): { indent: string; end: string } {
  const [first] = declaration.getMembers();
  if (!first) return { indent: "  ", end: ";" };
  const line = text.slice(text.lastIndexOf("\n", first.getStart()) + 1, first.getStart());
  const member = first.getText();
  return {
    indent: /^\s*/.exec(line)![0],
    end: member.endsWith(";") ? ";" : member.endsWith(",") ? "," : "",
  };
}

/** Appends `lines` as members at the end of the interface body. */
function appendMembers(text: string, declaration: InterfaceDeclaration, lines: string[]): string {
  const { indent, end } = memberStyle(declaration, text);
  const eol = eolOf(text);
  const close = declaration.getEnd() - 1;
  const before = text.slice(0, close).replace(/[ \t]*$/, "");
  const lead = before.endsWith("\n") || before.endsWith("{") ? "" : eol;
  const body = lines.map((line) => `${indent}${line}${end}${eol}`).join("");
  return `${before}${lead}${before.endsWith("{") ? eol : ""}${body}${text.slice(close)}`;
}

/** Makes `Generated` available from kysely: added to an existing kysely import, else a new one. */
function ensureGenerated(text: string, file: SourceFile): string {
  const existing = file
    .getImportDeclarations()
    .find((d) => d.getModuleSpecifierValue() === "kysely");
  if (existing?.getNamedImports().some((n) => n.getName() === "Generated")) return text;
  const named = existing?.getNamedImports() ?? [];
  if (existing && named.length > 0) {
    const last = named.at(-1)!;
    const item = existing.isTypeOnly() ? "Generated" : "type Generated";
    return insertAt(text, last.getEnd(), `, ${item}`);
  }
  const imports = file.getImportDeclarations();
  const semicolon = imports[0]?.getText().endsWith(";") ?? true;
  const line = `import type { Generated } from "kysely"${semicolon ? ";" : ""}`;
  const eol = eolOf(text);
  const after = imports.at(-1)?.getEnd();
  return after === undefined
    ? `${line}${eol}${eol}${text}`
    : insertAt(text, after, `${eol}${line}`);
}

/** Row interface names the file does not use yet: `UserTable`, else `AuthUserTable`. */
function rowName(file: SourceFile, table: string, suffix: string): string {
  const plain = `${table}${suffix}`;
  return file.getInterface(plain) || file.getTypeAlias(plain) ? `Auth${plain}` : plain;
}

/**
 * Adds the auth tables to the app's hand-written `DB` interface: a row interface per table (named
 * like the app's own, `PetTable` → `AccountTable`), declared after `DB`, and one member per table;
 * an existing `User` row interface gains only the fields auth needs. Running it again changes
 * nothing, because members already there are skipped.
 */
export function addAuthTypes(
  text: string,
  path: string,
  dbName: string,
  tables: AuthTable[],
  userRow: string | undefined,
): string | undefined {
  let file = parse(text, path);
  const db = file.getInterface(dbName);
  if (!db) return undefined;
  const present = new Set(db.getProperties().map((p) => p.getName()));
  const suffix = db
    .getProperties()
    .map((p) => p.getTypeNode()?.getText() ?? "")
    .some((type) => /^\w+Table$/.test(type))
    ? "Table"
    : db.getProperties().some((p) => /^\w+Row$/.test(p.getTypeNode()?.getText() ?? ""))
      ? "Row"
      : "Table";
  let result = text;
  const missing = tables.filter((table) => !present.has(table.name));
  const eol = eolOf(text);
  if (missing.length > 0) {
    const names = new Map(missing.map((table) => [table.name, rowName(file, table.name, suffix)]));
    result = appendMembers(
      result,
      db,
      missing.map((table) => `${table.name}: ${names.get(table.name)}`),
    );
    file = parse(result, path);
    const { indent, end } = memberStyle(file.getInterface(dbName)!, result);
    const declarations = missing.map((table) =>
      [
        `export interface ${names.get(table.name)} {`,
        ...table.columns.map((column) => `${indent}${column.name}: ${column.ts}${end}`),
        "}",
      ].join(eol),
    );
    const after = file.getInterface(dbName)!.getEnd();
    result = insertAt(result, after, `${eol}${eol}${declarations.join(`${eol}${eol}`)}`);
  }
  const user = tables.find((table) => table.name === "User")!;
  if (userRow && present.has("User")) {
    const row = parse(result, path).getInterface(userRow);
    if (row) {
      const has = new Set(row.getProperties().map((p) => p.getName()));
      const add = user.columns.filter((column) => !has.has(column.name));
      if (add.length > 0)
        result = appendMembers(
          result,
          row,
          add.map((c) => `${c.name}: ${c.name === "email" ? "string | null" : c.ts}`),
        );
    }
  }
  if (result !== text && /Generated</.test(result))
    result = ensureGenerated(result, parse(result, path));
  return result;
}
