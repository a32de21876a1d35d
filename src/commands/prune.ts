import { relative } from "node:path";
import { CliError, ExitCode } from "../errors.js";
import { findPackageRoot } from "../project/package-json.js";
import type { Io } from "../ui/io.js";
import { maintenanceDatabase, type PostgresOpener } from "./maintenance-database.js";
import {
  chooseTarget,
  describeTarget,
  importPostgresModule,
  type MigrateOptions,
  openEmbedded,
  redactUrl,
} from "./migrate.js";

export interface PruneCommandOptions extends MigrateOptions {
  /** Rows per delete statement (default: the runtime's, 1 000). */
  batchSize?: string | number;
}

interface Counts {
  sessions: number;
  verificationTokens: number;
  rateLimits: number;
  /** A dry run past the runtime's exact-count limit: the kinds whose count is an estimate. */
  estimated?: (keyof Omit<Counts, "estimated">)[];
}

/** What `@create-auth/runtime/adapters/postgres` offers this command. */
interface PostgresModule extends PostgresOpener<{ close(): Promise<void> }> {
  /** Absent from runtimes older than housekeeping. */
  prune?: (db: unknown, options: { batchSize?: number; dryRun?: boolean }) => Promise<Counts>;
}

function parseBatchSize(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1)
    throw new CliError("invalid_flag", `--batch-size must be a positive integer (got "${value}").`);
  return size;
}

/**
 * `create-auth prune`: deletes expired sessions, email verification tokens and ended rate-limit
 * windows from the configured database, for cron jobs. The database is found as `migrate` finds
 * it. Exit code 0 when done (or counted, with `--dry-run`); 1 when the database cannot be found,
 * reached or pruned (nothing is left half-deleted: every batch is its own statement).
 */
export async function pruneCommand(options: PruneCommandOptions, io: Io): Promise<number> {
  const { output } = io;
  const batchSize = parseBatchSize(options.batchSize);
  const root = findPackageRoot(options.cwd);
  const target = chooseTarget(root, options, "prune");
  const where = describeTarget(root, target);
  const runtime = await importPostgresModule<PostgresModule>(root);
  if (typeof runtime.prune !== "function")
    throw new CliError(
      "runtime_outdated",
      "The installed @create-auth/runtime has no prune(): update it (npm install @create-auth/runtime@latest).",
    );
  let db: { close(): Promise<void> } | undefined;
  let result: Counts;
  const started = Date.now();
  try {
    db =
      target.kind === "embedded"
        ? await openEmbedded(root, target.dir)
        : maintenanceDatabase(runtime, target.url);
    result = await runtime.prune(db, { batchSize, dryRun: Boolean(options.dryRun) });
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError("prune_failed", `Pruning the ${where} failed: ${(error as Error).message}`);
  } finally {
    await db?.close().catch(() => undefined);
  }
  const { estimated = [], ...counts } = result;
  const total = counts.sessions + counts.verificationTokens + counts.rateLimits;
  // Past the runtime's exact-count limit a dry run reports the planner's estimate: say so.
  const about = (kind: keyof typeof counts) =>
    estimated.includes(kind) ? `about ${counts[kind]}` : `${counts[kind]}`;
  const detail = `${about("sessions")} sessions, ${about("verificationTokens")} verification tokens, ${about("rateLimits")} rate-limit rows`;
  if (options.dryRun) output.success(`Would delete from the ${where}: ${detail} (expired).`);
  else output.success(`Deleted from the ${where}: ${detail}.`);
  output.document({
    ok: true,
    command: "prune",
    database: target.kind,
    target: target.kind === "embedded" ? relative(root, target.dir) : redactUrl(target.url),
    dryRun: Boolean(options.dryRun),
    deleted: options.dryRun ? null : counts,
    expired: options.dryRun ? counts : null,
    estimated,
    total,
    durationMs: Date.now() - started,
  });
  return ExitCode.ok;
}
