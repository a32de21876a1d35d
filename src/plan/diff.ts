import { createTwoFilesPatch } from "diff";
import type { ChangeSet, FileChange } from "./change-set.js";
import { maskDiff } from "./mask.js";
import { planPaths } from "./plan-paths.js";

/**
 * A unified diff of one change (`/dev/null` as the old side of a new file), for display: secret
 * values in env files are masked (see mask.ts), so `--diff`, the confirmation prompt and `--json`
 * never print a secret; the real value exists only in what is written. `shown` is the path its
 * headers name (see plan-paths.ts).
 */
export function unifiedDiff(change: FileChange, shown = change.path): string {
  const diff = createTwoFilesPatch(
    change.before === undefined ? "/dev/null" : `a/${shown}`,
    `b/${shown}`,
    change.before ?? "",
    change.after,
    undefined,
    undefined,
    { context: 3 },
  ).replace(/^=+\n/, "");
  return maskDiff(change, diff);
}

/** Lines added and removed, for summaries. */
export function lineCounts(change: FileChange): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of unifiedDiff(change).split("\n")) {
    if (line.startsWith("+") && !line.startsWith("+++")) added++;
    else if (line.startsWith("-") && !line.startsWith("---")) removed++;
  }
  return { added, removed };
}

/**
 * The machine-readable plan of `--json`: file paths and diff headers are relative to `pathsFrom`
 * (from the project: `.`, or the workspace root when the plan leaves the project).
 */
export function planJson(plan: ChangeSet) {
  const paths = planPaths(plan);
  return {
    pathsFrom: paths.from,
    files: plan.files.map((change) => ({
      path: paths.show(change.path),
      action: change.before === undefined ? "create" : "update",
      reasons: change.reasons,
      ...lineCounts(change),
      diff: unifiedDiff(change, paths.show(change.path)),
    })),
    install: plan.install ?? null,
    manual: plan.manual,
  };
}
