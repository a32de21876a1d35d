import { dependencyRange } from "../../project/package-json.js";
import type { ConfigShape, FrameworkModule } from "../types.js";
import { detectSolidStart, solidMajorFromFiles, solidPort } from "./detect-solid-start.js";
import { planSolidStart, type SolidStartProject } from "./plan-solid-start.js";
import { solidMiddlewareCoverage } from "./rules/solid-middleware-coverage.js";
import { solidMiddlewareNotRegistered } from "./rules/solid-middleware-not-registered.js";
import { solidPrefixMismatch } from "./rules/solid-prefix-mismatch.js";
import { detectSolidApp, type SolidApp } from "./solid-app.js";
import { readSolidRoutes } from "./solid-routes.js";

const DEFAULT_PREFIX = "/api/auth";

const config: ConfigShape = {
  handler: "SolidAuth",
  typeName: "SolidAuthConfig",
  importPath: "@create-auth/runtime/solid-start",
  // The route's folder serves the endpoints; `prefix` tells the runtime which path that is.
  mountOption: "prefix",
};

/** SolidStart 1 and 2: a catch-all route under the prefix, and optional page middleware. */
export const solidStart: FrameworkModule<"solid-start", SolidApp> = {
  id: "solid-start",
  name: "SolidStart",
  packageName: "@solidjs/start",
  majors: [1, 2],
  authjsPackage: "@auth/solid-start",
  defaultMount: DEFAULT_PREFIX,
  config,
  env: { files: [".env.local", ".env"], evidence: "Vite loads .env and .env.local in development" },
  typescriptMarker: "src/app.tsx",
  // Vite and vinxi load the app as ES modules.
  commonJs: false,
  protectsPaths: true,
  cliOptions: [
    {
      flags: "--protect <paths>",
      description: "paths to protect with middleware, comma-separated",
    },
  ],
  majorFromFiles: solidMajorFromFiles,
  notFoundHint: (pkg) =>
    dependencyRange(pkg, "solid-start")
      ? ' (the legacy "solid-start" 0.x package is not supported)'
      : undefined,
  detect: detectSolidStart,
  plan: (plan, project: SolidStartProject, answers) =>
    planSolidStart(plan, project, answers, config),
  readMounts: readSolidRoutes,
  endpointBase({ config: { prefix, basePath, file } }) {
    for (const value of [prefix, basePath]) {
      if (value && value.value !== "dynamic")
        return { path: value.value, evidence: `${file}:${value.line}` };
    }
    return { path: DEFAULT_PREFIX, evidence: "SolidStart default prefix" };
  },
  devPort: (root, pkg, _setup, major) =>
    solidPort(root, pkg, detectSolidApp(root, major).configFile).port,
  // Vite loads the env files itself: no app files lead to them.
  sourceChain: () => [],
  notMounted: {
    what: "SolidAuth route",
    message: "No route file exports SolidAuth's handlers (src/routes/…/[...auth].ts).",
    why: "Without the route there is no sign-in page, no callback URL and no session endpoint.",
    fix: "Create src/routes/api/auth/[...auth].ts with `export const { GET, POST } = SolidAuth(authConfig)` (npx create-auth init does it).",
  },
  checkRules: [solidPrefixMismatch, solidMiddlewareNotRegistered, solidMiddlewareCoverage],
};
