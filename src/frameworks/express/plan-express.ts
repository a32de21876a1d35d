import { existsSync } from "node:fs";
import { basename, extname, join, posix } from "node:path";
import type { Answers } from "../../commands/init/answers.js";
import { configModule, envLoaderModule } from "../../commands/init/config-module.js";
import { ensureImports, importStatement } from "../../edit/imports.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import { detectEnvLoading } from "../../project/environment.js";
import { importedSources } from "../../project/source-path.js";
import { moduleKindOf } from "../../syntax/module-kind.js";
import { detectStyle, quoted, statement } from "../../syntax/source-style.js";
import type { ConfigShape, ProjectOf } from "../types.js";
import type { ExpressApp } from "./express-app.js";
import { ensureExpressMount } from "./express-mount.js";

/** A project whose framework is Express. */
export type ExpressProject = ProjectOf<"express", ExpressApp | undefined>;

/** How a file imports a sibling: `./auth.js` (the emitted name) unless the file omits extensions. */
export function siblingSpecifier(fromFile: string, toFile: string, withExtension: boolean): string {
  const target = posix.relative(posix.dirname(fromFile), toFile);
  const emitted = target
    .replace(/\.ts$/, ".js")
    .replace(/\.mts$/, ".mjs")
    .replace(/\.cts$/, ".cjs");
  const spec = withExtension ? emitted : emitted.replace(/\.[cm]?js$/, "");
  return spec.startsWith(".") ? spec : `./${spec}`;
}

/** A file name in `dir` not taken by something else: `auth.ts`, else `auth.config.ts`. */
function configPath(plan: PlanBuilder, dir: string, ext: string): string {
  const preferred = posix.join(dir, `auth${ext}`);
  const text = plan.read(preferred);
  if (text === undefined || /\bauthConfig\b/.test(text)) return preferred;
  return posix.join(dir, `auth.config${ext}`);
}

/** Where the app would be, when none was found: `src/` if the project has one, else the root. */
function placeholderAppFile(plan: PlanBuilder, project: ExpressProject): string {
  const dir = existsSync(join(plan.root, "src")) ? "src/" : "";
  return `${dir}app${project.typescript ? ".ts" : ".js"}`;
}

/**
 * Express: the config module beside the file that creates the app, an env loader when the app
 * loads no env file, and the mount in the app file. Without an app file (none found) the mount
 * becomes a manual step with the exact lines to add. The language and module system of each
 * generated file follow the app file it is imported from, not the project's dependencies.
 */
export function planExpress(
  plan: PlanBuilder,
  project: ExpressProject,
  answers: Answers,
  config: ConfigShape,
): { configFile: string; existed: boolean } {
  const app = project.app;
  const appFile = app?.file ?? placeholderAppFile(plan, project);
  const appText = (app && plan.read(app.file)) ?? "";
  const kind = moduleKindOf(appFile, appText, project.esm);
  const style = detectStyle(appText);
  const ext = extname(appFile);
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
  if (project.env.how === "none" && existed && !configLoadsEnv()) {
    // The configuration is the user's own; a loader it does not import would be dead code.
    plan.manual.push(
      `No env loading was found between the entry and the app: if nothing loads ${answers.envFile}, start the app with \`node --env-file=${answers.envFile}\`, or call \`process.loadEnvFile(${quoted(answers.envFile, style)})\` before ${configFile} is imported.`,
    );
  } else if (project.env.how === "none" && !existed) {
    const loaderFile = posix.join(posix.dirname(configFile), `env${ext}`);
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
      configModule({ kind, typescript, style, framework: config, answers, envLoader }),
      "auth configuration",
    );
  }

  const specifier = siblingSpecifier(appFile, configFile, withExtension);
  const imports = [
    { from: config.importPath, named: [config.handler] },
    { from: specifier, named: ["authConfig"] },
  ];
  const handler = `${config.handler}(authConfig)`;
  const mountOptions = {
    mount: answers.mount,
    handler,
    trustProxy: answers.trustProxy,
    style,
  };
  if (!app) {
    const lines = [
      ...imports.map((spec) => importStatement(spec, kind, style)),
      ...(answers.trustProxy ? [`app.set(${quoted("trust proxy", style)}, true)`] : []),
      `app.use(${quoted(answers.mount, style)}, ${handler})`,
    ].map((line) => (line.startsWith("app.") ? statement(line, style) : line));
    plan.manual.push(
      `Mount the endpoints in the file that creates the Express app (no express() call was found; --entry <file> names it), after express() and the body parsers, before the routers:\n  ${lines.join("\n  ")}`,
    );
    return { configFile, existed };
  }
  let text = ensureImports(appText, basename(app.file), imports, kind, style);
  const mounted = ensureExpressMount(text, basename(app.file), mountOptions);
  if (mounted.manual) {
    plan.manual.push(mounted.manual);
    text = appText;
  } else {
    text = mounted.text;
  }
  plan.write(app.file, text, `mount ${config.handler} at ${answers.mount}`);
  return { configFile, existed };
}
