import { basename } from "node:path";
import type { Answers } from "../../commands/init/answers.js";
import { ensureImports, importStatement } from "../../edit/imports.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import { planConfigBesideApp } from "../config-beside-app.js";
import type { ConfigShape, ProjectOf } from "../types.js";
import { mountBelowBase } from "../url-paths.js";
import { ensureFastifyRegistration, registration } from "./fastify-register.js";
import type { FastifyApp } from "./find-fastify-app.js";

/** A project whose framework is Fastify. */
export type FastifyProject = ProjectOf<"fastify", FastifyApp | undefined>;

/**
 * Fastify: the configuration module beside the file that creates the instance (or exports the app
 * plugin), an env loader when nothing loads the env file (fastify-cli loads `.env` itself), and
 * the registration in the app file. Without an app file, or with an instance that has no name,
 * the registration becomes a manual step with the exact lines.
 */
export function planFastify(
  plan: PlanBuilder,
  project: FastifyProject,
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
  // Registered below fastify-cli's --prefix, the plugin's own prefix is the rest of the mount.
  const prefix = mountBelowBase(
    answers.mount,
    app?.cliPrefix,
    `fastify-cli's --prefix ${app?.cliPrefix} (scripts.${app?.cliScript})`,
  );
  const options = {
    mount: prefix,
    plugin: `${config.handler}(authConfig)`,
    kind: app?.kind ?? "instance",
    trustProxy: answers.trustProxy,
    style,
  };
  const byHand = (where: string) =>
    [
      where,
      ...imports.map((spec) => importStatement(spec, kind, style)),
      ...(answers.trustProxy ? ["const app = Fastify({ trustProxy: true })"] : []),
      registration("app", options),
    ].join("\n  ");
  if (!app) {
    plan.manual.push(
      byHand(
        "Register the endpoints where the Fastify instance is created (no Fastify() call or app plugin was found; --entry <file> names it), before the routes:",
      ),
    );
    return { configFile, existed };
  }
  const withImports = ensureImports(appText, basename(app.file), imports, kind, style);
  const registered = ensureFastifyRegistration(withImports, app.file, options);
  if (registered.unrecognised) {
    // Imports alone would be unused: the file stays as it is and the whole snippet is printed.
    plan.manual.push(byHand(registered.unrecognised));
    return { configFile, existed };
  }
  plan.manual.push(...registered.manual);
  plan.write(
    app.file,
    registered.text,
    `register ${config.handler} at ${prefix}${prefix === answers.mount ? "" : ` (served at ${answers.mount})`}`,
  );
  return { configFile, existed };
}
