import { join, relative } from "node:path";
import { dependencyRange, type PackageJson, readPackageJson } from "../project/package-json.js";
import { workspacePackages } from "../project/workspace.js";
import { frameworks } from "./registry.js";

/** An app of a workspace, and its framework. */
export interface WorkspaceApp {
  path: string;
  framework: string;
}

/**
 * The apps of a workspace whose framework the CLI sets up, relative to its root (a package
 * depending on several frameworks is listed under the first registered).
 */
export function workspaceApps(root: string, pkg: PackageJson): WorkspaceApp[] {
  const apps: WorkspaceApp[] = [];
  for (const path of workspacePackages(root, pkg)) {
    const app = readPackageJson(join(root, path));
    const framework = frameworks.find((module) => dependencyRange(app, module.packageName));
    if (framework) apps.push({ path: relative(root, join(root, path)), framework: framework.id });
  }
  return apps;
}
