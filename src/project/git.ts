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
  /** Paths with uncommitted changes. */
  dirty: string[];
}

export function gitState(cwd: string): GitState {
  const status = git(cwd, ["status", "--porcelain"]);
  if (status === undefined) return { repository: false, dirty: [] };
  return {
    repository: true,
    dirty: status
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3)),
  };
}

/** Whether git tracks `path` (then a secret must not be written into it). */
export function isTracked(cwd: string, path: string): boolean {
  return git(cwd, ["ls-files", "--error-unmatch", "--", path]) !== undefined;
}

/** Whether git ignores `path`. */
export function isIgnored(cwd: string, path: string): boolean {
  return git(cwd, ["check-ignore", "-q", "--", path]) !== undefined;
}
