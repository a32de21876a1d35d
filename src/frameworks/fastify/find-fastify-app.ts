import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { SourceFile } from "ts-morph";
import { findFromEntries } from "../../project/find-from-entries.js";
import type { PackageJson } from "../../project/package-json.js";
import { sourcePath } from "../../project/source-path.js";
import { readingProject } from "../../syntax/parse.js";
import type { Project } from "../../syntax/ts-morph.js";
import {
  type FastifyDeclaration,
  findFastifyDeclaration,
  findPluginApp,
  usesAutoload,
} from "./fastify-app.js";

/** Where a project gets its Fastify instance, and the way detection got there. */
export interface FastifyApp {
  /** `instance`: the file calls `Fastify()`; `plugin`: it exports the app as a plugin. */
  kind: FastifyDeclaration["kind"];
  /** The file, relative to the project root. */
  file: string;
  /** The variable (or the plugin's parameter) holding the instance; undefined when unnamed. */
  variable: string | undefined;
  /** 1-based line of the `Fastify()` call, or of the plugin's body. */
  line: number;
  /** Where the search started and how it got there. */
  evidence: string;
  /** The entry file the search started from. */
  entry: string;
  /** The files from the entry to the app file, in import order. */
  chain: string[];
  /** Whether the app file registers `@fastify/autoload` (plugins and routes loaded from folders). */
  autoload: boolean;
  /** The app script that runs it with fastify-cli (`fastify start app.js`), which creates the instance. */
  cliScript: string | undefined;
  /**
   * The prefix fastify-cli registers the app plugin under (`--prefix /api`, `-x /api` or
   * `FASTIFY_PREFIX=/api` in that script): every route of the app, FastifyAuth's too, is below it.
   */
  cliPrefix: string | undefined;
}

/** Scripts that run the app, in the order they tell most. */
const APP_SCRIPTS = ["dev", "start", "dev:start", "serve"];

/**
 * The app file fastify-cli starts (`fastify start -l info app.js`; a compiled `dist/app.js` is read
 * at `src/app.ts`), and the script that says so.
 */
export function fastifyCliApp(
  root: string,
  pkg: PackageJson,
): { file: string; script: string; started: string; prefix: string | undefined } | undefined {
  for (const script of APP_SCRIPTS) {
    const text = pkg.scripts?.[script] ?? "";
    const command = /\bfastify\s+start\b([^&|;]*)/.exec(text);
    if (!command) continue;
    const tokens = command[1]!.trim().split(/\s+/);
    for (const token of tokens) {
      if (!/^[\w./-]+\.[cm]?[jt]s$/.test(token)) continue;
      const file = sourcePath(root, token);
      if (file) return { file, script, started: token, prefix: cliPrefix(root, text, tokens) };
    }
  }
  return undefined;
}

/**
 * fastify-cli's prefix, normalized: its `--prefix`/`-x` option, else `FASTIFY_PREFIX` set in the
 * script, else in the `.env` fastify-cli loads (command line over environment, as it reads them).
 */
function cliPrefix(root: string, script: string, tokens: string[]): string | undefined {
  const flag = tokens.findIndex((token) => token === "-x" || token === "--prefix");
  const envFile = join(root, ".env");
  const value =
    (flag >= 0 ? tokens[flag + 1] : undefined) ??
    tokens.find((token) => token.startsWith("--prefix="))?.slice("--prefix=".length) ??
    /(?:^|\s)FASTIFY_PREFIX=(\S+)/.exec(script)?.[1] ??
    (existsSync(envFile)
      ? /^\s*FASTIFY_PREFIX\s*=\s*(\S+)/m.exec(readFileSync(envFile, "utf8"))?.[1]
      : undefined);
  const path = value?.replace(/^["']|["']$/g, "").replace(/\/+$/, "");
  return path ? (path.startsWith("/") ? path : `/${path}`) : undefined;
}

function found(
  kind: FastifyDeclaration["kind"],
  declaration: FastifyDeclaration,
  source: SourceFile,
  where: { file: string; evidence: string; entry: string; chain: string[] },
  cli?: { script: string; prefix: string | undefined },
): FastifyApp {
  return {
    kind,
    ...where,
    variable: declaration.variable,
    line:
      declaration.kind === "instance"
        ? declaration.call.getStartLineNumber()
        : declaration.body.getStartLineNumber(),
    autoload: usesAutoload(source),
    cliScript: cli?.script,
    cliPrefix: cli?.prefix,
  };
}

/**
 * Finds where the project gets its Fastify instance: the plugin fastify-cli starts (from the
 * dev/start scripts), else a `Fastify()` call from `--entry` or the scripts, `main` and the
 * conventional entry files (following relative imports), else a file exporting the app as a
 * plugin that registers `@fastify/autoload`.
 */
export function findFastifyApp(
  root: string,
  pkg: PackageJson,
  project: Project = readingProject(),
  entry?: string,
): FastifyApp | undefined {
  const cli = entry ? undefined : fastifyCliApp(root, pkg);
  if (cli) {
    const source = project.addSourceFileAtPathIfExists(join(root, cli.file));
    const plugin = source && findPluginApp(source);
    if (source && plugin)
      return found(
        "plugin",
        plugin,
        source,
        {
          file: cli.file,
          evidence: `scripts.${cli.script} runs fastify start ${cli.started}${cli.started === cli.file ? "" : ` (built from ${cli.file})`}: fastify-cli creates the instance`,
          entry: cli.file,
          chain: [cli.file],
        },
        cli,
      );
  }
  const instance = findFromEntries(
    root,
    pkg,
    (source) => findFastifyDeclaration(source, "instance"),
    { project, entry },
  );
  if (instance) {
    const source = project.getSourceFileOrThrow(join(root, instance.file));
    return found("instance", instance.found, source, instance);
  }
  // A plugin is the app only where something says so: `--entry` naming it, or `@fastify/autoload`
  // (otherwise every routes file exporting `async function (fastify)` would be "the app").
  const named = entry && resolve(root, entry).split("\\").join("/");
  const plugin = findFromEntries(
    root,
    pkg,
    (source) =>
      source.getFilePath() === named || usesAutoload(source) ? findPluginApp(source) : undefined,
    { project, entry },
  );
  if (!plugin) return undefined;
  const source = project.getSourceFileOrThrow(join(root, plugin.file));
  return found("plugin", plugin.found, source, plugin);
}
