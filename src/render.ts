import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { importStatement, type ModuleImport } from "./edit/imports.js";
import type { ModuleKind } from "./syntax/module-kind.js";
import { reindent, type SourceStyle } from "./syntax/source-style.js";

export interface TemplateContext {
  /** ESM or CommonJS for the generated file. */
  kind: ModuleKind;
  typescript: boolean;
  style: SourceStyle;
  [key: string]: unknown;
}

const templates = new URL("../templates/", import.meta.url);
const engine = Handlebars.create();

type Options = Handlebars.HelperOptions & { data: { root: TemplateContext } };

/** `{{{import from="x" default="X"}}}` / `{{{import from="x" named="a,b"}}}`: one line, ESM or CJS. */
engine.registerHelper("import", (options: Options) => {
  const {
    from,
    named,
    default: def,
  } = options.hash as { from: string; named?: string; default?: string };
  const spec: ModuleImport = {
    from,
    ...(named ? { named: named.split(",").map((n) => n.trim()) } : {}),
    ...(def ? { default: def } : {}),
  };
  const { kind, style } = options.data.root;
  return new Handlebars.SafeString(importStatement(spec, kind, style));
});

/** `{{{importType name from}}}`: a type-only import in TypeScript, nothing in JavaScript. */
engine.registerHelper("importType", (name: string, from: string, options: Options) => {
  const { typescript, style } = options.data.root;
  if (!typescript) return "";
  const q = style.quote;
  return new Handlebars.SafeString(
    `import type { ${name} } from ${q}${from}${q}${style.semicolons ? ";" : ""}`,
  );
});

/** `{{{q "text"}}}`: a string literal in the file's quote style. */
engine.registerHelper("q", (value: string, options: Options) => {
  const q = options.data.root.style.quote;
  return new Handlebars.SafeString(
    `${q}${String(value).replace(/\\/g, "\\\\").replace(new RegExp(q, "g"), `\\${q}`)}${q}`,
  );
});

/** `{{;}}`-like: a semicolon when the style uses them. */
engine.registerHelper("semi", (options: Options) =>
  options.data.root.style.semicolons ? ";" : "",
);

/** `{{{exportConst "authConfig" "ExpressAuthConfig"}}}`: the declaration head, typed in TypeScript. */
engine.registerHelper("exportConst", (name: string, type: string, options: Options) => {
  const { kind, typescript, style } = options.data.root;
  const annotation = typescript ? `: ${type}` : "";
  return new Handlebars.SafeString(
    kind === "esm"
      ? `export const ${name}${annotation} =`
      : `${style.declaration} ${name}${annotation} =`,
  );
});

/** `{{decl}}`: the declaration keyword of the file's style (`var` in a `var`-style CommonJS app). */
engine.registerHelper("decl", (options: Options) => {
  const { kind, style } = options.data.root;
  return kind === "esm" ? "const" : style.declaration;
});

/** `{{{exportTail "authConfig"}}}`: CommonJS's `module.exports`, nothing in ESM. */
engine.registerHelper("exportTail", (name: string, options: Options) => {
  const { kind, style } = options.data.root;
  return kind === "esm"
    ? ""
    : new Handlebars.SafeString(`\nmodule.exports = { ${name} }${style.semicolons ? ";" : ""}\n`);
});

const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** Renders `templates/<name>.hbs` with `context`. */
export function render(name: string, context: TemplateContext): string {
  let template = compiled.get(name);
  if (!template) {
    template = engine.compile(readFileSync(new URL(`${name}.hbs`, templates), "utf8"), {
      noEscape: true,
      strict: false,
    });
    compiled.set(name, template);
  }
  // Helpers that render nothing leave empty lines behind: drop those within the import block
  // and collapse runs of blank lines elsewhere.
  const text = reindent(template(context), context.style);
  const lines = text.split("\n");
  const lastImport = lines.reduce(
    (last, line, i) => (/^(import|(const|var) .* = require\()/.test(line) ? i : last),
    -1,
  );
  const kept = lines.filter(
    (line, i) =>
      !(
        i < lastImport &&
        line.trim() === "" &&
        i > 0 &&
        /^(import|(const|var) .* = require\(|\/\/)/.test(lines[i - 1] ?? "")
      ),
  );
  return kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/\n+$/, "\n");
}
