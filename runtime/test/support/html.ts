/**
 * Reading rendered pages the way a browser does: parse5 builds the tree (and reports every
 * parse error), and small queries pull out what a user would see or submit.
 */
import { type DefaultTreeAdapterMap, parse } from "parse5";

export type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

/** A parsed page plus the parse errors the HTML parser reported. */
export interface ParsedPage {
  document: DefaultTreeAdapterMap["document"];
  errors: string[];
}

/** Parses `html` as a full document, collecting parse error codes. */
export function parsePage(html: string): ParsedPage {
  const errors: string[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(error.code) });
  return { document, errors };
}

function* walk(node: Node): Generator<Node> {
  yield node;
  if ("childNodes" in node) for (const child of node.childNodes) yield* walk(child);
}

/** Every element named `tag` (or every element, for `*`), in document order. */
export function all(root: Node, tag: string): Element[] {
  const found: Element[] = [];
  for (const node of walk(root)) {
    if ("tagName" in node && (tag === "*" || node.tagName === tag)) found.push(node);
  }
  return found;
}

/** The single element matching `tag` and `where`; fails when there is not exactly one. */
export function one(root: Node, tag: string, where: (el: Element) => boolean = () => true) {
  const found = all(root, tag).filter(where);
  if (found.length !== 1) throw new Error(`expected one <${tag}>, found ${found.length}`);
  return found[0]!;
}

/** The element's attributes as a record (names as the parser lower-cased them). */
export function attrs(el: Element): Record<string, string> {
  return Object.fromEntries(el.attrs.map((a) => [a.name, a.value]));
}

/** The element's text content, whitespace collapsed. */
export function text(el: Node): string {
  let out = "";
  for (const node of walk(el)) if (node.nodeName === "#text" && "value" in node) out += node.value;
  return out.replace(/\s+/g, " ").trim();
}

/** The value of the hidden input `name` inside `form`. */
export function hidden(form: Element, name: string): string | undefined {
  const input = all(form, "input").find(
    (i) => attrs(i).type === "hidden" && attrs(i).name === name,
  );
  return input ? attrs(input).value : undefined;
}
