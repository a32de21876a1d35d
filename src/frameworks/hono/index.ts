import type { ConfigShape, FrameworkModule } from "../types.js";
import { joinPaths } from "../url-paths.js";
import { detectHono, honoPort, honoRuntime } from "./detect-hono.js";
import { findHonoApp, type HonoApp } from "./hono-app.js";
import { honoMounts, readHonoMounts } from "./hono-mounts.js";
import { type HonoProject, planHono } from "./plan-hono.js";
import { honoAuthMountedTwice } from "./rules/hono-auth-mounted-twice.js";
import { honoAuthUrlBehindProxy } from "./rules/hono-auth-url-behind-proxy.js";
import { honoBasePathMismatch } from "./rules/hono-base-path-mismatch.js";
import { honoRouteShadowed } from "./rules/hono-route-shadowed.js";
import { honoSubAppOrder } from "./rules/hono-sub-app-order.js";
import { honoVersion } from "./rules/hono-version.js";

const DEFAULT_MOUNT = "/auth";

const config: ConfigShape = {
  handler: "HonoAuth",
  typeName: "HonoAuthConfig",
  importPath: "@create-auth/runtime/hono",
  // The full path, so requireAuth links to the sign-in page before the first request reaches the
  // endpoints, and the runtime need not record the route's prefix from a request.
  mountOption: "basePath",
};

/**
 * Hono 4 on Node (`@hono/node-server`), Bun and Deno: `app.route(mount, HonoAuth(authConfig))`
 * right after `new Hono()` in the file that creates the root app.
 */
export const hono: FrameworkModule<"hono", HonoApp | undefined> = {
  id: "hono",
  name: "Hono",
  packageName: "hono",
  majors: [4],
  authjsPackage: "@hono/auth-js",
  defaultMount: DEFAULT_MOUNT,
  // An app created with `.basePath("/api")` serves every route below /api.
  defaultMountOf: (project) =>
    project.app?.basePath && project.app.basePath !== "dynamic"
      ? joinPaths(project.app.basePath, DEFAULT_MOUNT)
      : DEFAULT_MOUNT,
  config,
  // Node loads nothing itself (Bun does: the plan then adds no loader; Deno needs --env-file).
  env: undefined,
  typescriptMarker: undefined,
  // Hono and @hono/node-server ship CommonJS builds; the app then require()s the runtime.
  commonJs: true,
  protectsPaths: false,
  cliOptions: [
    {
      flags: "--entry <file>",
      description: "the file that creates the app, or imports it",
    },
  ],
  detect: detectHono,
  plan: (plan, project: HonoProject, answers) => planHono(plan, project, answers, config),
  readMounts: readHonoMounts,
  // The runtime's order: `basePath`, else the route's full path, else its default.
  endpointBase(setup) {
    const { basePath, file } = setup.config;
    if (basePath && basePath.value !== "dynamic")
      return { path: basePath.value, evidence: `${file}:${basePath.line}` };
    const mount = honoMounts(setup).find(
      (candidate) => candidate.path && candidate.path !== "/" && !/[:*]/.test(candidate.path),
    );
    if (mount) return { path: mount.path!, evidence: `${mount.file}:${mount.line}` };
    return { path: DEFAULT_MOUNT, evidence: "default" };
  },
  devPort(root, pkg, setup) {
    const app = findHonoApp(root, pkg);
    const files = [
      ...(app ? [app.entry, app.file, ...(app.server ? [app.server.file] : [])] : []),
      ...honoMounts(setup).map((mount) => mount.file),
    ];
    return honoPort(root, pkg, [...new Set(files)], honoRuntime(pkg, app?.server)).port;
  },
  sourceChain: (root, pkg, project) => findHonoApp(root, pkg, project)?.chain ?? [],
  notMounted: {
    what: "HonoAuth route",
    message: "No `app.route(…, HonoAuth(authConfig))` (or `honoAuthHandler`) in the sources.",
    why: "Without the route there is no sign-in page, no callback URL and no session endpoint.",
    fix: 'Add `app.route("/auth", HonoAuth(authConfig))` right after `new Hono()`, before the other routes (npx create-auth init does it).',
  },
  checkRules: [
    honoRouteShadowed,
    honoSubAppOrder,
    honoBasePathMismatch,
    honoAuthUrlBehindProxy,
    honoVersion,
    honoAuthMountedTwice,
  ],
};
