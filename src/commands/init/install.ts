import { CliError } from "../../errors.js";
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

/** Why an install failed: a one-line reason, and the last lines the package manager printed. */
export interface InstallFailure {
  reason: string;
  /** The last lines the package manager printed (captured, never streamed). */
  output?: string;
}

/**
 * Runs the install with the package manager's output captured, not streamed: under a spinner in
 * a live terminal, silently otherwise. Resolves to how it failed (with the tail of what it
 * printed), or undefined when it worked.
 */
export async function execInstall(
  step: InstallStep,
  cwd: string,
  spinner = false,
): Promise<InstallFailure | undefined> {
  const run = async (): Promise<InstallFailure | undefined> => {
    // Loaded here: execa and its dependencies cost ~100 ms to load, and only installs need them.
    const { execa } = await import("execa");
    try {
      await execa(step.command, step.args, { cwd, all: true });
      return undefined;
    } catch (error) {
      const failure = error as { shortMessage?: string; message: string; all?: string };
      const reason = (failure.shortMessage ?? failure.message).split("\n")[0]!;
      const output = failure.all?.trimEnd().split("\n").slice(-30).join("\n");
      return output ? { reason, output } : { reason };
    }
  };
  if (!spinner) return run();
  const { withSpinner } = await import("../../ui/spinner.js");
  return withSpinner(
    `Installing the dependencies with ${step.command}`,
    run,
    (failure) => failure && `${step.command} failed`,
  );
}
