import { CliError, ExitCode } from "../../errors.js";
import type { ProjectInfo } from "../../frameworks/registry.js";
import type { InstallStep } from "../../plan/change-set.js";
import { dependencyRange } from "../../project/package-json.js";
import { installCommand, isSafeSpec } from "../../project/package-manager.js";
import type { CheckoutRuntime } from "./checkout-runtime.js";
import { runtimeDependency } from "./runtime-spec.js";

/** The default dependency spec of the runtime (overridden by --runtime-spec). */
export const RUNTIME_SPEC = "@create-auth/runtime@^0.1.0";

/** The packages to add: the runtime and the drivers the answers need, minus what is there. */
export function installStep(
  project: ProjectInfo,
  wanted: string[],
  runtimeSpec: string | undefined,
  checkout?: CheckoutRuntime,
): InstallStep | undefined {
  const nameOf = (spec: string) =>
    spec.startsWith("@") ? `@${spec.slice(1).split("@")[0]}` : spec.split("@")[0]!;
  const packages = [
    ...(dependencyRange(project.pkg, "@create-auth/runtime")
      ? []
      : [runtimeSpec ? runtimeDependency(runtimeSpec) : (checkout?.spec ?? RUNTIME_SPEC)]),
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
  const vendored = checkout && packages.includes(checkout.spec);
  return {
    command,
    args,
    packages,
    ...(vendored ? { vendor: { path: checkout.path, source: checkout.dir } } : {}),
  };
}

/** Why an install failed: a one-line reason, and what it printed when that was captured. */
export interface InstallFailure {
  reason: string;
  /** The last lines the package manager printed (with --json; otherwise they went to the terminal). */
  output?: string;
}

/** Runs the install; resolves to how it failed, or undefined when it worked. */
export async function execInstall(
  step: InstallStep,
  cwd: string,
  quiet: boolean,
): Promise<InstallFailure | undefined> {
  // Loaded here: execa and its dependencies cost ~100 ms to load, and only installs need them.
  const { execa } = await import("execa");
  try {
    await execa(step.command, step.args, quiet ? { cwd, all: true } : { cwd, stdio: "inherit" });
    return undefined;
  } catch (error) {
    const failure = error as { shortMessage?: string; message: string; all?: string };
    const reason = (failure.shortMessage ?? failure.message).split("\n")[0]!;
    const output = failure.all?.split("\n").slice(-30).join("\n");
    return output ? { reason, output } : { reason };
  }
}

/** Runs the install; a failure keeps the applied edits and exits "partial" with the command. */
export async function runInstall(step: InstallStep, cwd: string, quiet: boolean): Promise<void> {
  const failure = await execInstall(step, cwd, quiet);
  if (failure === undefined) return;
  const command = [step.command, ...step.args].join(" ");
  throw new CliError(
    "install_failed",
    `The files were updated, but installing the dependencies failed (${failure.reason}). Run it yourself:\n  ${command}`,
    ExitCode.partial,
    { command },
  );
}
