import { posix } from "node:path";
import type { PlanBuilder } from "../../plan/change-set.js";
import type { ProjectInfo } from "../../project/detect.js";
import { render } from "../../render.js";
import { parse } from "../../syntax/parse.js";
import { detectStyle, quoted } from "../../syntax/source-style.js";
import { insertAt } from "../../syntax/text-edit.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";
import type { Answers } from "./answers.js";
import { CLI_VERSION, configModule, envLoaderModule } from "./config-module.js";

/** `src/auth.ts` seen from `from`: through the `~/` alias when the project has one. */
function importOfConfig(project: ProjectInfo, from: string, configFile: string): string {
  const bare = configFile.replace(/\.[cm]?[jt]s$/, "");
  if (project.solid?.alias) return `${project.solid.alias}${posix.relative("src", bare)}`;
  const relative = posix.relative(posix.dirname(from), bare);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/**
 * Registers `src/middleware.ts` in the SolidStart config: `defineConfig({ middleware })` for 1.x,
 * `solidStart({ middleware })` for 2.x. Returns undefined when the shape is not recognised.
 */
export function registerMiddleware(text: string, file: string, major: number): string | undefined {
  const source = parse(text, file);
  const callee = major === 1 ? "defineConfig" : "solidStart";
  const value = major === 1 ? "src/middleware.ts" : "./src/middleware.ts";
  const style = detectStyle(text);
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (call.getExpression().getText() !== callee) continue;
    const [argument] = call.getArguments();
    if (!argument)
      return insertAt(text, call.getEnd() - 1, `{ middleware: ${quoted(value, style)} }`);
    if (!Node.isObjectLiteralExpression(argument)) return undefined;
    if (argument.getProperty("middleware")) return text;
    const properties = argument.getProperties();
    const insertion = properties.length
      ? `, middleware: ${quoted(value, style)}`
      : ` middleware: ${quoted(value, style)} `;
    const position = properties.length ? properties.at(-1)!.getEnd() : argument.getStart() + 1;
    return insertAt(text, position, insertion);
  }
  return undefined;
}

/** SolidStart: the config module, the catch-all route under the prefix, and optional middleware. */
export function planSolid(
  plan: PlanBuilder,
  project: ProjectInfo,
  answers: Answers,
): { configFile: string; existed: boolean } {
  const ext = project.typescript ? ".ts" : ".js";
  const style = { quote: '"' as const, semicolons: true, indent: "  ", extensions: false };
  const configFile = `src/auth${ext}`;
  const loaderFile = `src/env${ext}`;
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
      configModule({ ...options, framework: "solid-start", answers, envLoader: "./env" }),
      "auth configuration",
    );
  }

  const route = `${project.solid!.routesDir}${answers.mount}/[...auth]${ext}`;
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
    const existing = project.solid!.middlewareFile;
    const paths = answers.protect.map((path) => quoted(path, style)).join(", ");
    const call = `authMiddleware(authConfig, { protectedPaths: [${paths}] })`;
    if (existing) {
      plan.manual.push(
        `Add to the onRequest handlers of createMiddleware in ${existing}:\n  ${call}\n(import { authMiddleware } from "@create-auth/runtime/solid-start" and { authConfig } from "${importOfConfig(project, existing, configFile)}")`,
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
      const configPath = project.solid!.configFile;
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
