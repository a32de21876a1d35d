import { join } from "node:path";
import { CliError, ExitCode } from "../../errors.js";
import { applyChanges, type FileCopy, snapshotFiles } from "../../plan/apply.js";
import type { ChangeSet } from "../../plan/change-set.js";
import type { PackageJson } from "../../project/package-json.js";
import type { PackageManagerName } from "../../project/package-manager.js";
import type { Output } from "../../ui/output.js";
import { packCheckoutRuntime } from "./checkout-runtime.js";
import { execInstall } from "./install.js";
import { checkResolution, installRoot, type ResolutionCheck } from "./resolve-install.js";

/** What an install may rewrite, beside the plan's files: manifests, lockfiles, Yarn's PnP files. */
const INSTALL_OUTPUTS = [
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "pnpm-lock.yaml",
  "yarn.lock",
  "bun.lock",
  "bun.lockb",
  ".pnp.cjs",
  ".pnp.loader.mjs",
];

export interface ApplyOptions {
  /** false with `--no-install`: no resolution check, no install, no rollback. */
  install: boolean;
  /** `--keep-on-install-failure`: a failed install leaves the written files in place. */
  keepOnInstallFailure: boolean;
  /** A live terminal: the install runs under a spinner (else one line says it is running). */
  spinner: boolean;
  /** Told what the resolution warned about (unmet peers), before anything is written. */
  warn?: (message: string) => void;
  /** Told of the slow steps before they start (packing, the check), so a pause is explained. */
  progress?: (message: string) => void;
  /** The command that installs (`init`, `add-provider`): the messages say to run it again. */
  cliCommand: string;
}

/**
 * The apply options of a command that installs, from its install flags (`--no-install`,
 * `--keep-on-install-failure`) and its output: progress and warnings go to the terminal.
 */
export function applyOptionsFor(
  flags: { install?: boolean; keepOnInstallFailure?: boolean },
  output: Pick<Output, "live" | "warn" | "info">,
  cliCommand: string,
): ApplyOptions {
  return {
    install: flags.install !== false,
    keepOnInstallFailure: Boolean(flags.keepOnInstallFailure),
    spinner: output.live,
    warn: (message) => output.warn(message),
    progress: (message) => output.info(message),
    cliCommand,
  };
}

export interface ApplyResult {
  installed: boolean;
  /** The resolution that ran before writing (undefined with --no-install or nothing to add). */
  resolution?: ResolutionCheck;
}

/**
 * Writes the plan and installs its dependencies so that a project is never left half set up:
 * the install is resolved with the project's package manager before the first write (refusing
 * with the reason when it cannot succeed), a vendored runtime is packed and copied with the
 * files, and when the real install still fails every file it or the plan touched is put back
 * exactly, unless `keepOnInstallFailure`.
 */
export async function applyAndInstall(
  plan: ChangeSet,
  project: { root: string; pkg: PackageJson; manager: PackageManagerName; evidence: string },
  options: ApplyOptions,
): Promise<ApplyResult> {
  const step = plan.install;
  const copies: FileCopy[] = [];
  const localSpecs: Record<string, string> = {};
  if (step?.vendor) {
    options.progress?.(`Packing the runtime of this checkout (${step.vendor.source})…`);
    const from = await packCheckoutRuntime(step.vendor.source);
    copies.push({ path: step.vendor.path, from });
    localSpecs[`file:${step.vendor.path}`] = from;
  }
  const installing = step !== undefined && options.install;
  if (installing)
    options.progress?.(`Checking with ${project.manager} that the install will succeed…`);
  const resolution = installing
    ? await checkResolution(step, project, localSpecs, options.cliCommand)
    : undefined;
  for (const warning of resolution?.warnings ?? [])
    options.warn?.(`${project.manager} reports: ${warning}`);
  const roots = [...new Set([project.root, installRoot(project.root).root])];
  const restoreInstallOutputs = installing
    ? snapshotFiles(roots.flatMap((root) => INSTALL_OUTPUTS.map((file) => join(root, file))))
    : undefined;
  const applied = applyChanges(plan, copies);
  if (!installing) return { installed: false, resolution };
  if (!options.spinner)
    options.progress?.(
      `Installing the dependencies with ${project.manager} (its output is shown if it fails)…`,
    );
  const failed = await execInstall(step, project.root, options.spinner);
  if (failed !== undefined) {
    const command = [step.command, ...step.args].join(" ");
    const cause = ` (${failed.reason})`;
    const output = failed.output ? { output: failed.output } : {};
    if (options.keepOnInstallFailure)
      throw new CliError(
        "install_failed_kept",
        `The files were written (--keep-on-install-failure), but installing the dependencies failed${cause}. Run it yourself:\n  ${command}`,
        ExitCode.partial,
        { command, restored: false, ...output },
      );
    const failures = [...(restoreInstallOutputs?.() ?? []), ...applied.restore()];
    if (failures.length)
      throw new CliError(
        "install_failed_kept",
        `Installing the dependencies failed${cause}, and these files could not be restored: ${failures.join(", ")}. Run it yourself:\n  ${command}`,
        ExitCode.partial,
        { command, restored: false, notRestored: failures, ...output },
      );
    throw new CliError(
      "install_failed_restored",
      `Installing the dependencies failed${cause}, so every file was restored as it was: nothing was changed. Fix the failure the package manager reports and run ${options.cliCommand} again, or pass --keep-on-install-failure to keep the files and install yourself:\n  ${command}`,
      ExitCode.error,
      {
        command,
        restored: true,
        files: [...plan.files.map((f) => f.path), ...copies.map((c) => c.path)],
        ...output,
      },
    );
  }
  return { installed: true, resolution };
}
