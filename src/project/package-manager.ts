import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PackageJson } from "./package-json.js";
import { findWorkspaceRoot } from "./workspace.js";

export type PackageManagerName = "npm" | "pnpm" | "yarn" | "bun";

export interface PackageManager {
  name: PackageManagerName;
  evidence: string;
}

const lockfiles: [string, PackageManagerName][] = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
  ["npm-shrinkwrap.json", "npm"],
];

function fromField(pkg: PackageJson, where: string): PackageManager | undefined {
  const field = pkg.packageManager ?? pkg.devEngines?.packageManager?.name;
  const name = field?.split("@")[0];
  if (name === "npm" || name === "pnpm" || name === "yarn" || name === "bun") {
    const key = pkg.packageManager ? "packageManager" : "devEngines.packageManager";
    return { name, evidence: `"${key}": "${field}" in ${where}` };
  }
  return undefined;
}

/**
 * The project's package manager: the `packageManager` (or `devEngines`) field of the project,
 * then of its workspace root; a pnpm-workspace.yaml; else a lockfile in the project or a folder
 * above it up to the workspace root (never beyond: a stray lockfile in a parent folder belongs to
 * someone else); else the one running this command; else npm.
 */
export function detectPackageManager(root: string, pkg: PackageJson): PackageManager {
  const workspace = findWorkspaceRoot(root);
  const declared =
    fromField(pkg, "package.json") ??
    (workspace && fromField(workspace.pkg, join(workspace.root, "package.json")));
  if (declared) return declared;
  const pnpmWorkspace = [workspace?.pnpm ? workspace.root : undefined, root]
    .filter((dir): dir is string => dir !== undefined)
    .map((dir) => join(dir, "pnpm-workspace.yaml"))
    .find((file) => existsSync(file));
  if (pnpmWorkspace) return { name: "pnpm", evidence: pnpmWorkspace };
  for (let dir = root; ; dir = dirname(dir)) {
    for (const [file, name] of lockfiles) {
      if (existsSync(join(dir, file))) return { name, evidence: `${join(dir, file)}` };
    }
    if (!workspace || dir === workspace.root || dirname(dir) === dir) break;
  }
  const agent = process.env.npm_config_user_agent?.split("/")[0];
  if (agent === "pnpm" || agent === "yarn" || agent === "bun")
    return { name: agent, evidence: "the command was run through it" };
  return { name: "npm", evidence: "no lockfile (npm by default)" };
}

/**
 * The argv that adds `packages` with a package manager, spawned without a shell. Specs are
 * validated first (none may start with `-`), and npm also gets `--` before them.
 */
export function installCommand(
  manager: PackageManagerName,
  packages: string[],
  dev = false,
): [string, string[]] {
  switch (manager) {
    case "npm":
      return ["npm", ["install", ...(dev ? ["--save-dev"] : []), "--", ...packages]];
    case "pnpm":
      return ["pnpm", ["add", ...(dev ? ["--save-dev"] : []), ...packages]];
    case "yarn":
      return ["yarn", ["add", ...(dev ? ["--dev"] : []), ...packages]];
    case "bun":
      return ["bun", ["add", ...(dev ? ["--dev"] : []), ...packages]];
  }
}

/**
 * How the project's package manager runs a binary installed in the project (`prisma`,
 * `drizzle-kit`, `kysely`): never a global copy, and never one downloaded on the spot (plain
 * `npx x` fetches a package of that name from the registry when the project lacks it).
 */
export function localBin(
  manager: PackageManagerName,
  bin: string,
  args: string[],
): { command: string; args: string[] } {
  switch (manager) {
    case "npm":
      return { command: "npx", args: ["--no-install", bin, ...args] };
    case "pnpm":
      return { command: "pnpm", args: ["exec", bin, ...args] };
    case "yarn":
      return { command: "yarn", args: [bin, ...args] };
    case "bun":
      return { command: "bun", args: ["x", bin, ...args] };
  }
}

/**
 * The command that starts the app the way its package.json says: the `dev` script when there is
 * one, else `start`, in the package manager's own form. Undefined when the project has neither.
 */
export function startCommand(
  manager: PackageManagerName,
  scripts: Record<string, string> | undefined,
): string | undefined {
  const script =
    scripts?.dev !== undefined ? "dev" : scripts?.start !== undefined ? "start" : undefined;
  if (!script) return undefined;
  if (manager === "npm") return script === "start" ? "npm start" : "npm run dev";
  if (manager === "bun") return `bun run ${script}`;
  return `${manager} ${script}`;
}

/** A dependency spec the CLI may pass to a package manager: never something that reads as an option. */
export function isSafeSpec(spec: string): boolean {
  return spec.length > 0 && !spec.startsWith("-") && !/[\s;&|`$<>]/.test(spec);
}
