import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { envValue } from "../edit/env-file.js";
import { CliError, ExitCode } from "../errors.js";
import { readAuthSetup } from "../project/auth-setup.js";
import { detectEnvFile } from "../project/environment.js";
import { findPackageRoot, readPackageJson } from "../project/package-json.js";
import type { Io } from "../ui/io.js";

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
interface PostgresModule {
  migrate(db: unknown): Promise<{ created: string[] }>;
  schema: string;
  postgresDatabase(url: string): Closable;
}

interface Closable {
  close(): Promise<void>;
}

type Target = { kind: "embedded"; dir: string } | { kind: "postgres"; url: string };

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
async function importFromProject<T>(root: string, specifier: string, hint: string): Promise<T> {
  const require = createRequire(join(root, "package.json"));
  let path: string;
  try {
    path = require.resolve(specifier);
  } catch {
    throw new CliError("dependency_missing", `${specifier} is not installed in ${root}: ${hint}`);
  }
  return (await import(pathToFileURL(path).href)) as T;
}

/**
 * The embedded database opened without the runtime's `embeddedDatabase()`, which migrates on
 * open and so would hide what this command created.
 */
async function openEmbedded(root: string, dir: string) {
  const { PGlite } = await importFromProject<{
    PGlite: new (dir: string) => Closable & { waitReady: Promise<void> };
  }>(root, "@electric-sql/pglite", "install it (npm install @electric-sql/pglite).");
  mkdirSync(dir, { recursive: true });
  const db = new PGlite(dir);
  await db.waitReady;
  return db;
}

/** Which database to migrate: flags first, then what the configuration's adapter opens. */
function chooseTarget(root: string, options: MigrateOptions): Target {
  let kind = options.database;
  if (kind !== undefined && kind !== "embedded" && kind !== "postgres")
    throw new CliError(
      "invalid_flag",
      `--database must be embedded or postgres (got "${options.database}").`,
    );
  let configuredDir: string | undefined;
  if (!kind && options.databaseUrl) kind = "postgres";
  if (!kind && options.dir) kind = "embedded";
  if (!kind) {
    const adapter = readAuthSetup(root, { configFile: options.config }).config.adapter;
    const embedded =
      adapter && /\bembeddedDatabase\(\s*(?:["'`]([^"'`]+)["'`])?\s*\)/.exec(adapter.text);
    if (embedded) {
      kind = "embedded";
      configuredDir = embedded[1];
    } else if (adapter && /\b(postgresDatabase|Pool|Client)\s*\(/.test(adapter.text)) {
      kind = "postgres";
    } else {
      throw new CliError(
        "no_database",
        adapter
          ? `The configured adapter (${adapter.text.slice(0, 60)}) is not the PostgreSQL adapter: migrate its database with its own tools, or pass --database-url.`
          : "The auth configuration has no adapter, so there is no database to migrate. Pass --database embedded or --database-url to create the tables anyway.",
      );
    }
  }
  if (kind === "embedded") {
    const dir = options.dir ?? configuredDir ?? ".auth/db";
    return { kind, dir: isAbsolute(dir) ? dir : join(root, dir) };
  }
  const envFile = options.envFile ?? detectEnvFile(root, readPackageJson(root), []).file;
  const url =
    options.databaseUrl ??
    envValue(readFileOr(join(root, envFile)), "DATABASE_URL") ??
    process.env.DATABASE_URL;
  if (!url)
    throw new CliError(
      "missing_answer",
      `No PostgreSQL connection string: pass --database-url, or set DATABASE_URL in ${envFile}.`,
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
 * tokens, authenticators) in the configured database, or whatever is missing of them. Safe to run
 * again, and on a database Auth.js's own adapter created.
 */
export async function migrateCommand(options: MigrateOptions, io: Io): Promise<number> {
  const { output } = io;
  const root = findPackageRoot(options.cwd);
  const target = chooseTarget(root, options);
  const where =
    target.kind === "embedded"
      ? `embedded database in ${relative(root, target.dir) || "."}`
      : `PostgreSQL at ${redactUrl(target.url)}`;
  const runtime = await importFromProject<PostgresModule>(
    root,
    "@create-auth/runtime/adapters/postgres",
    "install the project's dependencies first (create-auth init adds it).",
  );
  const document = {
    ok: true,
    command: "migrate",
    database: target.kind,
    target: target.kind === "embedded" ? relative(root, target.dir) : redactUrl(target.url),
    sql: runtime.schema,
    created: [] as string[],
    applied: false,
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
        : runtime.postgresDatabase(target.url);
    document.created = (await runtime.migrate(db)).created;
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
  if (document.created.length)
    output.success(`Created in the ${where}: ${document.created.join(", ")}.`);
  else output.success(`The ${where} is up to date: nothing to create.`);
  output.document(document);
  return ExitCode.ok;
}
