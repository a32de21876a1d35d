import { execFileSync } from "node:child_process";
import { relativePath } from "../syntax/sibling-specifier.js";

function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { cwd, stdio: ["ignore", "pipe", "ignore"] }).toString();
  } catch {
    return undefined;
  }
}

export interface GitState {
  repository: boolean;
  /** Files with uncommitted changes (modified, staged or untracked), relative to `cwd`. */
  dirty: string[];
}

/**
 * `git status --porcelain -z` names files from the repository root, whatever folder it runs in;
 * inside a workspace app they must be made relative to the app before they can be compared with
 * the plan's paths. Files outside the app keep their `../` path: a plan can edit a sibling
 * workspace package (the app's ORM schema in `../../packages/db`).
 */
export function gitState(cwd: string): GitState {
  const prefix = git(cwd, ["rev-parse", "--show-prefix"]);
  const status = git(cwd, ["status", "--porcelain", "-z", "--untracked-files=all"]);
  if (prefix === undefined || status === undefined) return { repository: false, dirty: [] };
  const base = prefix.trim();
  const records = status.split("\0").filter(Boolean);
  const dirty: string[] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    // A rename or copy is followed by a record holding the original path.
    if (/^[RC]/.test(record)) i++;
    const path = record.slice(3);
    dirty.push(relativePath(base.replace(/\/$/, ""), path));
  }
  return { repository: true, dirty };
}

/** Whether git tracks `path` (then a secret must not be written into it). */
export function isTracked(cwd: string, path: string): boolean {
  return git(cwd, ["ls-files", "--error-unmatch", "--", path]) !== undefined;
}

/** Whether git ignores `path`. */
export function isIgnored(cwd: string, path: string): boolean {
  return git(cwd, ["check-ignore", "-q", "--", path]) !== undefined;
}
