import { envValue } from "../syntax/dotenv.js";
import type { AuthSetup } from "./auth-setup.js";
import { detectPort } from "./environment.js";
import { findExpressApp } from "./express-app.js";
import type { Framework, FrameworkInfo } from "./framework.js";
import type { PackageJson } from "./package-json.js";
import { detectSolidApp } from "./solid-app.js";

/** A mount path without Express wildcards: `/auth/*`, `/auth/*splat`, `/auth/{*splat}` → `/auth`. */
export function mountBase(path: string): string {
  const base = path.replace(/\/?(\{\/?\*\w*\}|\*\w*|\(\.\*\))$/, "").replace(/\/+$/, "");
  return base === "" ? "/" : base;
}

/**
 * The first Express mount with a path of its own. A root mount (`app.use(ExpressAuth(…))`,
 * `app.use("/", …)`) does not place the endpoints: the runtime serves them under `basePath`
 * (default `/auth`) there.
 */
export function pathMount(
  setup: AuthSetup,
): { path: string; file: string; line: number } | undefined {
  const mount = setup.mounts.find((m) => m.path !== undefined && mountBase(m.path) !== "/");
  return mount ? { path: mountBase(mount.path!), file: mount.file, line: mount.line } : undefined;
}

/**
 * Where the auth endpoints live, as the runtime will see it: the Express mount (the runtime derives
 * its base path from it), else `basePath`; SolidStart's `prefix` (default `/api/auth`).
 */
export function endpointBase(
  setup: AuthSetup,
  framework: Framework | undefined,
): { path: string; evidence: string } {
  const { config } = setup;
  if (framework === "solid-start" || (!framework && setup.solidRoutes.length)) {
    for (const value of [config.prefix, config.basePath]) {
      if (value && value.value !== "dynamic")
        return { path: value.value, evidence: `${config.file}:${value.line}` };
    }
    return { path: "/api/auth", evidence: "SolidStart default prefix" };
  }
  const mount = pathMount(setup);
  if (mount) return { path: mount.path, evidence: `${mount.file}:${mount.line}` };
  if (config.basePath && config.basePath.value !== "dynamic")
    return { path: config.basePath.value, evidence: `${config.file}:${config.basePath.line}` };
  return { path: "/auth", evidence: "default" };
}

/** The app's public origin: `AUTH_URL` from the env file, else the local dev server. */
export function appOrigin(envText: string, port: number): string {
  const url = envValue(envText, "AUTH_URL");
  if (url) {
    try {
      return new URL(url).origin;
    } catch {
      // Not a URL: `check` reports it; fall back to the dev server here.
    }
  }
  return `http://localhost:${port}`;
}

/** The dev server's port: Express's `listen`, SolidStart's vite/vinxi default or config. */
export function devPort(
  root: string,
  pkg: PackageJson,
  setup: AuthSetup,
  framework: FrameworkInfo | undefined,
): number {
  if (framework?.framework === "solid-start") {
    const config = detectSolidApp(root, framework.major).configFile;
    return detectPort(root, pkg, config ? [config] : [], "solid-start").port;
  }
  const app = findExpressApp(root, pkg);
  const files = [...(app ? [app.entry, app.file] : []), ...setup.mounts.map((m) => m.file)];
  return detectPort(root, pkg, files, "express").port;
}
