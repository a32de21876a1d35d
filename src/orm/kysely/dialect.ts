import type { NewExpression, SourceFile } from "ts-morph";
import { dependencyRange, type PackageJson } from "../../project/package-json.js";
import { importedModules } from "../../syntax/imported-modules.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import type { Dialect } from "../types.js";

/** Dialect classes by name: Kysely's own and the community ones apps use. */
const BY_CLASS: Record<string, Dialect> = {
  PostgresDialect: "postgresql",
  PostgresJSDialect: "postgresql",
  NeonDialect: "postgresql",
  NeonHTTPDialect: "postgresql",
  PGliteDialect: "postgresql",
  KyselyPGlite: "postgresql",
  MysqlDialect: "mysql",
  PlanetScaleDialect: "mysql",
  SqliteDialect: "sqlite",
  LibsqlDialect: "sqlite",
  D1Dialect: "sqlite",
  BunSqliteDialect: "sqlite",
  NodeSqliteDialect: "sqlite",
  SqlJsDialect: "sqlite",
};

/** Packages a dialect class is imported from, for class names not listed above. */
const BY_PACKAGE: [RegExp, Dialect][] = [
  [
    /^(kysely-postgres-js|kysely-neon|@neondatabase\/|kysely-pglite|@electric-sql\/pglite)/,
    "postgresql",
  ],
  [/^(kysely-planetscale|@planetscale\/)/, "mysql"],
  [
    /^(@libsql\/kysely-libsql|kysely-libsql|kysely-d1|kysely-bun-sqlite|kysely-wasm|.*sqlite)/,
    "sqlite",
  ],
];

/** Driver packages in package.json, the fallback when the code does not name a dialect. */
const DRIVERS: [string, Dialect][] = [
  ["pg", "postgresql"],
  ["postgres", "postgresql"],
  ["mysql2", "mysql"],
  ["better-sqlite3", "sqlite"],
  ["@libsql/client", "sqlite"],
];

export interface DialectFinding {
  dialect: Dialect | undefined;
  dialectClass: string | undefined;
  evidence: string;
}

/** The `new XDialect(…)` the constructor is given: inline, through a variable, or in the file. */
function dialectConstruction(file: SourceFile, created: NewExpression): NewExpression | undefined {
  const [options] = created.getArguments();
  let value: Node | undefined;
  if (Node.isObjectLiteralExpression(options)) {
    const property = options.getProperty("dialect");
    if (Node.isPropertyAssignment(property)) value = property.getInitializer();
    else if (Node.isShorthandPropertyAssignment(property)) value = property.getNameNode();
  }
  if (Node.isIdentifier(value))
    value = file.getVariableDeclaration(value.getText())?.getInitializer();
  if (Node.isNewExpression(value)) return value;
  // `new Kysely(config)` or a factory: the file's only dialect construction, if it has one.
  const all = file
    .getDescendantsOfKind(SyntaxKind.NewExpression)
    .filter((node) => /Dialect$/.test(node.getExpression().getText().split(".").pop() ?? ""));
  return all.length === 1 ? all[0] : undefined;
}

/**
 * The dialect of the app's Kysely instance: the class its `dialect:` constructs, else the
 * package that class comes from, else (with a warning) the database driver in package.json.
 */
export function findDialect(
  site: { file: SourceFile; created: NewExpression } | undefined,
  pkg: PackageJson,
  warnings: string[],
): DialectFinding {
  const construction = site && dialectConstruction(site.file, site.created);
  const className = construction?.getExpression().getText().split(".").pop();
  if (className) {
    const where = `${site!.file.getFilePath().slice(1)}:${construction!.getStartLineNumber()}`;
    const known = BY_CLASS[className];
    if (known)
      return { dialect: known, dialectClass: className, evidence: `${className} (${where})` };
    const from = importedModules(site!.file).get(className)?.module;
    const byPackage = from && BY_PACKAGE.find(([pattern]) => pattern.test(from))?.[1];
    if (byPackage)
      return {
        dialect: byPackage,
        dialectClass: className,
        evidence: `${className} from "${from}" (${where})`,
      };
    warnings.push(
      `${where}: the dialect ${className}${from ? ` from "${from}"` : ""} is not one create-auth knows, so the SQL types of the auth migration may not suit your database.`,
    );
  }
  const driver = DRIVERS.find(([name]) => dependencyRange(pkg, name) !== undefined);
  if (driver) {
    if (!className)
      warnings.push(
        `No dialect class was found where Kysely is created; the migration is written for ${driver[1]} because package.json has "${driver[0]}".`,
      );
    return {
      dialect: driver[1],
      dialectClass: className,
      evidence: `"${driver[0]}" in package.json`,
    };
  }
  warnings.push(
    "The database behind Kysely could not be told (no known dialect class, no pg, mysql2 or SQLite driver in package.json): no migration is written until it can.",
  );
  return { dialect: undefined, dialectClass: className, evidence: "dialect unknown" };
}
