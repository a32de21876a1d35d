import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { CliError } from "../../errors.js";
import type { InstallStep } from "../../plan/change-set.js";
import type { PackageJson } from "../../project/package-json.js";
import type { PackageManagerName } from "../../project/package-manager.js";
import { findWorkspaceRoot, workspacePackages } from "../../project/workspace.js";
import { explainResolution } from "./explain-resolution.js";

/** A package manager as far as resolving goes: Yarn 1 and Yarn 2+ have nothing in common. */
export type Resolver = "npm" | "pnpm" | "yarn-classic" | "yarn-berry" | "bun";

/** Files an install reads or rewrites at the install root: manifests, lockfiles, settings. */
export const INSTALL_FILES = [
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "pnpm-lock.yaml",
  "pnpm-workspace.yaml",
  "yarn.lock",
  "bun.lock",
  "bun.lockb",
  "bunfig.toml",
  ".npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  ".pnpmfile.cjs",
];

/** Yarn's own release and plugins (`yarnPath` in .yarnrc.yml points there); never its cache. */
const YARN_FOLDERS = [".yarn/releases", ".yarn/plugins", ".yarn/patches"];

/** The folder an install works from: the workspace root of a workspace member, else the project. */
export function installRoot(projectRoot: string): { root: string; pkg?: PackageJson } {
  const workspace = findWorkspaceRoot(projectRoot);
  return workspace ? { root: workspace.root, pkg: workspace.pkg } : { root: projectRoot };
}

/** Yarn 2+ declares itself in `packageManager` or with a .yarnrc.yml; anything else is Yarn 1. */
export function resolverOf(
  manager: PackageManagerName,
  root: string,
  manifests: (PackageJson | undefined)[],
): Resolver {
  if (manager !== "yarn") return manager;
  const declared = manifests
    .map((pkg) => pkg?.packageManager)
    .find((field) => field?.startsWith("yarn@"));
  if (declared) return /^yarn@1\./.test(declared) ? "yarn-classic" : "yarn-berry";
  return existsSync(join(root, ".yarnrc.yml")) ? "yarn-berry" : "yarn-classic";
}

/**
 * The argv that resolves adding `packages` without installing them, and where it may run:
 * npm's `--dry-run` builds the whole dependency tree (peer conflicts included) and writes
 * nothing, so it runs in the project itself; the others write their lockfile (and package.json)
 * even in their lockfile-only modes, so they run in a copy. Yarn 1 has no lockfile-only mode
 * (yarnpkg/yarn#6281): it installs into the copy, scripts off.
 */
export function resolutionCommand(
  resolver: Resolver,
  packages: string[],
): { command: string; args: string[]; inPlace: boolean } {
  switch (resolver) {
    case "npm":
      return {
        command: "npm",
        args: [
          "install",
          "--dry-run",
          "--no-audit",
          "--no-fund",
          "--ignore-scripts",
          "--",
          ...packages,
        ],
        inPlace: true,
      };
    case "pnpm":
      return {
        command: "pnpm",
        args: ["add", "--lockfile-only", "--ignore-scripts", ...packages],
        inPlace: false,
      };
    case "yarn-berry":
      return {
        command: "yarn",
        args: ["add", "--mode=update-lockfile", ...packages],
        inPlace: false,
      };
    case "yarn-classic":
      return {
        command: "yarn",
        args: ["add", "--ignore-scripts", "--non-interactive", "--no-progress", ...packages],
        inPlace: false,
      };
    case "bun":
      return {
        command: "bun",
        args: ["add", "--lockfile-only", "--ignore-scripts", ...packages],
        inPlace: false,
      };
  }
}

/**
 * A copy of what resolution reads (manifests, lockfiles, package-manager settings, and every
 * workspace member's package.json) in a temporary folder. Returns the copy's root.
 */
export function copyForResolution(root: string, pkg: PackageJson | undefined): string {
  const copy = mkdtempSync(join(tmpdir(), "create-auth-resolve-"));
  const take = (path: string) => {
    if (!existsSync(join(root, path))) return;
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    cpSync(join(root, path), join(copy, path), { recursive: true });
  };
  for (const file of [...INSTALL_FILES, ...YARN_FOLDERS]) take(file);
  for (const member of pkg ? workspacePackages(root, pkg) : []) take(`${member}/package.json`);
  return copy;
}

export interface ResolutionCheck {
  /** The command that ran, as a user would type it. */
  command: string;
  /** How long it took, in milliseconds. */
  ms: number;
  /**
   * Peer ranges the resolution reported unmet without failing (pnpm, Yarn and bun only warn;
   * npm refuses, and that is an error above): the install works, the pairing may not.
   */
  warnings: string[];
}

/** Unmet-peer lines of a resolution that succeeded, as the package manager wrote them. */
const UNMET_PEER = /unmet peer|incorrect peer dependency|doesn't satisfy what|unmet .*peer/i;

/**
 * Resolves `step` with the project's own package manager before anything is written, without
 * touching the project's node_modules or lockfile. Throws `install_unresolvable` (nothing was
 * written) with the package manager's reason and a fix when the install could not succeed.
 * `localSpecs` maps specs that name files not written yet (the vendored runtime) to where the
 * file is now; `cliCommand` (init, add-provider) is the one the fix says to run again.
 */
export async function checkResolution(
  step: InstallStep,
  project: { root: string; pkg: PackageJson; manager: PackageManagerName; evidence: string },
  localSpecs: Record<string, string> = {},
  cliCommand = "init",
): Promise<ResolutionCheck> {
  const { root, pkg } = installRoot(project.root);
  const resolver = resolverOf(project.manager, root, [project.pkg, pkg]);
  const packages = step.packages.map((spec) => localSpecs[spec] ?? spec);
  const { command, args, inPlace } = resolutionCommand(resolver, packages);
  const copy = inPlace ? undefined : copyForResolution(root, pkg ?? project.pkg);
  const cwd = copy ? join(copy, relative(root, project.root)) : project.root;
  const shown = [command, ...args].join(" ");
  const started = Date.now();
  // Loaded here: execa and its dependencies cost ~100 ms to load, and only installs need them.
  const { execa } = await import("execa");
  let warnings: string[] = [];
  try {
    const result = await execa(command, args, { cwd, all: true, reject: false, stdin: "ignore" });
    if (result.failed) {
      const output = result.all || result.message || "";
      const notRun = (result as { code?: string }).code === "ENOENT";
      const found = notRun
        ? {
            reason: "package_manager_missing" as const,
            message: `${command} is not installed here (the project uses it: ${project.evidence}).`,
            fix: `install ${command} (or run "corepack enable"), or pass --no-install to write the files and install yourself.`,
            conflict: undefined,
          }
        : explainResolution(output, packages, cliCommand);
      throw new CliError(
        "install_unresolvable",
        [
          notRun
            ? `Nothing was written: the install could not be checked.`
            : `Nothing was written: installing ${step.packages.join(", ")} would fail.`,
          `  ${found.message}`,
          `Fix: ${found.fix}`,
          `Checked with: ${shown}${copy ? " (in a copy of the project's manifests)" : ""}`,
        ].join("\n"),
        1,
        {
          reason: found.reason,
          ...(found.conflict ? { conflict: found.conflict } : {}),
          command: shown,
          install: [step.command, ...step.args].join(" "),
          output: output.split("\n").slice(-40).join("\n"),
        },
      );
    }
    warnings = (result.all ?? "")
      .split("\n")
      .filter((line) => UNMET_PEER.test(line))
      .map((line) => line.replace(/^[\s│└├─┬✕]+/u, "").trim());
  } finally {
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
  return { command: shown, ms: Date.now() - started, warnings };
}
