/**
 * A reader for the Prisma schema language, small on purpose: it knows the blocks (`model`,
 * `enum`, `view`, `type`, `datasource`, `generator`), a model's fields (name, type, `?`/`[]`,
 * attributes) and block attributes (`@@unique(…)`), a config block's `key = value` entries, and
 * comments. It records where each of them sits in the text, so edits insert or replace exact
 * ranges and everything else stays byte-for-byte as the user wrote it.
 */

/** One logical line: a physical line, or several while brackets are open (`[\n "a",\n]`). */
export interface SchemaLine {
  /** Offset of the line's first character. */
  start: number;
  /** Offset just past the line's last character (before its newline). */
  end: number;
  /** The code without its comment, trimmed. */
  code: string;
  /** `// …` or `/// …` after (or instead of) the code, without the slashes' line break. */
  comment: string;
}

export interface SchemaField {
  name: string;
  /** The base type (`String`, `User`, `Unsupported("…")`). */
  type: string;
  optional: boolean;
  list: boolean;
  /** Attribute texts as written (`@id`, `@default(cuid())`). */
  attributes: string[];
  line: SchemaLine;
}

export interface SchemaBlock {
  keyword: string;
  name: string;
  /** Offset of `model`; `end` is just past the closing `}`. */
  start: number;
  end: number;
  /** The line holding the closing `}`. */
  close: SchemaLine;
  /** Lines between the braces, in order. */
  body: SchemaLine[];
  fields: SchemaField[];
  /** `@@unique([a, b])`, as written. */
  blockAttributes: string[];
  /** `key = value` of datasource and generator blocks (value as written). */
  entries: Map<string, string>;
}

export interface SchemaFile {
  path: string;
  text: string;
  blocks: SchemaBlock[];
}

const BLOCK = /^(model|enum|view|type|datasource|generator)\s+(\w+)\s*\{$/;
const FIELD = /^(\w+)\s+((?:Unsupported\("(?:[^"\\]|\\.)*"\))|[\w.]+)(\[\])?(\?)?(?:\s+(.*))?$/;
const ENTRY = /^(\w+)\s*=\s*(.+)$/;

/** The leading whitespace of a line. */
export function indentOf(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

/** Splits text into logical lines, keeping strings intact and joining open brackets. */
function logicalLines(text: string): SchemaLine[] {
  const lines: SchemaLine[] = [];
  let start = 0;
  let depth = 0;
  let code = "";
  let comment = "";
  let i = 0;
  while (i <= text.length) {
    const char = text[i];
    if (char === undefined || char === "\n") {
      if (depth > 0 && char !== undefined) {
        code += " ";
        i++;
        continue;
      }
      const end = i > 0 && text[i - 1] === "\r" ? i - 1 : i;
      lines.push({ start, end, code: code.trim(), comment: comment.trim() });
      code = "";
      comment = "";
      start = i + 1;
      i++;
      depth = 0;
      continue;
    }
    if (char === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      code += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (char === "/" && text[i + 1] === "/") {
      let j = i;
      while (j < text.length && text[j] !== "\n") j++;
      comment += text.slice(i, j).replace(/\r$/, "");
      i = j;
      continue;
    }
    if (char === "(" || char === "[" || char === "{") depth += char === "{" ? 0 : 1;
    if (char === ")" || char === "]") depth = Math.max(0, depth - 1);
    if (char !== "\r") code += char;
    i++;
  }
  return lines;
}

/** Splits `@id @default(cuid()) @db.Text` into attributes, keeping nested parentheses whole. */
export function splitAttributes(rest: string): string[] {
  const attributes: string[] = [];
  let current = "";
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const char = rest[i]!;
    if (char === '"') {
      let j = i + 1;
      while (j < rest.length && rest[j] !== '"') j += rest[j] === "\\" ? 2 : 1;
      current += rest.slice(i, j + 1);
      i = j;
      continue;
    }
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (char === "@" && depth === 0 && rest[i - 1] !== "@" && current.trim() !== "@") {
      if (current.trim()) attributes.push(current.trim());
      current = "";
    }
    current += char;
  }
  if (current.trim()) attributes.push(current.trim());
  return attributes;
}

/** Reads one schema file. Unknown lines are kept in `body` and never interpreted. */
export function readSchema(path: string, text: string): SchemaFile {
  const blocks: SchemaBlock[] = [];
  let open: SchemaBlock | undefined;
  for (const line of logicalLines(text)) {
    if (!open) {
      const match = BLOCK.exec(line.code);
      if (match) {
        open = {
          keyword: match[1]!,
          name: match[2]!,
          start: line.start + indentOf(text.slice(line.start, line.end)).length,
          end: line.end,
          close: line,
          body: [],
          fields: [],
          blockAttributes: [],
          entries: new Map(),
        };
      }
      continue;
    }
    if (line.code === "}") {
      open.close = line;
      open.end = line.start + text.slice(line.start, line.end).indexOf("}") + 1;
      blocks.push(open);
      open = undefined;
      continue;
    }
    open.body.push(line);
    if (!line.code) continue;
    if (open.keyword === "datasource" || open.keyword === "generator") {
      const entry = ENTRY.exec(line.code);
      if (entry) open.entries.set(entry[1]!, entry[2]!.trim());
      continue;
    }
    if (line.code.startsWith("@@")) {
      open.blockAttributes.push(line.code);
      continue;
    }
    const field = FIELD.exec(line.code);
    if (field && (open.keyword === "model" || open.keyword === "view" || open.keyword === "type"))
      open.fields.push({
        name: field[1]!,
        type: field[2]!,
        list: field[3] !== undefined,
        optional: field[4] !== undefined,
        attributes: splitAttributes(field[5] ?? ""),
        line,
      });
  }
  return { path, text, blocks };
}

/** The string a config value holds: `"x"` → `x`; `env("X")` and others → undefined. */
export function stringValue(value: string | undefined): string | undefined {
  const match = value && /^"((?:[^"\\]|\\.)*)"$/.exec(value);
  return match ? match[1]!.replace(/\\(.)/g, "$1") : undefined;
}

/** The strings of a list value: `["a", "b"]` → `[a, b]`. */
export function listValue(value: string | undefined): string[] {
  if (!value?.startsWith("[")) return [];
  return [...value.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
}

/** The attribute named `name` (`@default`, `@db.Text`, `@@unique`), as written. */
export function attribute(attributes: readonly string[], name: string): string | undefined {
  return attributes.find((a) => a === name || a.startsWith(`${name}(`));
}

/** The inside of an attribute's parentheses: `@default(cuid())` → `cuid()`. */
export function attributeArgs(text: string): string {
  const open = text.indexOf("(");
  return open < 0 ? "" : text.slice(open + 1, text.lastIndexOf(")")).trim();
}
