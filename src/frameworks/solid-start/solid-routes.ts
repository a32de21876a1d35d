import { posix } from "node:path";
import type { SourceFile } from "ts-morph";
import type { AuthSetup } from "../auth-setup.js";
import type { EndpointMount } from "../types.js";

const SOLID_START = "solid-start";

/** A catch-all route exporting SolidAuth's handlers: the file, and the URL path it serves. */
export interface SolidRoute {
  file: string;
  path: string;
}

/** `src/routes/api/(group)/auth/[...auth].ts` → `/api/auth`. */
export function routePath(file: string, routesDir = "src/routes"): string {
  const folder = posix.dirname(posix.relative(routesDir, file));
  const segments = folder.split("/").filter((s) => s && s !== "." && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

/** A route file under src/routes that calls SolidAuth is where the endpoints are served. */
export function readSolidRoutes(source: SourceFile, file: string): EndpointMount[] {
  if (!/\bSolidAuth\s*\(/.test(source.getFullText()) || !file.startsWith("src/routes/")) return [];
  return [{ framework: SOLID_START, file, path: routePath(file) }];
}

/** The SolidStart routes of a set-up. */
export function solidRoutes(setup: AuthSetup): SolidRoute[] {
  return setup.mounts.flatMap((mount) =>
    mount.framework === SOLID_START && mount.path !== undefined
      ? [{ file: mount.file, path: mount.path }]
      : [],
  );
}
