import { readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { findWorkspaceRoot } from "./workspace.js";

function versionIn(dir: string, name: string): string | undefined {
  try {
    return (
      JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as {
        version?: string;
      }
    ).version;
  } catch {
    return undefined;
  }
}

/**
 * The version of `name` the project would load: its own node_modules first, then, for a package
 * of a workspace, each folder up to the workspace root (where npm, Yarn and Bun hoist shared
 * dependencies). Never above the workspace root, and never above a project that belongs to no
 * workspace: a folder's node_modules the project does not own says nothing about it.
 */
export function installedVersion(root: string, name: string): string | undefined {
  const own = versionIn(root, name);
  if (own !== undefined) return own;
  const workspace = findWorkspaceRoot(root);
  if (!workspace || relative(workspace.root, root).startsWith(`..${sep}`)) return undefined;
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    const version = versionIn(dir, name);
    if (version !== undefined || dir === workspace.root || dirname(dir) === dir) return version;
  }
}
