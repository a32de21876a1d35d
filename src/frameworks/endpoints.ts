import type { PackageJson } from "../project/package-json.js";
import type { AuthSetup } from "./auth-setup.js";
import { frameworkById, frameworks } from "./registry.js";
import type { FrameworkInfo } from "./types.js";

/**
 * Where the auth endpoints live, as the runtime will see it, by the framework's own rules
 * (Express: the mount, else `basePath`; SolidStart: `prefix`). Without a detected framework, the
 * framework whose mounts the sources show, else the first registered.
 */
export function endpointBase(
  setup: AuthSetup,
  framework: string | undefined,
): { path: string; evidence: string } {
  const module = framework
    ? frameworkById(framework)
    : (frameworks.find((f) => setup.mounts.some((mount) => mount.framework === f.id)) ??
      frameworks[0]);
  return module.endpointBase(setup);
}

/** The dev server's port, for callback URLs (the first registered framework's when unknown). */
export function devPort(
  root: string,
  pkg: PackageJson,
  setup: AuthSetup,
  framework: FrameworkInfo | undefined,
): number {
  const module = framework ? frameworkById(framework.framework) : frameworks[0];
  return module.devPort(root, pkg, setup, framework?.major);
}
