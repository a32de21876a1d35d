import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  chooseTarget,
  describeTarget,
  importPostgresModule,
  redactUrl,
  type Target,
} from "../../commands/migrate.js";
import { configuredOrm } from "../../commands/migrate-orm.js";
import { CliError } from "../../errors.js";
import { detectOrm } from "../../orm/registry.js";
import type { OrmModule } from "../../orm/types.js";
import type { CheckContext } from "../types.js";
import { openMysql, openSqlite } from "./other-sql.js";
import { type Catalog, openPglite, openPostgres } from "./read-only-sql.js";
import { type ExpectedTable, expectedTables } from "./runtime-schema.js";
import { failureReason } from "./timed.js";
import type { ProbeOptions, ProbeOutcome } from "./types.js";

const MIGRATE = "npx create-auth migrate";

/** The outcome of a database that could not be checked (a warning: nothing was verified). */
function unchecked(context: CheckContext, target: string, reason: string): ProbeOutcome {
  const { config } = context.setup;
  return {
    results: [{ probe: "database", target, status: "warning", detail: reason }],
    findings: [
      {
        rule: "online-database-unchecked",
        file: config.file,
        line: config.adapter?.line,
        message: `The database was not checked: ${reason}`,
        why: "check --online verifies that the auth tables exist before the first sign-in finds out; here it could not.",
        fix: "Pass the missing piece (DATABASE_URL in the env file or the environment, the driver installed in the project), or check the tables with the database's own tools.",
      },
    ],
  };
}

function unreachable(context: CheckContext, target: string, error: unknown, ms: number) {
  const reason = failureReason(error, ms);
  const { config } = context.setup;
  const outcome: ProbeOutcome = {
    results: [{ probe: "database", target, status: "error", detail: reason }],
    findings: [
      {
        rule: "online-database-unreachable",
        file: config.file,
        line: config.adapter?.line,
        message: `The ${target} cannot be reached: ${reason}.`,
        why: "The adapter reads users and sessions there on every sign-in: if this machine cannot reach it, check that the app's servers can.",
        fix: "Check DATABASE_URL (host, port, database, user, password) and that the database is running.",
      },
    ],
  };
  return outcome;
}

/** What is missing of `expected` in the catalog: tables, then `table.column`s. */
async function missingFrom(catalog: Catalog, expected: ExpectedTable[]) {
  const found = await catalog.columns(expected.map((table) => table.name));
  const tables = expected.filter((table) => !found.has(table.name)).map((table) => table.name);
  const columns = expected.flatMap((table) => {
    const present = found.get(table.name);
    return present
      ? table.columns.filter((column) => !present.includes(column)).map((c) => `${table.name}.${c}`)
      : [];
  });
  return { tables, columns };
}

/** The outcome of a database that lacks `missing`: an `online-database-tables` error. */
function lacking(
  context: CheckContext,
  target: string,
  missing: string[],
  fix: string,
  detail = `lacks ${missing.join("; ")}`,
): ProbeOutcome {
  const { config } = context.setup;
  return {
    results: [{ probe: "database", target, status: "error", detail }],
    findings: [
      {
        rule: "online-database-tables",
        file: config.file,
        line: config.adapter?.line,
        message: `The ${target} lacks ${missing.join("; ")}.`,
        why: 'The adapter queries these by name: the first sign-in fails (relation "…" does not exist) although the app starts fine.',
        fix,
      },
    ],
  };
}

/** The runtime's own schema (postgresAdapter on a server, or the embedded PGlite folder). */
async function probeRuntimeSchema(
  context: CheckContext,
  target: Target,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  const where = describeTarget(context.root, target);
  let runtime: { schema: string; schemaVersion?: number };
  try {
    runtime = await importPostgresModule(context.root);
  } catch (error) {
    return unchecked(context, where, (error as Error).message);
  }
  let catalog: Catalog | undefined;
  try {
    catalog =
      target.kind === "embedded"
        ? await openPglite(context.root, target.dir)
        : await openPostgres(context.root, target.url, options.timeoutMs);
  } catch (error) {
    if (error instanceof CliError && error.code === "dependency_missing")
      return unchecked(context, where, error.message);
    return unreachable(context, where, error, options.timeoutMs);
  }
  if (!catalog) {
    const folder = target.kind === "embedded" ? relative(context.root, target.dir) : "";
    return lacking(
      context,
      where,
      [`a database: the folder ${folder} does not exist or holds none`],
      `Run ${MIGRATE} (it creates the folder and the tables), or fix the folder in the configuration.`,
      "no database",
    );
  }
  try {
    const expected = expectedTables(runtime.schema);
    const { tables, columns } = await missingFrom(catalog, expected);
    const recorded = await catalog.recordedVersion();
    const wanted = runtime.schemaVersion;
    const missing = [
      ...(tables.length ? [`the tables ${tables.join(", ")}`] : []),
      ...(columns.length ? [`the columns ${columns.join(", ")}`] : []),
      ...(typeof wanted === "number" && (recorded ?? 0) < wanted
        ? [
            recorded === undefined
              ? `the schema version (no auth_schema_migrations table; the runtime needs version ${wanted})`
              : `schema version ${wanted} (auth_schema_migrations records ${recorded})`,
          ]
        : []),
    ];
    if (missing.length)
      return lacking(
        context,
        where,
        missing,
        `Run ${MIGRATE}: it creates what is missing and records the version, and changes nothing that exists.`,
      );
    const at = typeof wanted === "number" ? `, schema version ${recorded}` : "";
    return {
      results: [
        {
          probe: "database",
          target: where,
          status: "ok",
          detail: `${expected.length} tables OK${at}`,
        },
      ],
      findings: [],
    };
  } catch (error) {
    return unreachable(context, where, error, options.timeoutMs);
  } finally {
    await catalog.close();
  }
}

/** The Auth.js adapter tables of an app ORM, in the database DATABASE_URL names. */
async function probeOrmTables(
  context: CheckContext,
  orm: OrmModule,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  const detection = detectOrm(context.root, context.pkg, orm);
  const url = context.env.get("DATABASE_URL")?.value;
  if (!detection)
    return {
      results: [
        {
          probe: "database",
          target: orm.name,
          status: "skipped",
          detail: `no ${orm.name} set-up (see orm-schema-incomplete)`,
        },
      ],
      findings: [],
    };
  if (!url)
    return unchecked(
      context,
      `${orm.name} database`,
      `${orm.name}'s connection string is not DATABASE_URL in ${context.envFile} or the environment.`,
    );
  const where = `${orm.name} database at ${redactUrl(url)}`;
  const folder = join(context.root, detection.workspace?.dir ?? "");
  const names = orm.authTableNames(detection, (path) => {
    try {
      return readFileSync(join(folder, path), "utf8");
    } catch {
      return "";
    }
  });
  let catalog: Catalog;
  try {
    catalog =
      detection.dialect === "postgresql"
        ? await openPostgres(context.root, url, options.timeoutMs)
        : detection.dialect === "mysql"
          ? await openMysql(context.root, url, options.timeoutMs)
          : await openSqlite(context.root, url);
  } catch (error) {
    if (error instanceof CliError)
      return unchecked(context, where, error.message.replace(/\.?$/, "."));
    return unreachable(context, where, error, options.timeoutMs);
  }
  try {
    const found = await catalog.columns(names);
    const missing = names.filter((name) => !found.has(name));
    if (missing.length)
      return lacking(
        context,
        where,
        [`the tables ${missing.join(", ")} that ${orm.adapterPackage} queries`],
        `Run ${MIGRATE} (it runs ${orm.name}'s own migration), or your usual ${orm.name} migration.`,
        `lacks the tables ${missing.join(", ")}`,
      );
    return {
      results: [
        { probe: "database", target: where, status: "ok", detail: `${names.length} tables OK` },
      ],
      findings: [],
    };
  } catch (error) {
    return unreachable(context, where, error, options.timeoutMs);
  } finally {
    await catalog.close();
  }
}

/**
 * Checks the configured database, found as `migrate` finds it: the ORM's adapter tables, or the
 * runtime's tables, columns and schema version. Reads the catalog only, on read-only sessions.
 */
export async function probeDatabase(
  context: CheckContext,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  const { config } = context.setup;
  if (!config.adapter)
    return {
      results: [
        {
          probe: "database",
          target: "(none)",
          status: "skipped",
          detail: "the configuration has no adapter",
        },
      ],
      findings: [],
    };
  const orm = configuredOrm(context.root, undefined, config.file);
  if (orm) return probeOrmTables(context, orm, options);
  let target: Target;
  try {
    target = chooseTarget(
      context.root,
      { cwd: context.root, config: config.file, envFile: context.envFile },
      "check",
      { DATABASE_URL: context.env.get("DATABASE_URL")?.value },
    );
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return unchecked(context, "(not found)", error.message);
  }
  return probeRuntimeSchema(context, target, options);
}
