import type { ConfigShape, FrameworkModule } from "../types.js";
import { detectExpress, expressPort } from "./detect-express.js";
import { type ExpressApp, findExpressApp } from "./express-app.js";
import { expressMounts, pathMount, readExpressMounts } from "./express-mounts.js";
import { type ExpressProject, planExpress } from "./plan-express.js";
import { basePathMismatch } from "./rules/base-path-mismatch.js";
import { expressAuthMountedTwice } from "./rules/express-auth-mounted-twice.js";
import { expressErrorHandlerOrder } from "./rules/express-error-handler-order.js";
import { expressMountShadowed } from "./rules/express-mount-shadowed.js";
import { express5WildcardMount } from "./rules/express5-wildcard-mount.js";
import { httpsWithoutTrustProxy } from "./rules/https-without-trust-proxy.js";

const DEFAULT_MOUNT = "/auth";

const config: ConfigShape = {
  handler: "ExpressAuth",
  typeName: "ExpressAuthConfig",
  importPath: "@create-auth/runtime/express",
  // The mount path, so requireAuth links to the sign-in page before the first request reaches
  // the endpoints, and a later change of the mount is reported instead of guessed.
  mountOption: "basePath",
};

/** Express 4 and 5: `app.use(mount, ExpressAuth(authConfig))` in the file that creates the app. */
export const express: FrameworkModule<"express", ExpressApp | undefined> = {
  id: "express",
  name: "Express",
  packageName: "express",
  majors: [4, 5],
  authjsPackage: "@auth/express",
  defaultMount: DEFAULT_MOUNT,
  config,
  // Express loads nothing itself: the app does (dotenv, --env-file, process.loadEnvFile).
  env: undefined,
  typescriptMarker: undefined,
  commonJs: true,
  // `--protect` only: the wizard does not ask (an Express app's routes are its own code).
  protectsPaths: true,
  asksToProtect: false,
  cliOptions: [
    {
      flags: "--entry <file>",
      description: "the file that creates the app, or imports it",
    },
    {
      flags: "--protect <paths>",
      description: "paths to protect with middleware, comma-separated",
    },
  ],
  detect: detectExpress,
  plan: (plan, project: ExpressProject, answers) => planExpress(plan, project, answers, config),
  readMounts: readExpressMounts,
  // The runtime derives its base path from the mount; without one, `basePath` or the default.
  endpointBase(setup) {
    const mount = pathMount(setup);
    if (mount) return { path: mount.path, evidence: `${mount.file}:${mount.line}` };
    const { basePath, file } = setup.config;
    if (basePath && basePath.value !== "dynamic")
      return { path: basePath.value, evidence: `${file}:${basePath.line}` };
    return { path: DEFAULT_MOUNT, evidence: "default" };
  },
  devPort(root, pkg, setup) {
    const app = findExpressApp(root, pkg);
    const files = [
      ...(app ? [app.entry, app.file] : []),
      ...expressMounts(setup).map((m) => m.file),
    ];
    return expressPort(root, pkg, files).port;
  },
  sourceChain: (root, pkg, project) => findExpressApp(root, pkg, project)?.chain ?? [],
  notMounted: {
    what: "ExpressAuth mount",
    message: "No `app.use(…, ExpressAuth(authConfig))` in the sources.",
    why: "Without the mount there is no sign-in page, no callback URL and no session endpoint.",
    fix: 'Add `app.use("/auth", ExpressAuth(authConfig))` after `express()` and the body parsers (npx create-auth init does it).',
  },
  checkRules: [
    express5WildcardMount,
    basePathMismatch,
    httpsWithoutTrustProxy,
    expressMountShadowed,
    expressAuthMountedTwice,
    expressErrorHandlerOrder,
  ],
};
