import { CliError } from "../../errors.js";
import type { Output } from "../../ui/output.js";

/** What became of the files when the install failed after they were written. */
export type InstallOutcome = "kept" | "restored";

/**
 * Reports an error of `applyAndInstall` the same way for every command that installs (init,
 * add-provider): the package manager's last lines, the command's own next steps (`next`, told
 * whether the files stayed), then the command's `--json` document with `ok: false`, `applied`
 * saying whether the files are there, and the error. Rethrows it marked as reported, so the CLI
 * prints its message and exit code but no second document. Anything but a CliError is a bug and
 * is rethrown as it is.
 */
export function reportInstallFailure(
  error: unknown,
  output: Output,
  {
    manager,
    document,
    next,
  }: {
    manager: string;
    document: object;
    next?: (outcome: InstallOutcome, printed: boolean) => void;
  },
): never {
  if (!(error instanceof CliError)) throw error;
  // Written and kept: the document says so (applied), with the error.
  const kept = error.code === "install_failed_kept";
  const printed = error.details?.output;
  if (typeof printed === "string" && printed) {
    output.warn(`${manager} printed (last lines):`);
    for (const line of printed.split("\n")) output.warn(`  ${line}`);
  }
  if (kept) next?.("kept", Boolean(printed));
  else if (error.code === "install_failed_restored") next?.("restored", Boolean(printed));
  output.document({
    ...document,
    ok: false,
    applied: kept,
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    },
  });
  throw Object.assign(error, { reported: true });
}
