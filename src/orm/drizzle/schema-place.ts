import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type { DrizzleConfig } from "./config.js";
import type { AuthRole, TableDef } from "./tables.js";

/**
 * Where the auth tables live and what makes drizzle-kit and the app see them: an index that
 * re-exports the schema (`export * from "./auth-schema"`), the config's explicit `schema` list,
 * or a folder or glob that already covers the new file.
 */
export interface SchemaPlace {
  /** Project-relative path of the auth tables' file (an existing one on a second run). */
  file: string;
  /** A file that collects the schema with `export * from`, to re-export the auth file. */
  index: string | undefined;
  /** Whether the auth file must be appended to drizzle.config's `schema` array. */
  addToConfig: boolean;
  /** Set when nothing collects the schema: the plan says to export the file by hand. */
  uncollected: boolean;
  evidence: string;
}

const SOURCE = /\.(?:[cm]?[jt]s)$/;

/** A drizzle.config `schema` entry as a test on project paths: a file, a folder or a glob. */
export function covers(entry: string, path: string): boolean {
  if (entry.includes("*")) {
    const pattern = entry
      .split("**/")
      .map((part) =>
        part
          .replace(/[.+^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, "[^/]*")
          .replace(/\?/g, "[^/]"),
      )
      .join("(?:.*/)?");
    return new RegExp(`^${pattern}$`).test(path);
  }
  return path === entry || path.startsWith(`${entry}/`);
}

/** The folder a glob or folder entry names (`src/db/schema/*.ts` → `src/db/schema`). */
function folderOf(entry: string): string {
  if (!entry.includes("*")) return entry;
  const fixed = entry.slice(0, entry.indexOf("*"));
  return fixed.endsWith("/") ? fixed.slice(0, -1) : posix.dirname(fixed);
}

/** Whether the file re-exports other schema modules (it collects the schema). */
function reExports(root: string, file: string): boolean {
  const path = join(root, file);
  return existsSync(path) && /^\s*export\s+\*\s+from\s/m.test(readFileSync(path, "utf8"));
}

function indexIn(root: string, folder: string): string | undefined {
  return [".ts", ".js", ".mts", ".mjs"]
    .map((ext) => `${folder}/index${ext}`)
    .find((file) => existsSync(join(root, file)));
}

/** A name beside `preferred` that is free, or the file that already holds auth tables. */
function freeName(root: string, folder: string, names: string[], ext: string): string {
  const paths = names.map((name) => posix.join(folder, `${name}${ext}`));
  return paths.find((path) => !existsSync(join(root, path))) ?? paths[paths.length - 1]!;
}

export interface PlaceInputs {
  config: DrizzleConfig | undefined;
  schemaFiles: string[];
  users: TableDef | undefined;
  /** The module passed as `schema` to `drizzle(…)`. */
  collectedBy: string | undefined;
  authTables: Partial<Record<Exclude<AuthRole, "users">, TableDef>>;
}

/** Decides the auth file and how the schema collects it. */
export function schemaPlace(root: string, inputs: PlaceInputs): SchemaPlace {
  const { config, users, collectedBy, authTables } = inputs;
  const entries = config?.schema ?? [];
  const anchor = users?.file ?? collectedBy ?? inputs.schemaFiles[0];
  const ext = (anchor ?? entries.find((e) => SOURCE.test(e)) ?? ".ts").match(SOURCE)?.[0] ?? ".ts";
  let folder: string;
  let index: string | undefined;
  let names = ["auth-schema", "auth-tables"];
  const single = entries.length === 1 ? entries[0]! : undefined;
  if (single && SOURCE.test(single) && !single.includes("*")) {
    index = single;
    folder = posix.dirname(single);
  } else if (single) {
    folder = folderOf(single);
    names = ["auth", "auth-schema", "auth-tables"];
    const folderIndex = indexIn(root, folder);
    if (folderIndex && reExports(root, folderIndex)) index = folderIndex;
  } else if (collectedBy) {
    index = collectedBy;
    folder = posix.dirname(collectedBy);
    if (/\/index\.[cm]?[jt]s$/.test(collectedBy)) names = ["auth", "auth-schema", "auth-tables"];
  } else {
    folder = anchor ? posix.dirname(anchor) : "src/db";
  }
  const existing = authTables.accounts ?? authTables.sessions;
  const file = existing?.file ?? freeName(root, folder, names, ext);
  const covered = entries.some((entry) => covers(entry, file));
  const addToConfig = config?.schemaIsArray === true && !covered;
  const uncollected = !index && !covered && !addToConfig;
  const how = index
    ? `re-exported from ${index}`
    : covered
      ? `covered by ${config!.file}'s schema`
      : addToConfig
        ? `added to ${config!.file}'s schema list`
        : "not collected by any schema index";
  return { file, index, addToConfig, uncollected, evidence: `${file}, ${how}` };
}
