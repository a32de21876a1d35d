import { basename } from "node:path";
import type { Answers } from "../../commands/init/answers.js";
import { ensureImports, importStatement } from "../../edit/imports.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import { quoted, statement } from "../../syntax/source-style.js";
import { planConfigBesideApp } from "../config-beside-app.js";
import type { ConfigShape, ProjectOf } from "../types.js";
import type { ExpressApp } from "./express-app.js";
import { ensureExpressMount } from "./express-mount.js";
import { ensureExpressProtect, protectStatement } from "./express-protect.js";

/** A project whose framework is Express. */
export type ExpressProject = ProjectOf<"express", ExpressApp | undefined>;

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
  const { appText, configFile, existed, kind, style, imports } = planConfigBesideApp(
    plan,
    project,
    answers,
    config,
    app,
  );
  const handler = `${config.handler}(authConfig)`;
  const mountOptions = {
    mount: answers.mount,
    handler,
    trustProxy: answers.trustProxy,
    style,
  };
  const protect = answers.protect;
  // `requireAuth` joins the handler's import when the file does not import that module yet.
  const fromRuntime = imports.find((spec) => spec.from === config.importPath);
  const named = (word: string) => new RegExp(`\\b${word}\\b`).test(appText);
  if (protect.length && fromRuntime && !named(config.handler) && !named("requireAuth"))
    fromRuntime.named = [...(fromRuntime.named ?? []), "requireAuth"];
  if (!app) {
    const lines = [
      ...imports.map((spec) => importStatement(spec, kind, style)),
      ...(answers.trustProxy ? [`app.set(${quoted("trust proxy", style)}, true)`] : []),
      `app.use(${quoted(answers.mount, style)}, ${handler})`,
      ...(protect.length ? [protectStatement("app", protect, style)] : []),
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
    if (protect.length) {
      const from = config.importPath;
      const guarded = ensureExpressProtect(text, basename(app.file), {
        paths: protect,
        from,
        style,
      });
      if (guarded.manual) plan.manual.push(guarded.manual);
      else if (guarded.text !== text)
        text = ensureImports(
          guarded.text,
          basename(app.file),
          [{ from, named: ["requireAuth"] }],
          kind,
          style,
        );
    }
  }
  const what = `mount ${config.handler} at ${answers.mount}`;
  plan.write(app.file, text, protect.length ? `${what}, protect ${protect.join(", ")}` : what);
  return { configFile, existed };
}
