import { execFileSync } from "node:child_process";

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
 * inside a workspace app they must be made relative to the app (and files outside it dropped)
 * before they can be compared with the plan's paths.
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
    if (path.startsWith(base)) dirty.push(path.slice(base.length));
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
