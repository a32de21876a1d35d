import semver from "semver";
import { CliError } from "../../errors.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import { installedVersion } from "../../project/installed-version.js";
import { dependencyRange, readPackageJson } from "../../project/package-json.js";
import { moduleResolution, readTsConfig } from "../../project/tsconfig.js";
import { moduleKindOf } from "../../syntax/module-kind.js";
import { parse } from "../../syntax/parse.js";
import { siblingSpecifier } from "../../syntax/sibling-specifier.js";
import { detectStyle, quoted, statement } from "../../syntax/source-style.js";
import { eolOf, insertAt } from "../../syntax/text-edit.js";
import { Node } from "../../syntax/ts-morph.js";
import { propertyValue } from "../../syntax/values.js";
import { adapterRelease } from "./adapter-version.js";
import {
  authTablesFile,
  idIsString,
  TABLE_VARIABLES,
  type TableRole,
  tableNames,
} from "./auth-tables.js";
import type { DrizzleDetection } from "./detect.js";
import { planMysqlMode } from "./mysql-mode.js";
import { extendUsersTable } from "./users-columns.js";

const CORE_MODULES = {
  postgresql: "drizzle-orm/pg-core",
  mysql: "drizzle-orm/mysql-core",
  sqlite: "drizzle-orm/sqlite-core",
} as const;

/**
 * Whether the file's relative imports name the emitted extension (`./users.js`): a file without
 * relative imports says nothing, and then the extension is left out as drizzle-kit's loader and
 * bundlers both resolve it.
 */
function namesExtensions(text: string): boolean {
  return /(?:from\s+|require\(\s*)["']\.{1,2}\/[^"']*\.[cm]?js["']/.test(text);
}

/** Whether the project's drizzle-kit predates 0.21. */
function legacyKit(root: string): boolean {
  const version = semver.coerce(
    installedVersion(root, "drizzle-kit") ?? dependencyRange(readPackageJson(root), "drizzle-kit"),
  );
  return version !== null && semver.lt(version, "0.21.0");
}

/** Whether package.json says `"type": "module"`. */
function esmPackage(root: string): boolean {
  try {
    return readPackageJson(root).type === "module";
  } catch {
    return false;
  }
}

/**
 * Whether new relative imports name the extension: when the app's client or schema modules do,
 * or TypeScript resolves as Node does for ES modules (NodeNext, Node16), where omitting it is
 * error TS2835 even in a project whose schema files import nothing relative yet.
 */
function relativeExtensions(plan: PlanBuilder, detection: DrizzleDetection, esm: boolean): boolean {
  const { info, client } = detection;
  const related = [client?.file, info.users?.file, info.place.index, ...info.schemaFiles];
  if (related.some((file) => file !== undefined && namesExtensions(plan.read(file) ?? "")))
    return true;
  const tsconfig = readTsConfig(plan.root);
  const resolution = tsconfig && moduleResolution(tsconfig);
  return esm && (resolution === "nodenext" || resolution === "node16");
}

/** The auth tables this project still needs (authenticators only where the adapter has them). */
export function missingRoles(detection: DrizzleDetection): TableRole[] {
  const roles: TableRole[] = ["accounts", "sessions", "verificationTokens"];
  if (adapterRelease(detection.info.ormVersion).authenticators) roles.push("authenticators");
  return roles.filter((role) => !detection.info.authTables[role]);
}

/** Refuses a table of the app that the new ones would collide with, by SQL or variable name. */
function refuseClashes(detection: DrizzleDetection, roles: TableRole[]): void {
  const names = tableNames(detection.info.users?.name === "users");
  for (const role of roles) {
    const clash = detection.info.tables.find(
      (table) => table.name === names[role] || table.variable === TABLE_VARIABLES[role],
    );
    if (clash)
      throw new CliError(
        "drizzle_table_clash",
        `${clash.file}:${clash.line}: the table ${clash.variable} ("${clash.name}") is not Auth.js's ${role} table (it lacks the columns @auth/drizzle-adapter reads), and the auth tables would collide with it. Rename it, or add the auth tables yourself under other names and pass them to DrizzleAdapter: nothing was changed.`,
        1,
        { file: clash.file, line: clash.line, table: clash.name },
      );
  }
}

/**
 * The file's style, with semicolons judged by its import and export lines: a schema file is
 * mostly multi-line table calls, whose first lines never end in one.
 */
export function schemaStyle(text: string) {
  const style = detectStyle(text);
  const lines = text
    .split("\n")
    .filter((line) => /^(import|export \*|export \{|const .*require\()/.test(line));
  if (lines.length === 0) return style;
  const ended = lines.filter((line) => line.trimEnd().endsWith(";")).length;
  return { ...style, semicolons: ended * 2 >= lines.length };
}

/** `export * from "./auth-schema"` in the schema index, in its style, after its other exports. */
function ensureReExport(plan: PlanBuilder, index: string, file: string, extensions: boolean): void {
  plan.edit(index, "export the auth tables", (text) => {
    const style = schemaStyle(text);
    const from = siblingSpecifier(index, file, extensions);
    const source = parse(text, index);
    const bare = (spec: string | undefined) => spec?.replace(/\.[cm]?[jt]s$/, "");
    const reExports = source.getExportDeclarations();
    if (reExports.some((d) => bare(d.getModuleSpecifierValue()) === bare(from))) return text;
    const line = statement(`export * from ${quoted(from, style)}`, style);
    const eol = eolOf(text);
    const last = reExports.filter((d) => d.getModuleSpecifier()).at(-1);
    if (last) return insertAt(text, last.getEnd(), `${eol}${line}`);
    return `${text.trimEnd()}${text.trim() ? eol : ""}${line}${eol}`;
  });
}

/** Appends the auth file to drizzle.config's explicit `schema` list. */
function addToConfigList(plan: PlanBuilder, configFile: string, file: string): void {
  plan.edit(configFile, "add the auth tables to drizzle-kit's schema", (text) => {
    if (configFile.endsWith(".json")) {
      const json = JSON.parse(text) as { schema: string[] };
      const entry = `./${file}`;
      if (json.schema.some((s) => s.replace(/^\.\//, "") === file)) return text;
      const match = /("schema"\s*:\s*\[[^\]]*?)(\s*)\]/.exec(text)!;
      const at = match.index + match[1]!.length;
      return insertAt(text, at, `, ${JSON.stringify(entry)}`);
    }
    const source = parse(text, configFile);
    let array: Node | undefined;
    source.forEachDescendant((node) => {
      if (!array && Node.isObjectLiteralExpression(node)) {
        const value = propertyValue(node, "schema");
        if (Node.isArrayLiteralExpression(value)) array = value;
      }
    });
    if (!Node.isArrayLiteralExpression(array)) return text;
    const elements = array.getElements();
    if (elements.some((e) => e.getText().slice(1, -1).replace(/^\.\//, "") === file)) return text;
    const style = detectStyle(text);
    const prefix = elements[0]?.getText().slice(1).startsWith("./") ? "./" : "";
    const entry = quoted(`${prefix}${file}`, style);
    const last = elements.at(-1);
    if (!last) return insertAt(text, array.getStart() + 1, entry);
    return insertAt(text, last.getEnd(), `, ${entry}`);
  });
}

/**
 * Plans the auth tables for a Drizzle project: the columns auth needs on the app's users table
 * (in place), a new schema file with the other tables, and its export from wherever the app and
 * drizzle-kit collect the schema. A project that has them all is left unchanged.
 */
export function planDrizzleSchema(plan: PlanBuilder, detection: DrizzleDetection): void {
  const { info, dialect } = detection;
  const roles = missingRoles(detection);
  refuseClashes(detection, roles);
  const core = CORE_MODULES[dialect];
  const users = info.users;
  if (users) {
    const id = users.columns.find((column) => column.key === "id");
    if (!idIsString(id))
      plan.manual.push(
        `${users.file}:${users.line}: ${users.variable}.id is ${id?.builder ?? "missing"}(…): the auth tables reference it with the same type. @auth/drizzle-adapter declares user ids as text, varchar or uuid, so a TypeScript configuration casts the tables, and user ids reach Auth.js as numbers: try a sign-in before deploying.`,
      );
    if (!users.exported)
      plan.manual.push(
        `${users.file}:${users.line}: export ${users.variable} (the auth tables reference it and the configuration passes it to DrizzleAdapter).`,
      );
    plan.edit(users.file, "the user fields Auth.js needs", (text) => {
      const extended = extendUsersTable(text, users, core);
      for (const line of extended.manual) if (!plan.manual.includes(line)) plan.manual.push(line);
      return extended.text;
    });
  }
  const { place } = info;
  if (roles.length > 0 && !plan.exists(place.file)) {
    const esm = esmPackage(plan.root);
    const withExtensions = relativeExtensions(plan, detection, esm);
    if (withExtensions && legacyKit(plan.root))
      plan.manual.push(
        `drizzle-kit before 0.21 loads TypeScript schema files with require(), which does not resolve the ".js" specifiers ${place.file} uses (as NodeNext requires): update drizzle-kit, or its generate finds no tables.`,
      );
    const neighbour = users?.file ?? place.index ?? info.schemaFiles[0];
    const neighbourText = neighbour ? (plan.read(neighbour) ?? "") : "";
    const style = schemaStyle(neighbourText);
    const kind = moduleKindOf(place.file, neighbourText, esm);
    const orm = semver.coerce(info.ormVersion);
    plan.write(
      place.file,
      authTablesFile({
        dialect,
        users: users && {
          variable: users.variable,
          from: siblingSpecifier(place.file, users.file, withExtensions),
          id: users.columns.find((column) => column.key === "id"),
        },
        roles,
        names: tableNames(users?.name === "users"),
        kind,
        typescript: /\.[cm]?ts$/.test(place.file),
        keysAsArray: orm === null || semver.gte(orm, "0.36.0"),
        style,
      }),
      "the Auth.js tables",
    );
  } else if (roles.length > 0) {
    plan.manual.push(
      `${place.file} exists: add the missing Auth.js tables (${roles.join(", ")}) to it by hand.`,
    );
  }
  if (place.index)
    ensureReExport(
      plan,
      place.index,
      place.file,
      relativeExtensions(plan, detection, esmPackage(plan.root)),
    );
  if (place.addToConfig && info.config) addToConfigList(plan, info.config.file, place.file);
  planMysqlMode(plan, detection);
  if (place.uncollected)
    plan.manual.push(
      `Nothing collects the schema files: make ${place.file} part of the schema drizzle-kit reads (drizzle.config's \`schema\`).`,
    );
}
