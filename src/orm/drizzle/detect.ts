import { dirname, posix } from "node:path";
import type { SourceFile } from "ts-morph";
import { installedVersion } from "../../project/installed-version.js";
import { dependencyRange, type PackageJson } from "../../project/package-json.js";
import { readText } from "../../project/read-text.js";
import { sourceFiles } from "../../project/source-files.js";
import { sourcePath } from "../../project/source-path.js";
import { parse } from "../../syntax/parse.js";
import { Node } from "../../syntax/ts-morph.js";
import { propertyValue, unwrap } from "../../syntax/values.js";
import { callsOneOf, findClient } from "../client-export.js";
import type { Dialect, OrmDetection } from "../types.js";
import { adapterRelease, unsupportedDrizzle } from "./adapter-version.js";
import { type DrizzleConfig, readDrizzleConfig } from "./config.js";
import { type SchemaPlace, schemaPlace } from "./schema-place.js";
import { type AuthRole, authRoleOf, type TableDef, tablesIn, usersTableOf } from "./tables.js";

/** What the Drizzle module knows about a project beyond the common detection. */
export interface DrizzleInfo {
  config: DrizzleConfig | undefined;
  /** The `drizzle-orm/<driver>` module the app's `drizzle(…)` comes from. */
  driver: string | undefined;
  /** Files that define tables (`pgTable(…)`, …). */
  schemaFiles: string[];
  tables: TableDef[];
  users: TableDef | undefined;
  /** Tables the app already has for each auth role (a second run finds its own). */
  authTables: Partial<Record<Exclude<AuthRole, "users">, TableDef>>;
  /** Where the auth tables go and how drizzle-kit and the app find them. */
  place: SchemaPlace;
  /** The installed drizzle-orm version, else its declared range. */
  ormVersion: string;
}

export type DrizzleDetection = OrmDetection<"drizzle", DrizzleInfo>;

const DRIVER_DIALECTS: Record<string, Dialect> = {
  "node-postgres": "postgresql",
  "postgres-js": "postgresql",
  "neon-http": "postgresql",
  "neon-serverless": "postgresql",
  "vercel-postgres": "postgresql",
  pglite: "postgresql",
  mysql2: "mysql",
  "planetscale-serverless": "mysql",
  "tidb-serverless": "mysql",
  "better-sqlite3": "sqlite",
  libsql: "sqlite",
  "bun-sqlite": "sqlite",
  d1: "sqlite",
  "sql-js": "sqlite",
};

/** Client packages in package.json, for a project whose `drizzle(…)` was not found. */
const PACKAGE_DIALECTS: [string, Dialect][] = [
  ["pg", "postgresql"],
  ["postgres", "postgresql"],
  ["@neondatabase/serverless", "postgresql"],
  ["@electric-sql/pglite", "postgresql"],
  ["mysql2", "mysql"],
  ["better-sqlite3", "sqlite"],
  ["@libsql/client", "sqlite"],
];

/** The `drizzle-orm/<driver>` module that binds `drizzle` in the file. */
function driverOf(file: SourceFile): string | undefined {
  for (const declaration of file.getImportDeclarations()) {
    const from = declaration.getModuleSpecifierValue();
    if (/^drizzle-orm\/[\w-]+/.test(from) && !from.endsWith("-core")) return from;
  }
  const required = /require\(\s*["'](drizzle-orm\/[\w-]+)["']\s*\)/.exec(file.getFullText());
  return required?.[1];
}

/** The file the `schema` option of `drizzle(…, { schema })` imports as a namespace. */
function schemaOption(root: string, path: string, file: SourceFile): string | undefined {
  let found: string | undefined;
  file.forEachDescendant((node) => {
    if (found || !Node.isCallExpression(node) || !callsOneOf(node, ["drizzle"])) return;
    for (const arg of node.getArguments()) {
      const object = unwrap(arg);
      if (!Node.isObjectLiteralExpression(object)) continue;
      const value = propertyValue(object, "schema");
      const name = value?.getText();
      for (const declaration of file.getImportDeclarations()) {
        const namespace = declaration.getNamespaceImport()?.getText();
        if (namespace && namespace === name) {
          const target = posix.join(dirname(path), declaration.getModuleSpecifierValue());
          found = sourcePath(root, target) ?? sourcePath(root, `${target}/index`);
        }
      }
    }
  });
  return found;
}

const CORE_IMPORT = /["']drizzle-orm\/(pg|mysql|sqlite)-core["']/;

/** Drizzle in the project: its config, driver, client, schema files and tables, with evidence. */
export function detectDrizzle(root: string, pkg: PackageJson): DrizzleDetection | undefined {
  const range = dependencyRange(pkg, "drizzle-orm");
  if (!range) return undefined;
  const ormVersion = installedVersion(root, "drizzle-orm") ?? range;
  if (unsupportedDrizzle(ormVersion)) return undefined;
  const config = readDrizzleConfig(root);
  const warnings: string[] = [];
  const found = findClient(root, /drizzle\(/, (node) => callsOneOf(node, ["drizzle"]));
  const clientFile = found.client?.file ?? found.unexported[0]?.split(":")[0];
  const clientSource = clientFile ? parse(readText(root, clientFile), clientFile) : undefined;
  const driver = clientSource && driverOf(clientSource);
  if (found.others.length > 0)
    warnings.push(`Other drizzle(…) clients: ${found.others.join("; ")} (using the first).`);

  const schemaFiles: string[] = [];
  const tables: TableDef[] = [];
  for (const path of sourceFiles(root)) {
    const text = readText(root, path);
    if (!CORE_IMPORT.test(text)) continue;
    const defined = tablesIn(parse(text, path), path);
    if (defined.length === 0) continue;
    schemaFiles.push(path);
    tables.push(...defined);
  }

  const driverName = driver?.slice("drizzle-orm/".length);
  const fromPackage = PACKAGE_DIALECTS.find(([name]) => dependencyRange(pkg, name));
  const dialect: Dialect | undefined =
    config?.dialect ??
    (driverName ? DRIVER_DIALECTS[driverName] : undefined) ??
    tables[0]?.dialect ??
    fromPackage?.[1];
  // No dialect in the config, no known driver, no table: nothing this module can generate for.
  if (!dialect) return undefined;
  const ownTables = tables.filter((table) => table.dialect === dialect);
  const authTables: DrizzleInfo["authTables"] = {};
  for (const table of ownTables) {
    const role = authRoleOf(table);
    if (role && !authTables[role]) authTables[role] = table;
  }
  const users = usersTableOf(ownTables);
  const collectedBy = clientSource && clientFile && schemaOption(root, clientFile, clientSource);
  const place = schemaPlace(root, { config, schemaFiles, users, collectedBy, authTables });
  const evidence = [
    `drizzle-orm ${ormVersion}`,
    config ? config.evidence : "no drizzle.config",
    driver ? `driver ${driver}${found.client ? ` in ${found.client.evidence}` : ""}` : undefined,
    users ? `users table "${users.name}" in ${users.file}:${users.line}` : undefined,
  ]
    .filter(Boolean)
    .join(", ");
  if (adapterRelease(ormVersion).version === "1.0.0")
    warnings.push(
      `drizzle-orm ${ormVersion} predates the table types of current @auth/drizzle-adapter (drizzle-orm 0.32+): adapter 1.0.0 is used, without passkeys, and a TypeScript configuration casts the tables. Upgrading drizzle-orm lifts both.`,
    );
  if (!found.client && found.unexported.length > 0)
    warnings.push(`drizzle(…) is called but not exported: ${found.unexported[0]}.`);
  return {
    orm: "drizzle",
    version: ormVersion,
    dialect,
    client: found.client,
    evidence,
    warnings,
    info: {
      config,
      driver,
      schemaFiles,
      tables: ownTables,
      users,
      authTables,
      place,
      ormVersion,
    },
  };
}
