import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { readText } from "../../project/read-text.js";
import { parse } from "../../syntax/parse.js";
import { Node } from "../../syntax/ts-morph.js";

/** Where the project's Prisma schema lives, resolved the way the Prisma CLI resolves it. */
export interface SchemaLocation {
  /** Project-relative: the file, or the folder of a multi-file schema. */
  path: string;
  multiFile: boolean;
  /** Every `.prisma` file of the schema, project-relative. */
  files: string[];
  /** How it was found: `prisma.config.ts "schema"`, `package.json "prisma.schema"`, `default`. */
  from: string;
}

const CONFIG_FILES = [
  "prisma.config.ts",
  "prisma.config.mts",
  "prisma.config.js",
  "prisma.config.mjs",
  "prisma.config.cjs",
  ".config/prisma.ts",
];

/** The config file Prisma 6 loads, when the project has one. */
export function prismaConfigFile(root: string): string | undefined {
  return CONFIG_FILES.find((file) => existsSync(join(root, file)));
}

/** A string literal's text; `path.join("prisma", "schema")` of literals joined as Node would. */
function literalText(value: Node | undefined): string | undefined {
  if (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value))
    return value.getLiteralText();
  if (!Node.isCallExpression(value)) return undefined;
  if (!/^(path\.)?(posix\.)?join$/.test(value.getExpression().getText())) return undefined;
  const parts = value.getArguments().map(literalText);
  return parts.length > 0 && parts.every((part) => part !== undefined)
    ? posix.join(...(parts as string[]))
    : undefined;
}

/**
 * A property a `prisma.config.ts` sets (`schema`, `engine`), when written as a string literal or
 * a `path.join` of them (anything else computed is reported, not guessed).
 */
export function configString(
  root: string,
  file: string,
  name: string,
): { value?: string; computed?: boolean } {
  const source = parse(readText(root, file), file);
  let found: { value?: string; computed?: boolean } = {};
  source.forEachDescendant((node) => {
    if (!Node.isPropertyAssignment(node) || node.getName() !== name) return;
    const value = literalText(node.getInitializer());
    found = value === undefined ? { computed: true } : { value };
  });
  return found;
}

/** The config's `schema`, relative to the config file's folder, as a project-relative path. */
function configSchema(root: string, file: string): { path?: string; computed?: boolean } {
  const { value, computed } = configString(root, file, "schema");
  return value ? { path: posix.normalize(posix.join(posix.dirname(file), value)) } : { computed };
}

function packageJsonSchema(root: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      prisma?: { schema?: unknown };
    };
    return typeof pkg.prisma?.schema === "string" ? posix.normalize(pkg.prisma.schema) : undefined;
  } catch {
    return undefined;
  }
}

/** The `.prisma` files under a folder, sorted, project-relative. */
function prismaFiles(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "migrations" && entry.name !== "node_modules")
      files.push(...prismaFiles(root, path));
    else if (entry.isFile() && entry.name.endsWith(".prisma")) files.push(path);
  }
  return files.sort();
}

function located(root: string, path: string, from: string): SchemaLocation | undefined {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return undefined;
  if (statSync(absolute).isDirectory()) {
    const files = prismaFiles(root, path);
    return files.length > 0 ? { path, multiFile: true, files, from } : undefined;
  }
  return { path, multiFile: false, files: [path], from };
}

/**
 * The schema: `prisma.config.ts`'s `schema`, else package.json's `"prisma": { "schema" }`, else
 * `prisma/schema.prisma`, `schema.prisma`, or the multi-file folder `prisma/schema/`. `warnings`
 * says what could not be read.
 */
export function locateSchema(root: string): { location?: SchemaLocation; warnings: string[] } {
  const warnings: string[] = [];
  const config = prismaConfigFile(root);
  if (config) {
    const declared = configSchema(root, config);
    if (declared.path) {
      const location = located(root, declared.path, `${config} "schema"`);
      if (location) return { location, warnings };
      warnings.push(`${config} names the schema ${declared.path}, which does not exist.`);
    } else if (declared.computed)
      warnings.push(`${config} computes its "schema" path; the default locations were searched.`);
  }
  const fromPackage = packageJsonSchema(root);
  if (fromPackage) {
    const location = located(root, fromPackage, 'package.json "prisma.schema"');
    if (location) return { location, warnings };
    warnings.push(`package.json names the Prisma schema ${fromPackage}, which does not exist.`);
  }
  for (const path of ["prisma/schema.prisma", "schema.prisma", "prisma/schema"]) {
    const location = located(root, path, "default location");
    if (location) return { location, warnings };
  }
  return { warnings };
}
