import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { providerByModule } from "../catalog/providers.js";
import { envFileFor } from "../frameworks/app-env-file.js";
import { readAuthSetup } from "../frameworks/auth-setup.js";
import { detectFramework } from "../frameworks/detect-framework.js";
import { frameworkById } from "../frameworks/registry.js";
import { isExampleFile } from "../project/env-example.js";
import { gitState, isIgnored, isTracked } from "../project/git.js";
import { installedVersion } from "../project/installed-version.js";
import { dependencyRange, findPackageRoot, readPackageJson } from "../project/package-json.js";
import { readUserFile } from "../project/read-text.js";
import { readTsConfig } from "../project/tsconfig.js";
import { type EnvFlavor, parseEnv } from "../syntax/dotenv.js";
import type { CheckContext, EnvVariable } from "./types.js";

export interface ContextOptions {
  cwd: string;
  config?: string;
  envFile?: string;
  /** The process environment to fall back on (tests pass their own). */
  environment?: Record<string, string | undefined>;
}

/** Reads the project once for every rule. Throws a CliError when there is no set-up to check. */
export function buildContext(options: ContextOptions): CheckContext {
  const root = findPackageRoot(options.cwd);
  const pkg = readPackageJson(root);
  const framework = detectFramework(root, pkg);
  const setup = readAuthSetup(root, { configFile: options.config });
  const texts = new Map<string, string>();
  const text = (file: string) => {
    let content = texts.get(file);
    if (content === undefined) {
      const path = join(root, file);
      content = existsSync(path) && statSync(path).isFile() ? readUserFile(root, file) : "";
      texts.set(file, content);
    }
    return content;
  };
  const envFile = envFileFor(root, pkg, options.envFile, framework, setup).file;
  // A framework's dev server may read env files itself (SolidStart's Vite: .env.local and .env);
  // otherwise only the file the app loads counts.
  // An example file (`.env.example`, `.env.template`) holds sample values, not secrets: the
  // secret rules judge real env files only.
  const envFiles = [envFile, ...(frameworkById(framework.framework).env?.files ?? [])].filter(
    (file, i, all) =>
      all.indexOf(file) === i && existsSync(join(root, file)) && !isExampleFile(file),
  );
  // Read as the app's loader reads it: dotenv's rules when the app (or its framework's dev
  // server, Vite) loads env files with dotenv, Node's (`--env-file`, `loadEnvFile`) otherwise.
  const flavor: EnvFlavor =
    frameworkById(framework.framework).env || dependencyRange(pkg, "dotenv") ? "dotenv" : "node";
  const lineOf = (line: number) => (line >= 0 ? line + 1 : undefined);
  const variables = new Map<string, EnvVariable>();
  for (const file of envFiles) {
    for (const entry of parseEnv(text(file), flavor)) {
      const known = variables.get(entry.key);
      // Within one file the last assignment wins; across files the first file wins.
      if (!known || known.file === file) {
        variables.set(entry.key, {
          key: entry.key,
          value: entry.value,
          file,
          line: lineOf(entry.line),
        });
      }
    }
  }
  const environment = options.environment ?? process.env;
  const repository = gitState(root).repository;
  const runtimeRange = dependencyRange(pkg, "@create-auth/runtime");
  const presets = new Map(
    setup.config.providers
      .filter((provider) => provider.id && provider.preset && providerByModule(provider.preset))
      .map((provider) => [provider.id!, providerByModule(provider.preset!)!]),
  );
  return {
    root,
    pkg,
    framework,
    setup,
    presets,
    envFile,
    env: {
      get(key) {
        // A blank in the env file (`KEY=`) does not hide the environment's value: Node's and
        // dotenv's loaders leave a variable that is already set alone.
        const fromFile = variables.get(key);
        if (fromFile?.value) return fromFile;
        const value = environment[key];
        return value ? { key, value, file: undefined, line: undefined } : fromFile;
      },
      assignments: (key) =>
        parseEnv(text(envFile), flavor)
          .filter((entry) => entry.key === key && entry.line >= 0)
          .map((entry) => ({ line: entry.line + 1, value: entry.value })),
      read: (file) => (existsSync(join(root, file)) ? text(file) : undefined),
    },
    git: {
      repository,
      tracked: (path) => repository && isTracked(root, path),
      ignored: (path) => repository && isIgnored(root, path),
    },
    tsconfig: readTsConfig(root),
    runtime: { version: installedVersion(root, "@create-auth/runtime"), range: runtimeRange },
    text,
  };
}
