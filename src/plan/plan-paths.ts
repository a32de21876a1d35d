import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { findWorkspaceRoot } from "../project/workspace.js";
import type { ChangeSet } from "./change-set.js";

/** How the paths of a plan are shown: its file list, diff headers and `--json`. */
export interface PlanPaths {
  /**
   * The folder every shown path is relative to, from the project (`.` for the project itself,
   * `../..` for the workspace root of an app in apps/server).
   */
  from: string;
  /** What that folder is, for the line that says so ("the workspace root"). */
  what: string;
  /** A path of the plan (relative to the project) as shown. */
  show(path: string): string;
}

const posix = (path: string) => path.split(sep).join("/");

const inside = (folder: string, path: string) => {
  const rest = relative(folder, path);
  return rest === "" || (!rest.startsWith("..") && !isAbsolute(rest));
};

/**
 * A plan that stays in the project shows its paths as they are. One that reaches out of it (the
 * schema of an ORM kept in a sibling workspace package) shows every path from the workspace root
 * instead, or, outside a workspace, from the nearest folder holding them all: a diff header then
 * reads `b/packages/db/src/schema/auth.ts` rather than `b/../../packages/db/…`, and the saved
 * diff applies with `git apply` from that folder (git refuses `..` in a patch's paths).
 */
export function planPaths(plan: Pick<ChangeSet, "root" | "files">): PlanPaths {
  const { root } = plan;
  const absolute = plan.files.map((change) => join(root, change.path));
  if (absolute.every((path) => inside(root, path)))
    return { from: ".", what: "the project", show: (path) => path };
  const workspace = findWorkspaceRoot(root)?.root;
  let base = workspace;
  let what = "the workspace root";
  if (!base || !absolute.every((path) => inside(base!, path))) {
    base = root;
    while (!absolute.every((path) => inside(base!, path))) base = dirname(base);
    what = "the nearest folder holding every file";
  }
  const folder = base;
  return {
    from: posix(relative(root, folder)),
    what,
    show: (path) => posix(relative(folder, join(root, path))),
  };
}
