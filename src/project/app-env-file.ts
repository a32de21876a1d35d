import { relative, resolve, sep } from "node:path";
import { CliError } from "../errors.js";
import { readingProject } from "../syntax/parse.js";
import type { AuthSetup } from "./auth-setup.js";
import { chooseEnvFile, detectEnvLoading } from "./environment.js";
import { findExpressApp, importedSources } from "./express-app.js";
import type { FrameworkInfo } from "./framework.js";
import type { PackageJson } from "./package-json.js";

/**
 * The env file an app that is already set up reads, found the way `init` chose it: scripts'
 * `--env-file`, `loadEnvFile("…")` or `dotenv.config({ path })` anywhere from the entry to the
 * app, in the auth files, or in what the configuration imports (the loader `init` generates);
 * else an existing local file, else `.env`. Every command after `init` uses this, so they all
 * write and read the file the app loads.
 */
export function appEnvFile(
  root: string,
  pkg: PackageJson,
  framework: FrameworkInfo | undefined,
  setup: AuthSetup | undefined,
): { file: string; evidence: string } {
  const project = readingProject();
  const chain =
    framework?.framework === "express" ? (findExpressApp(root, pkg, project)?.chain ?? []) : [];
  const configImports = setup ? importedSources(root, setup.config.file, project) : [];
  const files = [...new Set([...chain, ...(setup?.files ?? []), ...configImports])];
  const kind = framework?.framework ?? "express";
  return chooseEnvFile(root, pkg, files, detectEnvLoading(root, pkg, files, kind));
}

/**
 * `--env-path` as the project names it: relative to the project root with `/` separators (what
 * `.gitignore` and the generated loader need). A path outside the project is refused.
 */
export function envPathFlag(root: string, file: string): string {
  const path = relative(root, resolve(root, file)).split(sep).join("/");
  if (!path || path.endsWith("/") || path.startsWith("../") || path === "..")
    throw new CliError(
      "invalid_flag",
      `--env-path must name a file inside the project (got "${file}").`,
    );
  return path;
}

/** `--env-path` when given, else the file the app loads. */
export function envFileFor(
  root: string,
  pkg: PackageJson,
  flag: string | undefined,
  framework: FrameworkInfo | undefined,
  setup: AuthSetup | undefined,
): { file: string; evidence: string } {
  return flag
    ? { file: envPathFlag(root, flag), evidence: "--env-path" }
    : appEnvFile(root, pkg, framework, setup);
}
