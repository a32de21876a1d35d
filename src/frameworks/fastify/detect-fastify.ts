import { type DevPort, listenPort, portFromScripts } from "../../project/dev-port.js";
import type { FrameworkEnv } from "../../project/environment.js";
import type { PackageJson } from "../../project/package-json.js";
import { readCode } from "../../project/read-text.js";
import { entryFlag } from "../entry-flag.js";
import type { DetectInput, Detection, Finding } from "../types.js";
import { type FastifyApp, findFastifyApp } from "./find-fastify-app.js";

/** `listen({ port: 3000 })`, Fastify's own way of naming the port. */
function listenOptionsPort(root: string, files: string[]): DevPort | undefined {
  for (const file of files) {
    const match = /\.listen\(\s*\{[^}]*?\bport\s*:\s*(?:[^,}]*?(?:\?\?|\|\|)\s*)?(\d{2,5})\b/.exec(
      readCode(root, file),
    );
    if (match) return { port: Number(match[1]), evidence: file };
  }
  return undefined;
}

/** fastify-cli's port: `-p`/`--port` in the script, else `PORT`/`FASTIFY_PORT` set in it, else 3000. */
function cliPort(pkg: PackageJson, script: string): DevPort {
  const command = pkg.scripts?.[script] ?? "";
  const match =
    /(?:^|\s)(?:-p|--port)[= ](\d{2,5})\b/.exec(command) ??
    /(?:^|\s)(?:FASTIFY_)?PORT=(\d{2,5})\b/.exec(command);
  return match
    ? { port: Number(match[1]), evidence: `scripts.${script}` }
    : { port: 3000, evidence: "fastify-cli's default" };
}

/** The dev port: `scripts.dev`, fastify-cli's, what the server files listen on, else 3000. */
export function fastifyPort(
  root: string,
  pkg: PackageJson,
  files: string[],
  app: FastifyApp | undefined,
): DevPort {
  const scripted = portFromScripts(pkg);
  if (scripted) return scripted;
  if (app?.cliScript) return cliPort(pkg, app.cliScript);
  return (
    listenOptionsPort(root, files) ?? listenPort(root, files) ?? { port: 3000, evidence: "default" }
  );
}

/** fastify-cli loads `.env` itself (dotenv before v8, `process.loadEnvFile()` since). */
export function fastifyCliEnv(pkg: PackageJson): FrameworkEnv | undefined {
  const script = ["dev", "start", "dev:start", "serve"].find((name) =>
    /\bfastify\s+start\b/.test(pkg.scripts?.[name] ?? ""),
  );
  return script
    ? { files: [".env"], evidence: `fastify-cli (scripts.${script}: fastify start) loads .env` }
    : undefined;
}

function appFinding(app: FastifyApp | undefined, seed: string | undefined): Finding {
  if (!app)
    return {
      label: "Fastify app",
      value: "not found",
      evidence: seed
        ? `no Fastify() call or exported app plugin in ${seed} or the files it imports`
        : "no Fastify() call from package.json main, the dev/start scripts or src/{index,app,server}, and no fastify start script: pass --entry <file>",
    };
  const where = `${app.file}:${app.line}`;
  const value =
    app.kind === "plugin"
      ? `the plugin exported by ${app.file} (instance: ${app.variable}, ${where})`
      : `${app.variable ?? "an unnamed instance"} in ${where}`;
  const autoload = app.autoload ? "; @fastify/autoload loads plugins and routes from folders" : "";
  return { label: "Fastify app", value, evidence: `${app.evidence}${autoload}` };
}

/**
 * The Fastify app, or why it was not found (then `init` plans the rest and prints the
 * registration): the plugin fastify-cli starts, else `Fastify()` from `--entry` or the scripts,
 * `main` and the conventional entry files.
 */
export function detectFastify({
  root,
  pkg,
  framework,
  entry,
}: DetectInput): Detection<FastifyApp | undefined> {
  const seed = entryFlag(root, entry);
  const app = findFastifyApp(root, pkg, undefined, seed);
  const chain = app?.chain ?? [];
  const warnings = app
    ? []
    : [
        "No Fastify app found: the configuration and env file are planned, and the lines that register the endpoints are printed for you to add (or pass --entry <file>).",
      ];
  if (app?.kind === "instance" && !app.variable)
    warnings.push(
      `The Fastify instance in ${app.file}:${app.line} has no name: the registration is printed for you to add.`,
    );
  return {
    app,
    appFile: app?.file,
    evidence: framework.evidence,
    findings: [appFinding(app, seed)],
    chain,
    port: fastifyPort(root, pkg, chain, app),
    warnings,
  };
}
