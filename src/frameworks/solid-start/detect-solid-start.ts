import { existsSync } from "node:fs";
import { join } from "node:path";
import { type DevPort, portFromScripts } from "../../project/dev-port.js";
import { dependencyRange, type PackageJson } from "../../project/package-json.js";
import { readCode } from "../../project/read-text.js";
import type { DetectInput, Detection } from "../types.js";
import { detectSolidApp, type SolidApp } from "./solid-app.js";

/** SolidStart 2 has no vinxi and a vite.config; 1.x has vinxi and an app.config (recipe §2c). */
export function solidMajorFromFiles(
  root: string,
  pkg: PackageJson,
): { major: number; evidence: string } | undefined {
  const appConfig = ["ts", "js", "mjs", "mts"].some((ext) =>
    existsSync(join(root, `app.config.${ext}`)),
  );
  if (dependencyRange(pkg, "vinxi") || appConfig) return { major: 1, evidence: "vinxi/app.config" };
  if (["ts", "js", "mjs", "mts"].some((ext) => existsSync(join(root, `vite.config.${ext}`))))
    return { major: 2, evidence: "vite.config without vinxi" };
  return undefined;
}

/**
 * SolidStart's dev port: `scripts.dev`, else for 2.x (`vite dev`) `server: { port }` in
 * vite.config, else Vite's 5173. 1.x runs vinxi, which takes `--port` or `PORT` only (vinxi 0.5
 * `lib/dev-server.js`: `args.port ?? process.env.PORT ?? 3000`); app.config's `server` is
 * Nitro's, not a port.
 */
export function solidPort(root: string, pkg: PackageJson, configFile: string | undefined): DevPort {
  const fromScripts = portFromScripts(pkg);
  if (fromScripts) return fromScripts;
  const vite =
    configFile && /(^|\/)vite\.config\.[cm]?[jt]s$/.test(configFile) ? configFile : undefined;
  if (!vite) return { port: 3000, evidence: "vinxi's default" };
  const port = /\bserver\s*:\s*\{[^}]*?\bport\s*:\s*(\d{2,5})\b/s.exec(readCode(root, vite));
  return port
    ? { port: Number(port[1]), evidence: `server.port in ${vite}` }
    : { port: 5173, evidence: "Vite's default" };
}

/** "@solidjs/start ^1.3.2 in package.json, app.config.ts, vinxi, src/routes": what was seen. */
function solidEvidence(root: string, pkg: PackageJson, version: string, solid: SolidApp): string {
  const seen = [
    version,
    solid.configFile,
    dependencyRange(pkg, "vinxi") ? "vinxi" : undefined,
    existsSync(join(root, solid.routesDir)) ? solid.routesDir : undefined,
  ];
  return seen.filter(Boolean).join(", ");
}

/** The SolidStart layout (config file, routes folder, import alias) and its dev port. */
export function detectSolidStart({ root, pkg, framework }: DetectInput): Detection<SolidApp> {
  const solid = detectSolidApp(root, framework.major);
  return {
    app: solid,
    // Generated files follow the project (tsconfig.json), not one file.
    appFile: undefined,
    evidence: solidEvidence(root, pkg, framework.evidence, solid),
    findings: [
      {
        label: "SolidStart config",
        value: solid.configFile ?? "none",
        evidence: solid.alias ? `import alias ${solid.alias} → src/` : "relative imports",
      },
    ],
    // Vite loads the env files itself: no chain of app files to look through.
    chain: [],
    port: solidPort(root, pkg, solid.configFile),
    warnings: [],
  };
}
