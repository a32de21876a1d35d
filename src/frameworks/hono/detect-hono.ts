import { CliError } from "../../errors.js";
import { type DevPort, listenPort, portFromScripts } from "../../project/dev-port.js";
import { dependencyRange, type PackageJson } from "../../project/package-json.js";
import { readCode, readText } from "../../project/read-text.js";
import { entrySource } from "../../project/source-path.js";
import { parse } from "../../syntax/parse.js";
import { SyntaxKind } from "../../syntax/ts-morph.js";
import type { DetectInput, Detection, Finding } from "../types.js";
import { findHonoApp, type HonoApp, type HonoServer } from "./hono-app.js";
import { isHonoAuthHandler } from "./hono-mounts.js";
import { literalString, methodCall } from "./hono-syntax.js";

/** The JavaScript runtime a Hono app runs on: it decides the port and who loads env files. */
export interface HonoRuntime {
  name: "node" | "bun" | "deno" | "workers";
  evidence: string;
}

const RUNTIME_NAMES = { node: "Node", bun: "Bun", deno: "Deno", workers: "Cloudflare Workers" };
/** The port each runtime's server takes when none is given. */
const DEFAULT_PORTS = { node: 3000, bun: 3000, deno: 8000, workers: 8787 };

/** From the server call, else the scripts (`bun run`, `deno run`, `wrangler dev`), else the packages. */
export function honoRuntime(pkg: PackageJson, server: HonoServer | undefined): HonoRuntime {
  if (server?.kind === "node-server")
    return { name: "node", evidence: `@hono/node-server in ${server.file}` };
  if (server?.kind === "bun" || server?.kind === "deno")
    return { name: server.kind, evidence: `${RUNTIME_NAMES[server.kind]}.serve in ${server.file}` };
  for (const [script, command] of Object.entries(pkg.scripts ?? {})) {
    if (!/^(dev|start|serve)(:|$)/.test(script)) continue;
    if (/(^|[\s;&|])bunx?\s/.test(command)) return { name: "bun", evidence: `scripts.${script}` };
    if (/(^|[\s;&|])deno\s/.test(command)) return { name: "deno", evidence: `scripts.${script}` };
    if (/(^|[\s;&|])wrangler\s/.test(command))
      return { name: "workers", evidence: `scripts.${script}` };
  }
  if (dependencyRange(pkg, "@hono/node-server"))
    return { name: "node", evidence: "@hono/node-server in package.json" };
  if (dependencyRange(pkg, "wrangler"))
    return { name: "workers", evidence: "wrangler in package.json" };
  if (dependencyRange(pkg, "@types/bun"))
    return { name: "bun", evidence: "@types/bun in package.json" };
  return { name: "node", evidence: "default" };
}

/** `port: 3000` in a server's options, `Number(PORT) || 3000`, `.listen(3000)`: what the files say. */
function portInFiles(root: string, files: string[]): DevPort | undefined {
  for (const file of files) {
    const text = readCode(root, file);
    const written =
      /\bport\s*:\s*(\d{2,5})\b/.exec(text) ??
      /\bPORT\b\s*\)?\s*(?:\?\?|\|\|)\s*["']?(\d{2,5})\b/.exec(text);
    if (written) return { port: Number(written[1]), evidence: file };
  }
  return listenPort(root, files);
}

/** The dev port: `scripts.dev`, else the server's options, else the runtime's default. */
export function honoPort(
  root: string,
  pkg: PackageJson,
  files: string[],
  runtime: HonoRuntime,
): DevPort {
  return (
    portFromScripts(pkg) ??
    portInFiles(root, files) ?? {
      port: DEFAULT_PORTS[runtime.name],
      evidence: `${RUNTIME_NAMES[runtime.name]}'s default`,
    }
  );
}

function describeServer(server: HonoServer | undefined, variable: string): string {
  if (!server) return "no server call found";
  const where = `${server.file}:${server.line}`;
  switch (server.kind) {
    case "node-server":
      return `serve({ fetch: ${variable}.fetch }) in ${where}`;
    case "export-default":
      return `export default ${variable} in ${where}`;
    case "adapter":
      return `a Hono adapter's handle(${variable}) in ${where}`;
    default:
      return `${variable}.fetch in ${where}`;
  }
}

/** What the root app already routes: sub-apps, a not-found and an error handler. */
function routing(root: string, app: HonoApp): Finding | undefined {
  if (!app.variable) return undefined;
  const source = parse(readText(root, app.file), app.file);
  const subApps: { path: string; line: number }[] = [];
  const handlers: { method: string; line: number }[] = [];
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const parts = methodCall(call);
    if (parts?.receiver !== app.variable) continue;
    const [path, handler] = call.getArguments();
    const line = call.getStartLineNumber();
    if (parts.method === "route" && path && handler && !isHonoAuthHandler(handler))
      subApps.push({ path: literalString(path) ?? path.getText(), line });
    if (/^(notFound|onError)$/.test(parts.method)) handlers.push({ method: parts.method, line });
  }
  if (subApps.length === 0 && handlers.length === 0) return undefined;
  const parts = [
    ...(subApps.length
      ? [
          `${subApps.length} sub-app${subApps.length === 1 ? "" : "s"} (${subApps.map((s) => s.path).join(", ")})`,
        ]
      : []),
    ...handlers.map((handler) => handler.method),
  ];
  const lines = [...subApps, ...handlers].map((entry) => entry.line).sort((a, b) => a - b);
  return {
    label: "Routing",
    value: parts.join(", "),
    evidence: `${app.file}:${lines.join(", ")}; the auth route goes before them`,
  };
}

/**
 * The root Hono app, or why it was not found (then `init` plans the rest and prints the mount):
 * from `--entry` when given, else the scripts, `main` and the conventional entry files; the
 * runtime it is served on; the dev port.
 */
export function detectHono({
  root,
  pkg,
  framework,
  entry,
}: DetectInput): Detection<HonoApp | undefined> {
  let seed: string | undefined;
  if (entry) {
    seed = entrySource(root, entry);
    if (!seed)
      throw new CliError(
        "invalid_flag",
        `--entry ${entry}: no such source file in ${root} (give it relative to the project).`,
      );
  }
  const app = findHonoApp(root, pkg, undefined, seed);
  const runtime = honoRuntime(pkg, app?.server);
  const variable = app?.variable ?? "app";
  const findings: Finding[] = [
    app
      ? {
          label: "Hono app",
          value: `${app.variable ?? "an unnamed app"} in ${app.file}:${app.line}${app.basePath ? ` (basePath ${app.basePath})` : ""}`,
          evidence: app.evidence,
        }
      : {
          label: "Hono app",
          value: "not found",
          evidence: seed
            ? `no new Hono() in ${seed} or the files it imports`
            : "no new Hono() from package.json main, the dev/start scripts or src/{index,app,server}: pass --entry <file>",
        },
    {
      label: "Server",
      value: `${RUNTIME_NAMES[runtime.name]}, ${describeServer(app?.server, variable)}`,
      evidence:
        runtime.name === "bun"
          ? `${runtime.evidence}; Bun loads .env and .env.local itself`
          : runtime.evidence,
    },
  ];
  const routes = app && routing(root, app);
  if (routes) findings.push(routes);
  const chain = app?.chain ?? [];
  const warnings: string[] = [];
  if (!app)
    warnings.push(
      "No Hono app found: the configuration and env file are planned, and the lines that mount the endpoints are printed for you to add (or pass --entry <file>).",
    );
  if (runtime.name === "workers")
    warnings.push(
      "Cloudflare Workers is not a tested target: the runtime needs the nodejs_compat flag (node:crypto), and variables come from .dev.vars and wrangler secrets (pass --env-path .dev.vars).",
    );
  return {
    app,
    appFile: app?.file,
    evidence: framework.evidence,
    findings,
    chain,
    port: honoPort(
      root,
      pkg,
      [...new Set([...chain, ...(app?.server ? [app.server.file] : [])])],
      runtime,
    ),
    warnings,
  };
}
