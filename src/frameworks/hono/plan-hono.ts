import { basename } from "node:path";
import type { Answers } from "../../commands/init/answers.js";
import { ensureImports, importStatement } from "../../edit/imports.js";
import { CliError } from "../../errors.js";
import type { PlanBuilder } from "../../plan/change-set.js";
import { quoted, statement } from "../../syntax/source-style.js";
import { planConfigBesideApp } from "../config-beside-app.js";
import type { ConfigShape, ProjectOf } from "../types.js";
import { mountBelowBase } from "../url-paths.js";
import { honoRuntime } from "./detect-hono.js";
import type { HonoApp } from "./hono-app.js";
import { ensureHonoMount } from "./hono-mount.js";

/** A project whose framework is Hono. */
export type HonoProject = ProjectOf<"hono", HonoApp | undefined>;

/**
 * Hono: the config module beside the file that creates the root app, an env loader when nothing
 * loads the env file (Bun does it itself), and `app.route(mount, HonoAuth(authConfig))` right
 * after `new Hono()`. Without an app (none found) the mount is a manual step with the exact
 * lines. The generated files follow the app file's language and module system.
 */
export function planHono(
  plan: PlanBuilder,
  project: HonoProject,
  answers: Answers,
  config: ConfigShape,
): { configFile: string; existed: boolean } {
  const app = project.app;
  const base = app?.basePath;
  if (base === "dynamic")
    throw new CliError(
      "invalid_mount",
      `The Hono app in ${app!.file}:${app!.line} has a basePath that is not a literal: mount HonoAuth by hand (app.route(<path below it>, HonoAuth(authConfig))) and set basePath in the configuration to the full path.`,
    );
  const route = mountBelowBase(
    answers.mount,
    base,
    `the app's basePath ${base} (${app?.file}:${app?.line})`,
  );
  const runtime = honoRuntime(project.pkg, app?.server);
  // Bun reads .env and .env.local before the app starts; Node and Deno read nothing by themselves.
  const { appText, configFile, existed, kind, style, imports } = planConfigBesideApp(
    plan,
    project,
    answers,
    config,
    app,
    { placeholder: "index", runnerLoadsEnv: runtime.name === "bun" },
  );
  if (project.env.how === "none" && runtime.name === "deno")
    plan.manual.push(
      `Deno reads no env file by itself: run the app with \`deno run --env-file=${answers.envFile} …\` (the generated loader only works where process.loadEnvFile exists).`,
    );
  if (answers.trustProxy)
    plan.manual.push(
      `Behind a proxy, set AUTH_URL in ${answers.envFile} to the public URL of the endpoints (https://app.example.com${answers.mount}): Hono has no trust-proxy setting and the runtime never reads X-Forwarded-* headers, so without it links, callback URLs and cookie names follow the proxy's plain-HTTP request.`,
    );

  const handler = `${config.handler}(authConfig)`;
  if (!app) {
    const lines = [
      ...imports.map((spec) => importStatement(spec, kind, style)),
      statement(`app.route(${quoted(route, style)}, ${handler})`, style),
    ];
    plan.manual.push(
      `Mount the endpoints on the root Hono app (no new Hono() was found; --entry <file> names the file that creates it), right after new Hono(), before the other routes:\n  ${lines.join("\n  ")}`,
    );
    return { configFile, existed };
  }
  const imported = ensureImports(appText, basename(app.file), imports, kind, style);
  const mounted = ensureHonoMount(imported, basename(app.file), {
    variable: app.variable,
    route,
    handler,
    style,
  });
  if (mounted.manual) plan.manual.push(mounted.manual);
  else plan.write(app.file, mounted.text, `mount ${config.handler} at ${answers.mount}`);
  return { configFile, existed };
}
