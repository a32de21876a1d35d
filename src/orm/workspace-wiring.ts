import { posix } from "node:path";
import { CliError } from "../errors.js";
import { PlanBuilder } from "../plan/change-set.js";
import { type PackageJson, readPackageJson } from "../project/package-json.js";
import { pathBase, relativePath, siblingSpecifier } from "../syntax/sibling-specifier.js";
import { detectStyle, quoted, statement } from "../syntax/source-style.js";
import { eolOf } from "../syntax/text-edit.js";
import { moduleOfOrm } from "./registry.js";
import type { AdapterWiring, ImportContext, MigrationPlan, OrmDetection } from "./types.js";
import { fromOrmRoot, ormRoot } from "./workspace.js";

// The one place that translates an ORM module's work for an ORM kept in a workspace package
// (OrmDetection.workspace): the module wires, plans and migrates as if the package were the
// project, and this file turns its relative imports into imports by package name, moves its
// schema edits under the package's folder, and runs its tool there.

/** A path without `./` and without its extension: `src/schema/auth`. */
const bare = (path: string) =>
  posix
    .normalize(path)
    .replace(/^\.\//, "")
    .replace(/(?:\.d)?\.[cm]?[jt]sx?$/, "");

/** The files a subpath's conditions point at (`import`, `default`, `types`, nested). */
function conditionTargets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  const conditions = value as Record<string, unknown>;
  return ["import", "default", "types", "node", "require"].flatMap((key) =>
    conditionTargets(conditions[key]),
  );
}

/** The package's subpaths and their targets, the entry (`.`) first; `main` without `exports`. */
function subpaths(pkg: PackageJson): [string, string[]][] {
  const { exports } = pkg;
  if (exports === undefined) return pkg.main ? [[".", [pkg.main]]] : [];
  if (typeof exports === "string") return [[".", [exports]]];
  if (!exports || typeof exports !== "object") return [];
  const keys = Object.keys(exports);
  if (!keys.every((key) => key.startsWith("."))) return [[".", conditionTargets(exports)]];
  const map = exports as Record<string, unknown>;
  const entries: [string, string[]][] = keys.map((key) => [key, conditionTargets(map[key])]);
  // Exact subpaths before patterns, as Node matches them.
  return entries.sort(([a], [b]) => Number(a.includes("*")) - Number(b.includes("*")));
}

/** The specifier the app imports a file of the package by, when the package exports it. */
export function packageSpecifier(pkg: PackageJson, name: string, file: string): string | undefined {
  const wanted = bare(file);
  for (const [key, targets] of subpaths(pkg)) {
    for (const target of targets) {
      const pattern = bare(target);
      let star: string | undefined;
      if (!pattern.includes("*")) star = pattern === wanted ? "" : undefined;
      else {
        const [before = "", after = ""] = pattern.split("*");
        const fits =
          wanted.length > before.length + after.length &&
          wanted.startsWith(before) &&
          wanted.endsWith(after);
        star = fits ? wanted.slice(before.length, wanted.length - after.length) : undefined;
      }
      if (star === undefined) continue;
      const subpath = key.replace("*", star);
      return subpath === "." ? name : `${name}/${subpath.slice(2)}`;
    }
  }
  return undefined;
}

/** The package's entry source file (`src/index.ts`), package-relative. */
function entryFile(pkg: PackageJson): string | undefined {
  const entry = subpaths(pkg).find(([key]) => key === ".")?.[1];
  const source = entry?.find((target) => !/\.d\.[cm]?ts$/.test(target));
  return source && posix.normalize(source).replace(/^\.\//, "");
}

/** `path` (relative to the app's root) as seen from the package's folder `dir`. */
const fromPackage = (dir: string, path: string) => relativePath(dir, path);

/** The file a relative import of `file` names, both relative to the same root. */
function importTarget(file: string, spec: string): string {
  const base = pathBase(file, spec);
  return posix.relative(base, posix.join(base, posix.dirname(file), spec));
}

/** Package files the module's wiring imports. */
function importedFiles(wiring: AdapterWiring, configInPackage: string): string[] {
  return wiring.imports
    .filter((spec) => spec.from.startsWith("."))
    .map((spec) => importTarget(configInPackage, spec.from));
}

/**
 * The adapter wiring for the configuration at `context.configFile`: the module's own, with
 * imports of a workspace package's files made by the package's name (`@acme/db`, or an exported
 * subpath such as `@acme/db/schema/auth`). The client must be what the package exports, since
 * a relative import would reach into another package; other files (Drizzle's tables) that only
 * the entry can export are re-exported from it by `planOrmSchema`.
 */
export function ormWiring(
  root: string,
  detection: OrmDetection,
  context: ImportContext,
): AdapterWiring {
  const module = moduleOfOrm(detection);
  const { workspace } = detection;
  if (!workspace) return module.wiring(detection, context);
  const configFile = fromPackage(workspace.dir, context.configFile);
  const wiring = module.wiring(detection, { ...context, configFile });
  const pkg = readPackageJson(ormRoot(root, detection));
  const entry = entryFile(pkg);
  const imports = wiring.imports.map((spec) => {
    if (!spec.from.startsWith(".")) return spec;
    const file = importTarget(configFile, spec.from);
    const exported = packageSpecifier(pkg, workspace.name, file);
    if (exported) return { ...spec, from: exported };
    const client = detection.client && bare(detection.client.file) === bare(file);
    if (client || !entry)
      throw new CliError(
        "workspace_client_not_exported",
        `${workspace.name} (${workspace.dir}) does not export ${client ? detection.client?.evidence : file}, and the app can only import the package by its name: export ${client ? `\`${detection.client?.name}\`` : "it"} from the package's entry${entry ? ` (${entry})` : ` (its package.json "exports" or "main")`}, then run again: nothing was changed.`,
        1,
        { package: workspace.name, file },
      );
    return { ...spec, from: workspace.name };
  });
  return { ...wiring, imports };
}

/** Whether the entry's text already re-exports `file` with `export * from`. */
function reExports(entry: string, text: string, file: string): boolean {
  return [...text.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)].some(
    ([, from]) =>
      from?.startsWith(".") && bare(posix.join(posix.dirname(entry), from)) === bare(file),
  );
}

/**
 * The module's schema plan; for a workspace package, planned with the package as the project and
 * moved under its folder (`../../packages/db/src/schema/auth.ts`). Given the configuration file,
 * package files it imports that the package's `exports` do not reach are re-exported from the
 * package's entry (`export * from "./schema/auth"`), so the app imports them by name.
 */
export function planOrmSchema(
  plan: PlanBuilder,
  detection: OrmDetection,
  configFile?: string,
): void {
  const module = moduleOfOrm(detection);
  const { workspace } = detection;
  if (!workspace) {
    module.planSchema(plan, detection);
    return;
  }
  const inPackage = new PlanBuilder(ormRoot(plan.root, detection));
  module.planSchema(inPackage, detection);
  const built = inPackage.build();
  for (const change of built.files)
    for (const reason of change.reasons)
      plan.write(fromOrmRoot(detection, change.path), change.after, reason);
  for (const line of built.manual)
    plan.manual.push(`In ${workspace.name} (${workspace.dir}): ${line}`);
  if (!configFile) return;
  const pkg = readPackageJson(ormRoot(plan.root, detection));
  const entry = entryFile(pkg);
  if (!entry) return;
  const inPackageConfig = fromPackage(workspace.dir, configFile);
  const wiring = module.wiring(detection, {
    configFile: inPackageConfig,
    kind: "esm",
    withExtension: false,
  });
  const unexported = importedFiles(wiring, inPackageConfig).filter(
    (file) => !packageSpecifier(pkg, workspace.name, file),
  );
  const entryPath = fromOrmRoot(detection, entry);
  for (const file of unexported) {
    plan.edit(entryPath, `export the auth tables from ${workspace.name}`, (text) => {
      if (reExports(entry, text, file)) return text;
      const style = detectStyle(text);
      const extension = /from\s*["']\.{1,2}\/[^"']*\.[cm]?js["']/.test(text);
      const line = statement(
        `export * from ${quoted(siblingSpecifier(entry, file, extension), style)}`,
        style,
      );
      const eol = eolOf(text);
      return `${text.trimEnd()}${text.trim() ? eol : ""}${line}${eol}`;
    });
  }
}

/** The module's migration, run in the workspace package's folder when the ORM lives there. */
export function ormMigration(root: string, detection: OrmDetection): MigrationPlan {
  const plan = moduleOfOrm(detection).migration(ormRoot(root, detection), detection);
  const cwd = detection.workspace?.dir;
  return cwd ? { ...plan, steps: plan.steps.map((step) => ({ ...step, cwd })) } : plan;
}

/** How a step reads in output: `(cd ../../packages/db && npx --no-install drizzle-kit migrate)`. */
export function shownStep(step: MigrationPlan["steps"][number]): string {
  const command = [step.command, ...step.args].join(" ");
  return step.cwd ? `(cd ${step.cwd} && ${command})` : command;
}
