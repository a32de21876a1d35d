import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CliError, ExitCode } from "../errors.js";
import { detectOrm, ormById, ormOfConfigText } from "../orm/registry.js";
import type { MigrationPlan, OrmModule } from "../orm/types.js";
import { ormMigration, shownStep } from "../orm/workspace-wiring.js";
import { readPackageJson } from "../project/package-json.js";
import type { Io } from "../ui/io.js";

/**
 * The ORM whose Auth.js adapter the configuration uses: `--database <orm>`, else the adapter
 * package the configuration file imports. Undefined for the runtime's own adapters.
 */
export function configuredOrm(
  root: string,
  database: string | undefined,
  configFile: string | undefined,
): OrmModule | undefined {
  if (database) return ormById(database);
  if (!configFile) return undefined;
  try {
    return ormOfConfigText(readFileSync(join(root, configFile), "utf8"));
  } catch {
    return undefined;
  }
}

const shown = (plan: MigrationPlan) => plan.steps.map(shownStep);

/**
 * `create-auth migrate` for an app whose ORM owns the schema: the ORM's own tool brings the
 * database up to the schema `init` extended. Runs its steps in order (stopping at the first
 * failure, with the command to re-run), or prints them with `--dry-run` or when the app's
 * workflow forbids running them here.
 */
export async function migrateWithOrm(
  root: string,
  orm: OrmModule,
  options: { dryRun?: boolean; config?: string; envFile?: string },
  io: Io,
): Promise<number> {
  const { output } = io;
  const detection = detectOrm(root, readPackageJson(root), orm);
  if (!detection)
    throw new CliError(
      "no_database",
      `The auth configuration uses ${orm.adapterPackage}, but no ${orm.name} set-up was found in ${root}: ${orm.name}'s schema is where the auth tables are declared.`,
    );
  const plan = ormMigration(root, detection);
  const document = {
    ok: true,
    command: "migrate",
    database: orm.id,
    steps: shown(plan),
    applied: false,
    ...(plan.printOnly ? { printOnly: plan.printOnly } : {}),
  };
  if (options.dryRun || plan.printOnly) {
    output.title(
      plan.printOnly
        ? `Run these ${orm.name} steps yourself (${plan.printOnly})`
        : `${orm.name} would run`,
    );
    for (const step of plan.steps)
      output.info(`${shownStep(step)}  ${output.dim(`(${step.why})`)}`);
    output.document(document);
    return ExitCode.ok;
  }
  // Loaded here: execa costs ~100 ms to load, and only this path needs it.
  const { execa } = await import("execa");
  const present =
    plan.steps.some((step) => step.skipWhenTablesExist) &&
    (await authTables(root, options)).status === "ok";
  for (const step of plan.steps) {
    const command = shownStep(step);
    if (present && step.skipWhenTablesExist) {
      output.info(`${command}  ${output.dim("(skipped: the auth tables are already there)")}`);
      continue;
    }
    output.info(`${command}  ${output.dim(`(${step.why})`)}`);
    // A step whose failure may mean "already done" is captured, so its output can be read.
    const capture = output.json || step.alreadyDone !== undefined;
    try {
      const result = await execa(step.command, step.args, {
        cwd: join(root, step.cwd ?? "."),
        ...(capture ? { all: true } : { stdio: "inherit" }),
      });
      if (capture && !output.json && result.all) output.info(output.dim(result.all));
    } catch (error) {
      const failure = error as { shortMessage?: string; message: string; all?: string };
      if (step.alreadyDone?.test(failure.all ?? "")) {
        output.info(output.dim("  already done"));
        continue;
      }
      const tail = failure.all?.split("\n").slice(-20).join("\n");
      throw new CliError(
        "migrate_failed",
        `${orm.name}'s migration failed at \`${command}\` (${(failure.shortMessage ?? failure.message).split("\n")[0]}).${tail ? `\n${tail}` : ""}\nFix the cause and run it again: ${command}`,
        ExitCode.error,
        { command },
      );
    }
  }
  const tables = await authTables(root, options);
  if (tables.status === "error")
    throw new CliError(
      "migrate_incomplete",
      `${orm.name}'s steps finished, but the ${tables.target} ${tables.detail}: the tool ran no migration that creates them (is the auth migration where ${orm.name} looks for migrations?). Run \`create-auth check --online\` after fixing it.`,
      ExitCode.error,
    );
  document.applied = true;
  if (tables.status === "ok")
    output.success(`${orm.name} migrated the database: ${tables.detail} (${tables.target}).`);
  else
    output.success(
      `${orm.name} ran its steps. ${output.dim(`The tables were not checked: ${tables.detail}.`)}`,
    );
  output.document({ ...document, tables: { status: tables.status, detail: tables.detail } });
  return ExitCode.ok;
}

/**
 * Whether the auth tables exist, probed as `check --online` does (read-only): before the steps,
 * to skip one that cannot run twice; after them, since a tool can exit 0 having applied nothing
 * (kysely-ctl with no migration in its folder says "No migrations found." and succeeds).
 * Anything that keeps the probe from running (no driver installed, no connection string) leaves
 * the tables unchecked, never a failure.
 */
async function authTables(
  root: string,
  options: { config?: string; envFile?: string },
): Promise<{ status: string; target: string; detail: string }> {
  // Loaded here: the probe imports this module (configuredOrm) and only this path needs it.
  const [{ buildContext }, { probeDatabase }, { DEFAULT_TIMEOUT_MS }] = await Promise.all([
    import("../check/context.js"),
    import("../check/online/database.js"),
    import("../check/online/run-online.js"),
  ]);
  try {
    const context = buildContext({ cwd: root, config: options.config, envFile: options.envFile });
    const [result] = (await probeDatabase(context, { timeoutMs: DEFAULT_TIMEOUT_MS })).results;
    if (result) return result;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return { status: "skipped", target: "database", detail: error.message.replace(/\.$/, "") };
  }
  return { status: "skipped", target: "database", detail: "nothing to probe" };
}
