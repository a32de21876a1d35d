import { existsSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { envFileCalls, loadedModules } from "../syntax/app-calls.js";
import type { PackageJson } from "./package-json.js";
import { dependencyRange } from "./package-json.js";
import { readText } from "./read-text.js";

/** How the app gets its env file into `process.env`, with what showed it. */
export interface EnvLoading {
  how: "dotenv" | "env-file-flag" | "loadEnvFile" | "framework" | "none";
  evidence: string;
}

/**
 * Env files a framework's dev server loads by itself (Vite: `.env.local`, `.env`), most specific
 * first, and how we know; a framework without one leaves env loading to the app.
 */
export interface FrameworkEnv {
  files: readonly string[];
  evidence: string;
}

/** Modules that load `.env` when imported or required (their `/config` entry or `.config()`). */
const DOTENV_MODULES = ["dotenv", "dotenv-flow", "@dotenvx/dotenvx"];
const ENV_FILE_FLAG = /--env-file(?:-if-exists)?[= ]["']?([^\s"']+)/;
/** `node -r dotenv/config`, `--import dotenv/config`, `dotenv -e .env.local -- …` (dotenv-cli). */
const DOTENV_IN_SCRIPT =
  /(?:-r|--require|--import)[= ]["']?dotenv\/config|(?:^|\s)dotenv(?:x run)?\s/;

/**
 * dotenv's own variable for the file `dotenv/config` loads, set in a script
 * (`cross-env DOTENV_CONFIG_PATH=./config/.env.development ts-node src/main`).
 */
const DOTENV_CONFIG_PATH = /(?:^|\s)DOTENV_CONFIG_PATH=["']?([^\s"']+)/;
/** dotenv-cli's file: `dotenv -e .env.local -- node server.js`. */
const DOTENV_CLI_FILE = /(?:^|\s)dotenv\s+-e\s+["']?([^\s"']+)/;

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

/** The dotenv-like module a file loads (`dotenv`, `dotenv/config`, …), from its syntax tree. */
function importsDotenv(text: string, file: string): string | undefined {
  const modules = loadedModules(text, file);
  return DOTENV_MODULES.find((name) =>
    modules.some((module) => module === name || module === `${name}/config`),
  );
}

/**
 * How the app gets its env file into `process.env`, if it does: an app script (`--env-file`,
 * `-r dotenv/config`), or any file from the entry to the app and what they import (`files`:
 * `import "dotenv/config"` in server.ts counts as much as `require("dotenv").config()` in the
 * `src/config/config.js` that app.ts imports). `describe` names a file in the evidence.
 */
export function detectEnvLoading(
  root: string,
  pkg: PackageJson,
  files: string[],
  frameworkEnv: FrameworkEnv | undefined,
  describe: (file: string) => string = (file) => file,
): EnvLoading {
  for (const [name, command] of appScripts(pkg)) {
    if (ENV_FILE_FLAG.test(command))
      return { how: "env-file-flag", evidence: `--env-file in scripts.${name}` };
    if (DOTENV_IN_SCRIPT.test(command))
      return { how: "dotenv", evidence: `dotenv in scripts.${name}` };
  }
  for (const file of files) {
    const text = readText(root, file);
    if (envFileCalls(text, file).loadEnvFile.length > 0)
      return { how: "loadEnvFile", evidence: `process.loadEnvFile() in ${describe(file)}` };
    const module = importsDotenv(text, file);
    if (module && dependencyRange(pkg, module))
      return { how: "dotenv", evidence: `${module} in package.json and ${describe(file)}` };
  }
  if (frameworkEnv) return { how: "framework", evidence: frameworkEnv.evidence };
  return { how: "none", evidence: "no dotenv, --env-file or process.loadEnvFile() found" };
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
  const [named] = scriptEnvFiles(root, pkg);
  if (named) return { file: named.file, evidence: `scripts.${named.script}` };
  for (const file of files) {
    const { loadEnvFile, config } = envFileCalls(readText(root, file), file);
    // `loadEnvFile(".env.local")`, then `config({ path: ".env.local" })` (or a
    // `path.resolve(__dirname, "../.env.local")` inside it).
    const named = loadEnvFile.find((call) => call.path) ?? config[0];
    if (named?.path)
      return { file: projectPath(root, file, named.path, named.fileRelative), evidence: file };
  }
  return { file: ".env", evidence: "default" };
}

/**
 * Every env file an app script names (`DOTENV_CONFIG_PATH=./config/.env.production` in `start`,
 * `--env-file=.env.staging` in `serve`), in script order, each once: an app that keeps one file
 * per script reads its secrets from whichever file the script it was started with names.
 */
export function scriptEnvFiles(
  root: string,
  pkg: PackageJson,
): { file: string; script: string; command: string }[] {
  const found: { file: string; script: string; command: string }[] = [];
  for (const [script, command] of appScripts(pkg)) {
    const match =
      ENV_FILE_FLAG.exec(command) ??
      DOTENV_CLI_FILE.exec(command) ??
      DOTENV_CONFIG_PATH.exec(command);
    if (!match) continue;
    const file = projectPath(root, "", match[1]!, false);
    if (!found.some((entry) => entry.file === file)) found.push({ file, script, command });
  }
  return found;
}

/**
 * Where `init` writes the secrets: the file the app loads when it names one; the loader's
 * default (`.env`) when it uses dotenv or `loadEnvFile()` without a path; otherwise an existing
 * local file (the framework's dev server's own first: SolidStart's Vite reads `.env.local`), else
 * `.env`.
 */
export function chooseEnvFile(
  root: string,
  pkg: PackageJson,
  files: string[],
  loading: EnvLoading,
  frameworkEnv: FrameworkEnv | undefined,
): { file: string; evidence: string } {
  const named = detectEnvFile(root, pkg, files);
  if (named.evidence !== "default")
    return { file: named.file, evidence: `the app loads it (${named.evidence})` };
  if (loading.how === "dotenv" || loading.how === "loadEnvFile" || loading.how === "env-file-flag")
    return { file: ".env", evidence: `what ${loading.evidence} loads by default` };
  const preference =
    loading.how === "framework" && frameworkEnv ? frameworkEnv.files : [".env", ".env.local"];
  const existing = preference.find((file) => existsSync(join(root, file)));
  return existing
    ? { file: existing, evidence: `${existing} exists` }
    : { file: ".env", evidence: "default" };
}
