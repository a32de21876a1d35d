import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { drizzleOrm } from "../../src/orm/drizzle/index.js";
import type { ChangeSet } from "../../src/plan/change-set.js";
import { PlanBuilder } from "../../src/plan/change-set.js";
import { readPackageJson } from "../../src/project/package-json.js";

const made: string[] = [];

/** Removes the folders {@link writeProject} made. */
export function removeProjects(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes a project from `files` (path → content) into `root`, else a fresh temporary folder. */
export function writeProject(files: Record<string, string>, root?: string): string {
  const dir = root ?? mkdtempSync(join(tmpdir(), "drizzle-project-"));
  if (!root) made.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** The Drizzle detection of a project (failing the test when there is none). */
export function detect(root: string) {
  const detection = drizzleOrm.detect(root, readPackageJson(root));
  if (!detection) throw new Error(`no Drizzle detected in ${root}`);
  return detection;
}

/** What `planSchema` would change in the project. */
export function planSchema(root: string): ChangeSet {
  const plan = new PlanBuilder(root);
  drizzleOrm.planSchema(plan, detect(root));
  return plan.build();
}

/** Writes a plan's files to disk, as `init` would after confirmation. */
export function applyPlan(set: ChangeSet): void {
  writeProject(Object.fromEntries(set.files.map((file) => [file.path, file.after])), set.root);
}

/** The new content of one file in a plan. */
export function fileAfter(set: ChangeSet, path: string): string {
  const file = set.files.find((change) => change.path === path);
  if (!file)
    throw new Error(`${path} is not in the plan: ${set.files.map((f) => f.path).join(", ")}`);
  return file.after;
}

export const pkg = (deps: Record<string, string>, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ name: "app", ...extra, dependencies: deps }, null, 2)}\n`;
