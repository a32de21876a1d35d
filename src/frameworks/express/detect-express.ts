import { type DevPort, listenPort, portFromScripts } from "../../project/dev-port.js";
import type { PackageJson } from "../../project/package-json.js";
import { entryFlag } from "../entry-flag.js";
import type { DetectInput, Detection, Finding } from "../types.js";
import { type ExpressApp, findExpressApp } from "./express-app.js";

/** The dev port: `scripts.dev`, else what the server files listen on, else Express's usual 3000. */
export function expressPort(root: string, pkg: PackageJson, files: string[]): DevPort {
  return portFromScripts(pkg) ?? listenPort(root, files) ?? { port: 3000, evidence: "default" };
}

/**
 * The Express app, or why it was not found (then `init` plans the rest and prints the mount):
 * from `--entry` when given, else the scripts, `main` and the conventional entry files.
 */
export function detectExpress({
  root,
  pkg,
  framework,
  entry,
}: DetectInput): Detection<ExpressApp | undefined> {
  const seed = entryFlag(root, entry);
  const app = findExpressApp(root, pkg, undefined, seed);
  const finding: Finding = app
    ? {
        label: "Express app",
        value: `${app.variable ?? "an unnamed app"} in ${app.file}:${app.line}`,
        evidence: app.evidence,
      }
    : {
        label: "Express app",
        value: "not found",
        evidence: seed
          ? `no express() call in ${seed} or the files it imports`
          : "no express() call from package.json main, the dev/start scripts or src/{index,app,server}: pass --entry <file>",
      };
  const chain = app?.chain ?? [];
  return {
    app,
    appFile: app?.file,
    evidence: framework.evidence,
    findings: [finding],
    chain,
    port: expressPort(root, pkg, chain),
    warnings: app
      ? []
      : [
          "No Express app found: the configuration and env file are planned, and the lines that mount the endpoints are printed for you to add (or pass --entry <file>).",
        ],
  };
}
