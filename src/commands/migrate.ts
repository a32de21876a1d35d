import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { CliError, ExitCode } from "../errors.js";
import { envFileFor } from "../frameworks/app-env-file.js";
import { type AuthSetup, readAuthSetup } from "../frameworks/auth-setup.js";
import { frameworkOf } from "../frameworks/detect-framework.js";
import { ormById } from "../orm/registry.js";
import { findPackageRoot, readPackageJson } from "../project/package-json.js";
import { envValue } from "../syntax/dotenv.js";
import type { Io } from "../ui/io.js";
import { maintenanceDatabase, type PostgresOpener } from "./maintenance-database.js";
import { configuredOrm, migrateWithOrm } from "./migrate-orm.js";

export interface MigrateOptions {
  cwd: string;
  /** `embedded` or `postgres`; read from the configured adapter otherwise. */
  database?: string;
  /** A PostgreSQL connection string (else `DATABASE_URL` from the env file or the environment). */
  databaseUrl?: string;
  /** The embedded database folder (else the one in the configuration, else `.auth/db`). */
  dir?: string;
  envFile?: string;
  config?: string;
  dryRun?: boolean;
  json?: boolean;
}

/** What `@create-auth/runtime/adapters/postgres` offers this command. */
interface PostgresModule extends PostgresOpener<Closable> {
  /** `version` from runtimes that record the schema's version (older ones do not). */
  migrate(db: unknown): Promise<{ created: string[]; version?: number }>;
  schema: string;
}

interface Closable {
  close(): Promise<void>;
}

export type Target = { kind: "embedded"; dir: string } | { kind: "postgres"; url: string };

/** `postgres://user:secret@host/db` → `postgres://user:****@host/db`, for printing. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}

/** Imports a package as the user's project resolves it (the CLI does not bundle the runtime). */
export async function importFromProject<T>(
  root: string,
  specifier: string,
  hint: string,
): Promise<T> {
  const path = resolveInProject(root, specifier);
  if (!path)
    throw new CliError("dependency_missing", `${specifier} is not installed in ${root}: ${hint}`);
  return (await import(pathToFileURL(path).href)) as T;
}

/** Where `specifier` resolves from the project (installed, or hoisted above it); undefined if not. */
export function resolveInProject(root: string, specifier: string): string | undefined {
  try {
    return createRequire(join(root, "package.json")).resolve(specifier);
  } catch {
    return undefined;
  }
}

/**
 * The embedded database opened without the runtime's `embeddedDatabase()`, which migrates on
 * open and so would hide what this command created.
 */
export async function openEmbedded(root: string, dir: string) {
  const { PGlite } = await importFromProject<{
    PGlite: new (dir: string) => Closable & { waitReady: Promise<void> };
  }>(root, "@electric-sql/pglite", "install it (npm install @electric-sql/pglite).");
  mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir);
  await db.waitReady;
  return db;
}

/** The set-up, when there is one (flags alone can name a database). */
function setupOf(root: string, config: string | undefined): AuthSetup | undefined {
  try {
    return readAuthSetup(root, { configFile: config });
  } catch (error) {
    if (config) throw error;
    return undefined;
  }
}

/** The folder an `embeddedDatabase(…)` call opens: `undefined` for the default, null if computed. */
function embeddedFolder(argument: string, resolved: string): string | undefined | null {
  const literal = /^["'`]([^"'`$]*)["'`]$/;
  if (argument === "") return undefined;
  const direct = literal.exec(argument);
  if (direct) return direct[1];
  if (!/^[A-Za-z_$][\w$]*$/.test(argument)) return null;
  const constant = new RegExp(`^${argument.replace(/\$/g, "\\$")} = (.*)$`, "m").exec(resolved);
  return (constant && literal.exec(constant[1]!.trim())?.[1]) ?? null;
}

/**
 * Which kind of database: flags first, then what the configuration's adapter opens, read from
 * its text and the same-file constants it names. `guessed`: a `postgresAdapter(…)` whose client
 * is defined elsewhere, taken to be a PostgreSQL server.
 */
function chooseKind(
  options: MigrateOptions,
  setup: AuthSetup | undefined,
  verb: string,
): { kind: "embedded" | "postgres"; dir?: string; guessed?: string } {
  const kind = options.database;
  if (kind !== undefined && kind !== "embedded" && kind !== "postgres")
    throw new CliError(
      "invalid_flag",
      `--database must be embedded or postgres (got "${options.database}").`,
    );
  if (kind) return { kind };
  if (options.databaseUrl) return { kind: "postgres" };
  if (options.dir) return { kind: "embedded" };
  const adapter = setup?.config.adapter;
  const written = adapter?.text.slice(0, 60);
  const embedded = adapter && /\bembeddedDatabase\(\s*([^()]*?)\s*\)/.exec(adapter.resolved);
  if (embedded) {
    const dir = embeddedFolder(embedded[1]!, adapter.resolved);
    if (dir === null)
      throw new CliError(
        "missing_answer",
        `The configured adapter (${written}) opens an embedded database in a folder computed at run time (${embedded[0]}): pass --dir <folder>.`,
        ExitCode.error,
        { flag: "--dir" },
      );
    return { kind: "embedded", dir };
  }
  if (adapter && /\b(postgresDatabase|Pool|Client)\s*\(/.test(adapter.resolved))
    return { kind: "postgres" };
  if (adapter && /\bpostgresAdapter\s*\(/.test(adapter.text))
    return { kind: "postgres", guessed: written };
  throw new CliError(
    "no_database",
    adapter
      ? `The configured adapter (${written}) is not the PostgreSQL adapter: ${verb} its database with its own tools, or pass --database-url.`
      : setup
        ? `The auth configuration has no adapter, so there is no database to ${verb}. Pass --database embedded or --database-url${verb === "migrate" ? " to create the tables anyway" : ""}.`
        : "No auth configuration found: pass --database embedded or --database-url.",
  );
}

/**
 * The database to migrate (or prune, or check online), with its folder or connection string.
 * `environment` is where `DATABASE_URL` is looked up after the env file (`check` passes its own).
 */
export function chooseTarget(
  root: string,
  options: MigrateOptions,
  verb = "migrate",
  environment: Record<string, string | undefined> = process.env,
): Target {
  const setup = setupOf(root, options.config);
  const { kind, dir: configuredDir, guessed } = chooseKind(options, setup, verb);
  if (kind === "embedded") {
    const dir = options.dir ?? configuredDir ?? ".auth/db";
    return { kind, dir: isAbsolute(dir) ? dir : join(root, dir) };
  }
  const pkg = readPackageJson(root);
  const envFile = envFileFor(root, pkg, options.envFile, frameworkOf(root, pkg), setup).file;
  // An empty value in the env file is a blank to fill in: the environment's value wins, as it
  // does for Node's and dotenv's loaders.
  const url =
    options.databaseUrl ||
    envValue(readFileOr(join(root, envFile)), "DATABASE_URL") ||
    environment.DATABASE_URL;
  if (!url)
    throw new CliError(
      "missing_answer",
      guessed
        ? `The configured adapter (${guessed}) gets its database from elsewhere and there is no DATABASE_URL in ${envFile}: pass --database-url for a PostgreSQL server, or --database embedded --dir <folder>.`
        : `No PostgreSQL connection string: pass --database-url, or set DATABASE_URL in ${envFile}.`,
      ExitCode.error,
      { flag: "--database-url" },
    );
  return { kind: "postgres", url };
}

function readFileOr(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/**
 * `create-auth migrate`: creates the auth tables (users, accounts, sessions, verification
 * tokens, authenticators, rate limits) in the configured database, or whatever is missing of them. Safe to run
 * again, and on a database Auth.js's own adapter created.
 */
/** Where a command works, for its messages (a PostgreSQL URL without its password). */
export function describeTarget(root: string, target: Target): string {
  return target.kind === "embedded"
    ? `embedded database in ${relative(root, target.dir) || "."}`
    : `PostgreSQL at ${redactUrl(target.url)}`;
}

/** The project's own `@create-auth/runtime/adapters/postgres` (the version it runs). */
export function importPostgresModule<T>(root: string): Promise<T> {
  return importFromProject<T>(
    root,
    "@create-auth/runtime/adapters/postgres",
    "install the project's dependencies first (create-auth init adds it).",
  );
}

export async function migrateCommand(options: MigrateOptions, io: Io): Promise<number> {
  const { output } = io;
  const root = findPackageRoot(options.cwd);
  const database = options.database && ormById(options.database) ? options.database : undefined;
  const orm = configuredOrm(
    root,
    database,
    database ? undefined : setupOf(root, options.config)?.config.file,
  );
  if (orm) return migrateWithOrm(root, orm, options, io);
  const target = chooseTarget(root, options);
  const where = describeTarget(root, target);
  const runtime = await importPostgresModule<PostgresModule>(root);
  const document = {
    ok: true,
    command: "migrate",
    database: target.kind,
    target: target.kind === "embedded" ? relative(root, target.dir) : redactUrl(target.url),
    sql: runtime.schema,
    created: [] as string[],
    applied: false,
    /** The schema version after migrating; null before, or with a runtime that has none. */
    version: null as number | null,
  };
  if (options.dryRun) {
    output.title(`SQL for the ${where} (idempotent)`);
    output.line(runtime.schema);
    output.document(document);
    return ExitCode.ok;
  }
  let db: Closable | undefined;
  try {
    db =
      target.kind === "embedded"
        ? await openEmbedded(root, target.dir)
        : maintenanceDatabase(runtime, target.url);
    const result = await runtime.migrate(db);
    document.created = result.created;
    document.version = typeof result.version === "number" ? result.version : null;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      "migrate_failed",
      `Migrating the ${where} failed: ${(error as Error).message}`,
    );
  } finally {
    await db?.close().catch(() => undefined);
  }
  document.applied = true;
  const at = document.version === null ? "" : ` (schema version ${document.version})`;
  if (document.created.length)
    output.success(`Created in the ${where}: ${document.created.join(", ")}${at}.`);
  else output.success(`The ${where} is up to date${at}: nothing to create.`);
  output.document(document);
  return ExitCode.ok;
}
