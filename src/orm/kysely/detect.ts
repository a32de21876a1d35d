import { existsSync } from "node:fs";
import { join } from "node:path";
import type { NewExpression, SourceFile } from "ts-morph";
import { installedVersion } from "../../project/installed-version.js";
import { dependencyRange, type PackageJson } from "../../project/package-json.js";
import { readText } from "../../project/read-text.js";
import { sourceFiles } from "../../project/source-files.js";
import { parse } from "../../syntax/parse.js";
import { Node } from "../../syntax/ts-morph.js";
import { callsOneOf, findClient, isNew } from "../client-export.js";
import type { OrmDetection } from "../types.js";
import { findDatabaseType } from "./database-type.js";
import { findDialect } from "./dialect.js";
import { readMigrations, userTableFromTypes } from "./existing-tables.js";
import type { KyselyInfo } from "./info.js";
import { findMigrationSetup } from "./migration-setup.js";

export type KyselyDetection = OrmDetection<"kysely", KyselyInfo>;

const createsKysely = (node: Node) => isNew(node) && callsOneOf(node, ["Kysely"]);

/** The `new Kysely(…)` at the line an evidence string names (`src/db.ts:4: …`). */
function construction(file: SourceFile, evidence: string): NewExpression | undefined {
  const line = Number(/^[^:]+:(\d+):/.exec(evidence)?.[1]);
  let found: NewExpression | undefined;
  file.forEachDescendant((node) => {
    if (
      !found &&
      Node.isNewExpression(node) &&
      createsKysely(node) &&
      node.getStartLineNumber() === line
    )
      found = node;
  });
  return found;
}

/**
 * Kysely in a project: `kysely` in package.json, the exported `new Kysely(…)` the configuration
 * imports, its dialect, the `DB` type it is given and where that is declared, how the app runs
 * migrations, and the user table its migrations or types already have.
 */
export function detectKysely(root: string, pkg: PackageJson): KyselyDetection | undefined {
  const range = dependencyRange(pkg, "kysely");
  if (range === undefined) return undefined;
  const version = installedVersion(root, "kysely") ?? range;
  const warnings: string[] = [];
  const parsed = new Map<string, SourceFile>();
  const parseFile = (path: string) => {
    const file = parsed.get(path) ?? parse(readText(root, path), path);
    parsed.set(path, file);
    return file;
  };
  const found = findClient(root, /Kysely/, createsKysely);
  const evidence = found.client?.evidence ?? found.unexported[0];
  const clientPath = evidence?.split(":")[0];
  const clientFile = clientPath ? parseFile(clientPath) : undefined;
  const created = clientFile && evidence ? construction(clientFile, evidence) : undefined;
  if (!found.client && found.unexported.length > 0)
    warnings.push(
      `${found.unexported[0]}: this Kysely instance is not exported, so the auth configuration cannot import it.`,
    );
  if (found.others.length > 0)
    warnings.push(
      `Other Kysely instances (${found.others.join("; ")}): the configuration uses ${found.client?.file}.`,
    );
  const dialect = findDialect(
    clientFile && created ? { file: clientFile, created } : undefined,
    pkg,
    warnings,
  );
  const database =
    clientFile && created && clientPath
      ? findDatabaseType(root, clientPath, clientFile, created, parseFile)
      : undefined;
  const typescript =
    existsSync(join(root, "tsconfig.json")) ||
    sourceFiles(root).some((path) => /\.[cm]?ts$/.test(path));
  const migrations = findMigrationSetup(root, pkg, typescript, parseFile);
  const facts = readMigrations(migrations.files, parseFile);
  const typed =
    database?.source === "interface" && database.file
      ? userTableFromTypes(parseFile(database.file), database)
      : undefined;
  const userTable = facts.userTable
    ? {
        ...facts.userTable,
        rowInterface: typed?.name === facts.userTable.name ? typed.rowInterface : undefined,
      }
    : typed;
  return {
    orm: "kysely",
    version,
    dialect: dialect.dialect ?? "postgresql",
    client: found.client,
    evidence: [
      `kysely ${version}`,
      found.client ? `client ${found.client.evidence}` : "no exported Kysely instance",
      `dialect ${dialect.evidence}`,
      database ? `DB type: ${database.evidence}` : "no DB type",
      migrations.evidence,
    ].join("; "),
    warnings,
    info: {
      dialectClass: dialect.dialectClass,
      dialectKnown: dialect.dialect !== undefined,
      database,
      migrations,
      userTable,
      authMigration: facts.authMigration,
      uuidIds: facts.uuidIds,
      kysely: version,
      unexported: found.client ? undefined : found.unexported[0],
      typescript,
    },
  };
}
