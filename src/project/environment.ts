import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import type { PackageJson } from "./package-json.js";
import { dependencyRange } from "./package-json.js";

export interface EnvLoading {
  how: "dotenv" | "env-file-flag" | "loadEnvFile" | "framework" | "none";
  evidence: string;
}

/** Modules that load `.env` when imported or required (their `/config` entry or `.config()`). */
const DOTENV_MODULES = ["dotenv", "dotenv-flow", "@dotenvx/dotenvx"];
const ENV_FILE_FLAG = /--env-file(?:-if-exists)?[= ]["']?([^\s"']+)/;
/** `node -r dotenv/config`, `--import dotenv/config`, `dotenv -e .env.local -- …` (dotenv-cli). */
const DOTENV_IN_SCRIPT =
  /(?:-r|--require|--import)[= ]["']?dotenv\/config|(?:^|\s)dotenv(?:x run)?\s/;

/**
 * The scripts that run the app, most telling first: a `test` script's `--env-file=.env.test`
 * says nothing about where the app's secrets belong.
 */
function appScripts(pkg: PackageJson): [string, string][] {
  const rank = (name: string) => {
    const index = ["dev", "start", "serve", "server", "develop", "watch", "debug"].findIndex(
      (prefix) => name === prefix || name.startsWith(`${prefix}:`),
    );
    return index === -1 ? undefined : index;
  };
  return Object.entries(pkg.scripts ?? {})
    .filter(([name]) => rank(name) !== undefined)
    .sort(([a], [b]) => rank(a)! - rank(b)!);
}

function readIfExists(root: string, file: string): string {
  const path = join(root, file);
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

function importsDotenv(text: string): string | undefined {
  return DOTENV_MODULES.find((name) =>
    new RegExp(`["']${name.replace(/[/.]/g, "\\$&")}(?:/config)?["']`).test(text),
  );
}

/**
 * How the app gets its env file into `process.env`, if it does: an app script (`--env-file`,
 * `-r dotenv/config`), or any file from the entry to the app (`files`: `import "dotenv/config"`
 * in server.ts counts as much as in app.ts).
 */
export function detectEnvLoading(
  root: string,
  pkg: PackageJson,
  files: string[],
  framework: string,
): EnvLoading {
  for (const [name, command] of appScripts(pkg)) {
    if (ENV_FILE_FLAG.test(command))
      return { how: "env-file-flag", evidence: `--env-file in scripts.${name}` };
    if (DOTENV_IN_SCRIPT.test(command))
      return { how: "dotenv", evidence: `dotenv in scripts.${name}` };
  }
  for (const file of files) {
    const text = readIfExists(root, file);
    if (/\bloadEnvFile\s*(?:\?\.)?\s*\(/.test(text))
      return { how: "loadEnvFile", evidence: `process.loadEnvFile() in ${file}` };
    const module = importsDotenv(text);
    if (module && dependencyRange(pkg, module))
      return { how: "dotenv", evidence: `${module} in package.json and ${file}` };
  }
  if (framework === "solid-start")
    return { how: "framework", evidence: "Vite loads .env and .env.local in development" };
  return { how: "none", evidence: "no dotenv, --env-file or process.loadEnvFile() found" };
}

/** The dev server port, for callback URLs. */
export function detectPort(
  root: string,
  pkg: PackageJson,
  files: string[],
  framework: string,
): { port: number; evidence: string } {
  const dev = pkg.scripts?.dev ?? "";
  const flag = /--port[= ](\d+)/.exec(dev) ?? /(?:^|\s)PORT=(\d+)/.exec(dev);
  if (flag) return { port: Number(flag[1]), evidence: "scripts.dev" };
  for (const file of framework === "express" ? files : []) {
    const text = readIfExists(root, file);
    const literal =
      /\.listen\(\s*(\d{2,5})\b/.exec(text) ??
      /PORT\s*(?:\?\?|\|\|)\s*["']?(\d{2,5})\b/.exec(text) ??
      /\bport\s*=\s*(\d{2,5})\b/i.exec(text);
    if (literal) return { port: Number(literal[1]), evidence: file };
  }
  if (framework === "solid-start") return solidPort(root, files);
  return { port: 3000, evidence: "default" };
}

/**
 * SolidStart's dev port. 2.x runs `vite dev`: `server: { port }` in vite.config, else Vite's
 * 5173. 1.x runs vinxi, which takes `--port` or `PORT` only (vinxi 0.5 `lib/dev-server.js`:
 * `args.port ?? process.env.PORT ?? 3000`); app.config's `server` is Nitro's, not a port.
 */
function solidPort(root: string, files: string[]): { port: number; evidence: string } {
  const vite = files.find((file) => /(^|\/)vite\.config\.[cm]?[jt]s$/.test(file));
  if (!vite) return { port: 3000, evidence: "vinxi's default" };
  const port = /\bserver\s*:\s*\{[^}]*?\bport\s*:\s*(\d{2,5})\b/s.exec(readIfExists(root, vite));
  return port
    ? { port: Number(port[1]), evidence: `server.port in ${vite}` }
    : { port: 5173, evidence: "Vite's default" };
}

/** A `.env` path as the app names it, relative to the project root. */
function projectPath(root: string, file: string, named: string, fileRelative: boolean): string {
  const base = fileRelative ? join(root, dirname(file)) : root;
  return relative(root, resolve(base, named)).split("\\").join(posix.sep);
}

/**
 * The env file the app reads: `--env-file` in an app script, `process.loadEnvFile("…")` (the
 * loader `init` generates) or `dotenv.config({ path: "…" })` in a source file; `.env` otherwise.
 */
export function detectEnvFile(
  root: string,
  pkg: PackageJson,
  files: string[],
): { file: string; evidence: string } {
  for (const [script, command] of appScripts(pkg)) {
    const match =
      ENV_FILE_FLAG.exec(command) ?? /(?:^|\s)dotenv\s+-e\s+["']?([^\s"']+)/.exec(command);
    if (match)
      return { file: projectPath(root, "", match[1]!, false), evidence: `scripts.${script}` };
  }
  for (const file of files) {
    const text = readIfExists(root, file);
    const literal = /loadEnvFile\?*\.?\(\s*["']([^"']+)["']/.exec(text);
    // `config({ path: ".env.local" })`, or `path.resolve(__dirname, "../.env.local")` inside it.
    const configured = /\bconfig\(\s*\{[^}]*?\bpath\s*:([^}]*?)["']([^"']*\.env[\w.-]*)["']/.exec(
      text,
    );
    if (literal) return { file: projectPath(root, file, literal[1]!, false), evidence: file };
    if (configured) {
      const fileRelative = /__dirname|import\.meta\.(dirname|url)/.test(configured[1]!);
      return { file: projectPath(root, file, configured[2]!, fileRelative), evidence: file };
    }
  }
  return { file: ".env", evidence: "default" };
}

/**
 * Where `init` writes the secrets: the file the app loads when it names one; the loader's
 * default (`.env`) when it uses dotenv or `loadEnvFile()` without a path; otherwise an existing
 * local file (`.env.local` first for SolidStart, whose Vite dev server reads it), else `.env`.
 */
export function chooseEnvFile(
  root: string,
  pkg: PackageJson,
  files: string[],
  loading: EnvLoading,
): { file: string; evidence: string } {
  const named = detectEnvFile(root, pkg, files);
  if (named.evidence !== "default")
    return { file: named.file, evidence: `the app loads it (${named.evidence})` };
  if (loading.how === "dotenv" || loading.how === "loadEnvFile" || loading.how === "env-file-flag")
    return { file: ".env", evidence: `what ${loading.evidence} loads by default` };
  const preference = loading.how === "framework" ? [".env.local", ".env"] : [".env", ".env.local"];
  const existing = preference.find((file) => existsSync(join(root, file)));
  return existing
    ? { file: existing, evidence: `${existing} exists` }
    : { file: ".env", evidence: "default" };
}
