import { existsSync } from "node:fs";
import { extname, join, posix } from "node:path";
import type { Answers } from "../commands/init/answers.js";
import { configModule, envLoaderModule } from "../commands/init/config-module.js";
import type { ModuleImport } from "../edit/imports.js";
import type { PlanBuilder } from "../plan/change-set.js";
import { detectEnvLoading } from "../project/environment.js";
import { freeModulePath } from "../project/module-collision.js";
import { importedSources } from "../project/source-path.js";
import { type ModuleKind, moduleKindOf } from "../syntax/module-kind.js";
import { siblingSpecifier } from "../syntax/sibling-specifier.js";
import { detectStyle, quoted, type SourceStyle } from "../syntax/source-style.js";
import type { ConfigShape, ProjectBase } from "./types.js";

/**
 * A file name in `dir` not taken by something else: `auth.ts`, else `auth.config.ts` (a file
 * `auth.ts` that is not ours, or a folder `auth/` it would shadow). The same choice on every
 * run, so a second `init` finds the file it wrote; `check` and `add-provider` find it by content.
 */
export function configPath(plan: PlanBuilder, dir: string, ext: string): string {
  return freeModulePath(
    plan.root,
    dir,
    ["auth", "auth.config", "auth-config"],
    ext,
    (path) => /\bauthConfig\b/.test(plan.read(path) ?? ""),
    (path) => plan.exists(path),
  );
}

/** The env loader's name in `dir`: `env.ts`, else `load-env.ts` beside a folder `env/`. */
export function envLoaderPath(plan: PlanBuilder, dir: string, ext: string): string {
  return freeModulePath(
    plan.root,
    dir,
    ["env", "load-env"],
    ext,
    (path) => /\bloadEnv\b/.test(plan.read(path) ?? ""),
    (path) => plan.exists(path),
  );
}

/** What differs between the server frameworks that plan their configuration this way. */
export interface BesideAppOptions {
  /** The app file's name when none was found (`app`, Hono's `index`). Default `app`. */
  placeholder?: string;
  /** The runner loads the env file before the app starts (Bun): no loader, no manual step. */
  runnerLoadsEnv?: boolean;
}

/** The configuration module planned beside a server app's file, and how that file imports it. */
export interface ConfigBesideApp {
  /** The app file (a placeholder name when no app was found). */
  appFile: string;
  /** Its text ("" when no app was found). */
  appText: string;
  configFile: string;
  existed: boolean;
  kind: ModuleKind;
  style: SourceStyle;
  /** The imports the app file needs: the framework's handler and `authConfig`. */
  imports: ModuleImport[];
}

/**
 * A server framework's configuration module (Express, Fastify, Hono): beside the file that creates the
 * app, in that file's language, module system and style (a `.js` app gets JavaScript even with
 * `typescript` installed); an env loader beside it when the app loads no env file (or a manual
 * step when the configuration is the user's own and loads none). Without an app file, the
 * names are those of `src/app.*` (or `app.*` without `src/`).
 */
export function planConfigBesideApp(
  plan: PlanBuilder,
  project: ProjectBase,
  answers: Answers,
  config: ConfigShape,
  app: { file: string } | undefined,
  options: BesideAppOptions = {},
): ConfigBesideApp {
  const dirOfSources = existsSync(join(plan.root, "src")) ? "src/" : "";
  const placeholder = options.placeholder ?? "app";
  const appFile = app?.file ?? `${dirOfSources}${placeholder}${project.typescript ? ".ts" : ".js"}`;
  const appText = (app && plan.read(app.file)) ?? "";
  const kind = moduleKindOf(appFile, appText, project.esm);
  const style = detectStyle(appText);
  // A JSX app file (`index.tsx`) gets a plain TypeScript configuration.
  const ext = extname(appFile).replace(/x$/, "");
  const typescript = /^\.[cm]?ts$/.test(ext);
  const dir = posix.dirname(appFile.split("\\").join("/"));
  const configFile = configPath(plan, dir === "." ? "" : dir, ext);
  const existed = plan.exists(configFile);
  // ESM in plain JavaScript needs the extension; otherwise follow the file's own habit.
  const withExtension = (kind === "esm" && !typescript) || style.extensions;

  let envLoader: string | undefined;
  const configLoadsEnv = () =>
    detectEnvLoading(
      project.root,
      project.pkg,
      [configFile, ...importedSources(project.root, configFile)],
      undefined,
    ).how !== "none";
  const loadsNothing = project.env.how === "none" && !options.runnerLoadsEnv;
  if (loadsNothing && existed && !configLoadsEnv()) {
    // The configuration is the user's own; a loader it does not import would be dead code.
    plan.manual.push(
      `No env loading was found between the entry and the app: if nothing loads ${answers.envFile}, start the app with \`node --env-file=${answers.envFile}\`, or call \`process.loadEnvFile(${quoted(answers.envFile, style)})\` before ${configFile} is imported.`,
    );
  } else if (loadsNothing && !existed) {
    const loaderFile = envLoaderPath(plan, posix.dirname(configFile), ext);
    envLoader = siblingSpecifier(configFile, loaderFile, withExtension);
    if (!plan.exists(loaderFile)) {
      plan.write(
        loaderFile,
        envLoaderModule({ kind, typescript, style, envFile: answers.envFile }),
        "load the env file",
      );
    }
  }
  if (!existed) {
    plan.write(
      configFile,
      configModule({
        kind,
        typescript,
        style,
        framework: config,
        answers,
        envLoader,
        root: plan.root,
        file: configFile,
        withExtension,
      }),
      "auth configuration",
    );
  }
  const imports = [
    { from: config.importPath, named: [config.handler] },
    { from: siblingSpecifier(appFile, configFile, withExtension), named: ["authConfig"] },
  ];
  return { appFile, appText, configFile, existed, kind, style, imports };
}
