import { createTwoFilesPatch } from "diff";
import type { ChangeSet, FileChange } from "./change-set.js";
import { maskDiff } from "./mask.js";

/**
 * A unified diff of one change (`/dev/null` as the old side of a new file), for display: secret
 * values in env files are masked (see mask.ts), so `--diff`, the confirmation prompt and `--json`
 * never print a secret; the real value exists only in what is written.
 */
export function unifiedDiff(change: FileChange): string {
  const diff = createTwoFilesPatch(
    change.before === undefined ? "/dev/null" : `a/${change.path}`,
    `b/${change.path}`,
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

/** The machine-readable plan of `--json`. */
export function planJson(plan: ChangeSet) {
  return {
    files: plan.files.map((change) => ({
      path: change.path,
      action: change.before === undefined ? "create" : "update",
      reasons: change.reasons,
      ...lineCounts(change),
      diff: unifiedDiff(change),
    })),
    install: plan.install ?? null,
    manual: plan.manual,
  };
}
