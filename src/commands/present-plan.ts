import { CliError, ExitCode } from "../errors.js";
import type { ChangeSet } from "../plan/change-set.js";
import { lineCounts, unifiedDiff } from "../plan/diff.js";
import { planPaths } from "../plan/plan-paths.js";
import type { Io } from "../ui/io.js";

export interface PresentOptions {
  yes?: boolean;
  dryRun?: boolean;
  diff?: boolean;
  /** Files with uncommitted changes (a warning names the ones the plan touches). */
  dirty?: string[];
}

/** Prints the plan: one line per file, the install command, the manual steps, maybe the diffs. */
export function printPlan(io: Io, plan: ChangeSet, showDiff: boolean, dirty: string[] = []): void {
  const { output } = io;
  const paths = planPaths(plan);
  output.title("Plan");
  if (paths.from !== ".")
    output.info(
      output.dim(
        `Paths are from ${paths.what} (${paths.from}): the plan changes files outside this project.`,
      ),
    );
  for (const change of plan.files) {
    const { added, removed } = lineCounts(change);
    const action = change.before === undefined ? "create" : "update";
    output.info(
      `${action.padEnd(6)} ${paths.show(change.path)}  ${output.dim(`+${added} -${removed}  (${change.reasons.join(", ")})`)}`,
    );
  }
  const vendor = plan.install?.vendor;
  if (vendor)
    output.info(
      `copy   ${paths.show(vendor.path)}  ${output.dim(`(@create-auth/runtime packed from ${vendor.source}: this CLI runs from a checkout, and the runtime is not taken from the registry)`)}`,
    );
  if (plan.install) output.info(`run    ${[plan.install.command, ...plan.install.args].join(" ")}`);
  for (const step of plan.manual) output.warn(`By hand: ${step}`);
  if (showDiff) {
    for (const change of plan.files) {
      output.line();
      output.diff(unifiedDiff(change, paths.show(change.path)));
    }
  }
  const touched = plan.files.filter((change) => dirty.includes(change.path));
  if (touched.length)
    output.warn(
      `Uncommitted changes in ${touched.map((c) => paths.show(c.path)).join(", ")}: review the result with git diff.`,
    );
}

/**
 * Shows the plan and decides whether to write it: `--dry-run`/`--diff` never write; a terminal
 * run shows the diff and asks; without a terminal `--yes` is required. Returns true when the
 * caller should apply. Throws `cancelled` or `missing_answer`.
 */
export async function confirmPlan(
  io: Io,
  plan: ChangeSet,
  options: PresentOptions,
): Promise<boolean> {
  const willConfirm = !options.yes && !options.dryRun && io.asker.interactive;
  printPlan(io, plan, Boolean(options.diff) || willConfirm, options.dirty);
  if (options.dryRun || options.diff) {
    io.output.line();
    io.output.info("Dry run: nothing was written.");
    return false;
  }
  if (options.yes) return true;
  if (!io.asker.interactive)
    throw new CliError(
      "missing_answer",
      "Missing --yes: nothing can be confirmed here (use --dry-run to preview).",
      ExitCode.error,
      { flag: "--yes" },
    );
  if (!(await io.asker.prompter.confirm({ message: "Apply these changes?", initialValue: true })))
    throw new CliError("cancelled", "Cancelled: nothing was changed.", ExitCode.cancelled);
  return true;
}
