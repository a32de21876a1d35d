import { envPathFlag } from "../project/env-path.js";
import { chooseEnvFile, detectEnvLoading, type FrameworkEnv } from "../project/environment.js";
import { reachableSources } from "../project/import-graph.js";
import type { PackageJson } from "../project/package-json.js";
import { importedSources } from "../project/source-path.js";
import { readingProject } from "../syntax/parse.js";
import type { AuthSetup } from "./auth-setup.js";
import { frameworkById } from "./registry.js";
import type { FrameworkInfo, FrameworkModule } from "./types.js";

/** The env files a project's framework (or the runner it starts with) loads by itself. */
export function frameworkEnv(
  module: Pick<FrameworkModule, "env" | "projectEnv">,
  pkg: PackageJson,
): FrameworkEnv | undefined {
  return module.projectEnv?.(pkg) ?? module.env;
}

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
  const module = framework && frameworkById(framework.framework);
  const chain = module?.sourceChain(root, pkg, project) ?? [];
  const configImports = setup ? importedSources(root, setup.config.file, project) : [];
  const { files } = reachableSources(root, [
    ...new Set([...chain, ...(setup?.files ?? []), ...configImports]),
  ]);
  const env = module && frameworkEnv(module, pkg);
  const loading = detectEnvLoading(root, pkg, files, env);
  return chooseEnvFile(root, pkg, files, loading, env);
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
