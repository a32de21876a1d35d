import type { ModelField, ModelSpec } from "./auth-models.js";
import { indentOf, type SchemaBlock, type SchemaField, type SchemaFile } from "./schema-reader.js";

/**
 * Layout the way `prisma format` writes it, so a formatted schema stays formatted after our edit
 * (`prisma format --check` passes): the fields of a group (lines between blank lines) align their
 * names, types and attributes in columns; a trailing comment follows after one space.
 */
interface Row {
  name: string;
  type: string;
  attributes: string;
  comment: string;
}

function alignRows(rows: (Row | string)[], indent: string): string[] {
  const fields = rows.filter((row): row is Row => typeof row !== "string");
  const nameWidth = Math.max(...fields.map((row) => row.name.length));
  const typeWidth = Math.max(...fields.map((row) => row.type.length));
  return rows.map((row) => {
    if (typeof row === "string") return `${indent}${row}`;
    let line = `${row.name.padEnd(nameWidth)} ${row.attributes ? row.type.padEnd(typeWidth) : row.type}`;
    if (row.attributes) line += ` ${row.attributes}`;
    if (row.comment) line += ` ${row.comment}`;
    return `${indent}${line}`;
  });
}

const rowOf = (field: ModelField): Row => ({
  name: field.name,
  type: field.type,
  attributes: field.attributes.join(" "),
  comment: "",
});

/** A new model block, formatted. */
export function renderModel(model: ModelSpec): string {
  const lines = [`model ${model.name} {`, ...alignRows(model.fields.map(rowOf), "  ")];
  if (model.blockAttributes.length > 0)
    lines.push("", ...model.blockAttributes.map((attribute) => `  ${attribute}`));
  lines.push("}");
  return lines.join("\n");
}

/** The row a field of the user's file has, from its line as written. */
function existingRow(field: SchemaField): Row {
  const type = `${field.type}${field.list ? "[]" : ""}${field.optional ? "?" : ""}`;
  return {
    name: field.name,
    type,
    attributes: field.attributes.join(" "),
    comment: field.line.comment,
  };
}

/**
 * `block` with `added` fields after its last field, the field group they join re-aligned (only
 * whitespace of the user's lines in that group changes, as `prisma format` would change it).
 * Returns the new file text.
 */
export function addFields(file: SchemaFile, block: SchemaBlock, added: ModelField[]): string {
  const { text } = file;
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const last = block.fields.at(-1);
  if (!last) {
    const at = block.close.start;
    const rows = alignRows(added.map(rowOf), "  ");
    return `${text.slice(0, at)}${rows.join(newline)}${newline}${text.slice(at)}`;
  }
  // The group: the run of non-blank field and comment lines around the last field.
  const index = block.body.indexOf(last.line);
  let first = index;
  while (first > 0 && groupLine(block, block.body[first - 1]!)) first--;
  let end = index;
  while (end + 1 < block.body.length && groupLine(block, block.body[end + 1]!)) end++;
  const group = block.body.slice(first, end + 1);
  const indent = indentOf(text.slice(last.line.start, last.line.end));
  const multiLine = group.some((line) => text.slice(line.start, line.end).includes("\n"));
  const rows: (Row | string)[] = group.map((line) => {
    const field = block.fields.find((f) => f.line === line);
    return field ? existingRow(field) : text.slice(line.start, line.end).trim();
  });
  const lastRow = group.indexOf(last.line);
  rows.splice(lastRow + 1, 0, ...added.map(rowOf));
  if (multiLine) {
    // A field written over several lines cannot be re-aligned without rewriting it: insert only.
    const at = last.line.end;
    const insert = alignRows(added.map(rowOf), indent).map((line) => `${newline}${line}`);
    return `${text.slice(0, at)}${insert.join("")}${text.slice(at)}`;
  }
  const start = group[0]!.start;
  const stop = group.at(-1)!.end;
  return `${text.slice(0, start)}${alignRows(rows, indent).join(newline)}${text.slice(stop)}`;
}

/** Whether a body line belongs to a field group: a field or a comment-only line. */
function groupLine(block: SchemaBlock, line: SchemaBlock["body"][number]): boolean {
  if (block.fields.some((f) => f.line === line)) return true;
  return line.code === "" && line.comment !== "";
}
