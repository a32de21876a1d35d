import { posix } from "node:path";
import type { Answers } from "../../commands/init/answers.js";
import { CLI_VERSION, configModule, envLoaderModule } from "../../commands/init/config-module.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import { render } from "../../render.js";
import { quoted, type SourceStyle } from "../../syntax/source-style.js";
import { configPath, envLoaderPath } from "../config-beside-app.js";
import type { ConfigShape, ProjectOf } from "../types.js";
import { registerMiddleware } from "./register-middleware.js";
import type { SolidApp } from "./solid-app.js";

/** A project whose framework is SolidStart. */
export type SolidStartProject = ProjectOf<"solid-start", SolidApp>;

/** `src/auth.ts` seen from `from`: through the `~/` alias when the project has one. */
function importOfConfig(project: SolidStartProject, from: string, configFile: string): string {
  const bare = configFile.replace(/\.[cm]?[jt]s$/, "");
  if (project.app.alias) return `${project.app.alias}${posix.relative("src", bare)}`;
  const relative = posix.relative(posix.dirname(from), bare);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** SolidStart: the config module, the catch-all route under the prefix, and optional middleware. */
export function planSolidStart(
  plan: PlanBuilder,
  project: SolidStartProject,
  answers: Answers,
  config: ConfigShape,
): { configFile: string; existed: boolean } {
  const ext = project.typescript ? ".ts" : ".js";
  const style: SourceStyle = {
    quote: '"',
    semicolons: true,
    indent: "  ",
    extensions: false,
    declaration: "const",
  };
  // `src/auth.ts` beside a folder `src/auth/` would shadow its index and break the build.
  const configFile = configPath(plan, "src", ext);
  const loaderFile = envLoaderPath(plan, "src", ext);
  const options = { kind: "esm" as const, typescript: project.typescript, style };
  if (!plan.exists(loaderFile))
    plan.write(
      loaderFile,
      envLoaderModule({ ...options, envFile: answers.envFile }),
      "load the env file in production",
    );
  const existed = plan.exists(configFile);
  if (!existed) {
    plan.write(
      configFile,
      configModule({
        ...options,
        framework: config,
        answers,
        envLoader: `./${posix.basename(loaderFile).replace(/\.[jt]s$/, "")}`,
        root: plan.root,
        file: configFile,
        withExtension: false,
      }),
      "auth configuration",
    );
  }

  const route = `${project.app.routesDir}${answers.mount}/[...auth]${ext}`;
  if (!plan.exists(route)) {
    const configImport = importOfConfig(project, route, configFile);
    plan.write(
      route,
      render("solid-start/route", {
        ...options,
        cliVersion: CLI_VERSION,
        prefix: answers.mount,
        configImport,
      }),
      "auth endpoints",
    );
  }

  if (answers.protect.length) {
    const existing = project.app.middlewareFile;
    const paths = answers.protect.map((path) => quoted(path, style)).join(", ");
    const call = `authMiddleware(authConfig, { protectedPaths: [${paths}] })`;
    const existingText = existing ? (plan.read(existing) ?? "") : "";
    const missing = answers.protect.filter(
      (path) =>
        !new RegExp(`["'\`]${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]`).test(
          existingText,
        ),
    );
    if (existing && /\bauthMiddleware\s*\(/.test(existingText)) {
      // Already protecting (a second `init --protect`): only paths it does not name are a step.
      if (missing.length)
        plan.manual.push(
          `Add ${missing.map((path) => quoted(path, style)).join(", ")} to the protectedPaths of authMiddleware in ${existing}.`,
        );
    } else if (existing) {
      plan.manual.push(
        `Add to the onRequest handlers of createMiddleware in ${existing}:\n  ${call}\n(import { authMiddleware } from "${config.importPath}" and { authConfig } from "${importOfConfig(project, existing, configFile)}")`,
      );
    } else {
      const middlewareFile = `src/middleware${ext}`;
      const configImport = importOfConfig(project, middlewareFile, configFile);
      plan.write(
        middlewareFile,
        render("solid-start/middleware", {
          ...options,
          cliVersion: CLI_VERSION,
          configImport,
          protectedPaths: paths,
        }),
        "protect pages",
      );
      const configPath = project.app.configFile;
      const registered = configPath
        ? registerMiddleware(plan.read(configPath) ?? "", configPath, project.framework.major)
        : undefined;
      if (configPath && registered !== undefined)
        plan.write(configPath, registered, "register the middleware");
      else {
        const where =
          project.framework.major === 1
            ? 'defineConfig({ middleware: "src/middleware.ts" }) in app.config.ts'
            : 'solidStart({ middleware: "./src/middleware.ts" }) in vite.config.ts';
        plan.manual.push(`Register the middleware: ${where}`);
      }
    }
  }
  return { configFile, existed };
}
