import { CliError, ExitCode } from "../../errors.js";
import type { ProjectInfo } from "../../frameworks/registry.js";
import type { InstallStep } from "../../plan/change-set.js";
import { dependencyRange } from "../../project/package-json.js";
import { installCommand, isSafeSpec } from "../../project/package-manager.js";
import { runtimeDependency } from "./runtime-spec.js";

/** The default dependency spec of the runtime (overridden by --runtime-spec). */
export const RUNTIME_SPEC = "@create-auth/runtime@^0.1.0";

/** The packages to add: the runtime and the drivers the answers need, minus what is there. */
export function installStep(
  project: ProjectInfo,
  wanted: string[],
  runtimeSpec: string | undefined,
): InstallStep | undefined {
  const nameOf = (spec: string) =>
    spec.startsWith("@") ? `@${spec.slice(1).split("@")[0]}` : spec.split("@")[0]!;
  const packages = [
    ...(dependencyRange(project.pkg, "@create-auth/runtime")
      ? []
      : [runtimeSpec ? runtimeDependency(runtimeSpec) : RUNTIME_SPEC]),
    ...wanted.filter((spec) => !dependencyRange(project.pkg, nameOf(spec))),
  ];
  for (const spec of packages) {
    if (!isSafeSpec(spec))
      throw new CliError(
        "invalid_spec",
        `Refusing to install "${spec}": not a plain package spec.`,
      );
  }
  if (!packages.length) return undefined;
  const [command, args] = installCommand(project.packageManager.name, packages);
  return { command, args, packages };
}

/** Runs the install; a failure keeps the applied edits and exits "partial" with the command. */
export async function runInstall(step: InstallStep, cwd: string, quiet: boolean): Promise<void> {
  // Loaded here: execa and its dependencies cost ~100 ms to load, and only installs need them.
  const { execa } = await import("execa");
  try {
    await execa(step.command, step.args, { cwd, stdio: quiet ? "pipe" : "inherit" });
  } catch (error) {
    const command = [step.command, ...step.args].join(" ");
    const reason = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
    throw new CliError(
      "install_failed",
      `The files were updated, but installing the dependencies failed (${reason.split("\n")[0]}). Run it yourself:\n  ${command}`,
      ExitCode.partial,
      { command },
    );
  }
}
