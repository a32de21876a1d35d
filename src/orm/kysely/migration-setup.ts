import { existsSync, readdirSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import type { SourceFile } from "ts-morph";
import type { PackageJson } from "../../project/package-json.js";
import { readText } from "../../project/read-text.js";
import { sourceFiles } from "../../project/source-files.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import type { MigrationNaming, MigrationSetup } from "./info.js";

/** kysely-ctl's config file names, at the root or in `.config/`, as kysely-ctl looks them up. */
const CTL_CONFIGS = ["ts", "mts", "cts", "js", "mjs", "cjs"].flatMap((ext) => [
  `kysely.config.${ext}`,
  `.config/kysely.config.${ext}`,
]);

const MIGRATION_FILE = /^[^.].*\.(?:[cm]?[jt]s)$/;

/** Migration files of a folder (project-relative, sorted), ignoring declarations and maps. */
function migrationFiles(root: string, folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name) && !name.endsWith(".d.ts"))
    .sort()
    .map((name) => posix.join(folder, name));
}

/** The string value of a `migrationFolder:` property somewhere in the file. */
function folderProperty(file: SourceFile): { node: Node; value: Node } | undefined {
  for (const property of file.getDescendantsOfKind(SyntaxKind.PropertyAssignment)) {
    if (property.getName() !== "migrationFolder") continue;
    const value = property.getInitializer();
    if (value) return { node: property, value };
  }
  return undefined;
}

/**
 * The folder a `migrationFolder` expression names, relative to the project: string literals
 * joined (`path.join(__dirname, "migrations")`, `new URL("./migrations", import.meta.url)`),
 * from the file's folder when the expression starts there, else from `plainFrom`: the working
 * directory (the project root, where the app's scripts run) for a Migrator, the config file's
 * folder for kysely-ctl, which resolves a configured folder against it.
 */
function resolveFolder(value: Node, fromDir: string, plainFrom = "."): string | undefined {
  const text = value.getText();
  const parts = [value, ...value.getDescendants()]
    .filter((node) => Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node))
    .map((node) => (node as unknown as { getLiteralValue(): string }).getLiteralValue());
  if (parts.length === 0) return undefined;
  const relativeToFile = /__dirname|import\.meta/.test(text);
  const joined = posix.normalize(posix.join(relativeToFile ? fromDir : plainFrom, ...parts));
  return joined.startsWith("..") ? undefined : joined.replace(/\/$/, "");
}

/** How existing names are prefixed; with none, kysely-ctl's `Date.now()` prefix. */
export function namingOf(files: string[]): MigrationNaming {
  const names = files.map((file) => posix.basename(file));
  const last = names.at(-1);
  const match = last ? /^(\d[\d\-T:.]*?)([_-])[A-Za-z]/.exec(last) : null;
  if (!match) return { kind: "epoch-ms", separator: "_" };
  const [, prefix, separator] = match as unknown as [string, string, string];
  if (/^\d{13}$/.test(prefix)) return { kind: "epoch-ms", separator };
  if (/^\d{10}$/.test(prefix)) return { kind: "epoch-s", separator };
  if (/^\d{14}$/.test(prefix)) return { kind: "datetime", separator };
  if (/^\d{1,6}$/.test(prefix)) {
    const numbers = names.map((name) => Number(/^\d+/.exec(name)?.[0] ?? 0));
    return { kind: "sequence", separator, width: prefix.length, next: Math.max(...numbers) + 1 };
  }
  return { kind: "iso", separator };
}

/** The package.json script that runs `file` (`tsx src/db/migrate.ts`, `node dist/migrate.js`). */
function scriptRunning(pkg: PackageJson, file: string): string | undefined {
  const stem = file.replace(/\.[cm]?[jt]s$/, "").replace(/^src\//, "");
  const pattern = new RegExp(
    `(^|[\\s/])(src/|dist/|build/)?${stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\.[cm]?[jt]s)?(\\s|$)`,
  );
  return Object.entries(pkg.scripts ?? {}).find(([, command]) => pattern.test(command))?.[0];
}

/** The extension new migrations get: the existing ones', else the set-up's language. */
function extensionOf(files: string[], fallback: string): string {
  const counts = new Map<string, number>();
  for (const file of files) {
    const ext = /\.[cm]?[jt]s$/.exec(file)![0];
    counts.set(ext, (counts.get(ext) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallback;
}

/**
 * How the app runs its Kysely migrations: kysely-ctl (its config file and `migrationFolder`,
 * `migrations/` by default), else its own `Migrator` with a `FileMigrationProvider` (the folder
 * it is given, and the package.json script that runs it), else none (a `migrations/` folder).
 */
export function findMigrationSetup(
  root: string,
  pkg: PackageJson,
  typescript: boolean,
  parseFile: (path: string) => SourceFile,
): MigrationSetup {
  const language = typescript ? ".ts" : ".js";
  const config = CTL_CONFIGS.find((name) => existsSync(join(root, name)));
  if (config) {
    const found = folderProperty(parseFile(config));
    // kysely-ctl resolves a configured folder from the config file's folder (`.config/` too:
    // `"migrations"` there is `.config/migrations`); only its default is the root `migrations/`.
    const configDir = posix.dirname(config);
    const folder = (found && resolveFolder(found.value, configDir, configDir)) ?? "migrations";
    const files = migrationFiles(root, folder);
    return {
      runner: "kysely-ctl",
      folder,
      evidence: `${config}${found ? `:${found.node.getStartLineNumber()}` : ""}, migrations in ${folder}/`,
      naming: namingOf(files),
      extension: extensionOf(files, language),
      files,
    };
  }
  for (const path of sourceFiles(root)) {
    if (!/FileMigrationProvider/.test(readText(root, path))) continue;
    const file = parseFile(path);
    const found = folderProperty(file);
    const folder = found && resolveFolder(found.value, posix.dirname(path));
    if (!folder) continue;
    const files = migrationFiles(root, folder);
    const script = scriptRunning(pkg, path);
    return {
      runner: "migrator",
      folder,
      evidence: `Migrator with FileMigrationProvider in ${path}:${found.node.getStartLineNumber()}, migrations in ${folder}/${script ? `, run by "npm run ${script}"` : ""}`,
      naming: namingOf(files),
      extension: extensionOf(
        files,
        /\.[cm]?js$/.test(path) ? /\.[cm]?js$/.exec(path)![0] : language,
      ),
      files,
      script,
    };
  }
  const folder = ["migrations", "src/migrations", "src/db/migrations", "db/migrations"].find(
    (candidate) => migrationFiles(root, candidate).length > 0,
  );
  const files = folder ? migrationFiles(root, folder) : [];
  return {
    runner: "none",
    folder: folder ?? "migrations",
    evidence: folder
      ? `no kysely-ctl config or Migrator; migrations found in ${folder}/`
      : "no kysely-ctl config, Migrator or migrations folder",
    naming: namingOf(files),
    extension: extensionOf(files, language),
    files,
  };
}
