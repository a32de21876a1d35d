import { basename, extname, posix } from "node:path";
import { ensureExpressMount } from "../../edit/express-mount.js";
import { ensureImports, type ModuleKind } from "../../edit/imports.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import type { ProjectInfo } from "../../project/detect.js";
import { detectStyle } from "../../project/source-style.js";
import type { Answers } from "./answers.js";
import { configModule, envLoaderModule } from "./config-module.js";

/** The module system of a source file: by extension, then package.json `type`, then its syntax. */
export function moduleKindOf(file: string, text: string, esmPackage: boolean): ModuleKind {
  const ext = extname(file);
  if ([".mjs", ".mts", ".ts", ".tsx"].includes(ext)) return "esm";
  if ([".cjs", ".cts"].includes(ext)) return ext === ".cts" ? "esm" : "cjs";
  if (esmPackage) return "esm";
  return /^\s*import\s/m.test(text) && !/\brequire\(/.test(text) ? "esm" : "cjs";
}

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

/**
 * Express: the config module beside the file that creates the app, an env loader when the app
 * loads no env file, and the mount in the app file.
 */
export function planExpress(
  plan: PlanBuilder,
  project: ProjectInfo,
  answers: Answers,
): { configFile: string } {
  const app = project.express!;
  const appText = plan.read(app.file) ?? "";
  const kind = moduleKindOf(app.file, appText, project.esm);
  const style = detectStyle(appText);
  const ext = extname(app.file);
  const dir = posix.dirname(app.file.split("\\").join("/"));
  const configFile = configPath(plan, dir === "." ? "" : dir, ext);
  // ESM in plain JavaScript needs the extension; otherwise follow the file's own habit.
  const withExtension = (kind === "esm" && !project.typescript) || style.extensions;

  let envLoader: string | undefined;
  if (project.env.how === "none") {
    const loaderFile = posix.join(posix.dirname(configFile), `env${ext}`);
    envLoader = siblingSpecifier(configFile, loaderFile, withExtension);
    if (!plan.exists(loaderFile)) {
      plan.write(
        loaderFile,
        envLoaderModule({ kind, typescript: project.typescript, style, envFile: answers.envFile }),
        "load the env file",
      );
    }
  }
  if (!plan.exists(configFile)) {
    plan.write(
      configFile,
      configModule({
        kind,
        typescript: project.typescript,
        style,
        framework: "express",
        answers,
        envLoader,
      }),
      "auth configuration",
    );
  }

  const specifier = siblingSpecifier(app.file, configFile, withExtension);
  let text = ensureImports(
    appText,
    basename(app.file),
    [
      { from: "@create-auth/runtime/express", named: ["ExpressAuth"] },
      { from: specifier, named: ["authConfig"] },
    ],
    kind,
    style,
  );
  const mounted = ensureExpressMount(text, basename(app.file), {
    mount: answers.mount,
    handler: "ExpressAuth(authConfig)",
    trustProxy: answers.trustProxy,
    style,
  });
  if (mounted.manual) {
    plan.manual.push(mounted.manual);
    text = appText;
  } else {
    text = mounted.text;
  }
  plan.write(app.file, text, `mount ExpressAuth at ${answers.mount}`);
  return { configFile };
}
