import type { ConfigShape, FrameworkModule } from "../types.js";
import { joinPaths } from "../url-paths.js";
import { detectFastify, fastifyCliEnv, fastifyPort } from "./detect-fastify.js";
import { fastifyMounts, readFastifyMounts } from "./fastify-mounts.js";
import { type FastifyApp, findFastifyApp } from "./find-fastify-app.js";
import { type FastifyProject, planFastify } from "./plan-fastify.js";
import { fastifyAuthRegisteredTwice } from "./rules/fastify-auth-registered-twice.js";
import { fastifyErrorHandlerOrder } from "./rules/fastify-error-handler-order.js";
import { fastifyHttpsWithoutTrustProxy } from "./rules/fastify-https-without-trust-proxy.js";
import { fastifyPrefixMismatch } from "./rules/fastify-prefix-mismatch.js";
import { fastifyRegisterAfterStart } from "./rules/fastify-register-after-start.js";

const DEFAULT_PREFIX = "/auth";

const config: ConfigShape = {
  handler: "FastifyAuth",
  typeName: "FastifyAuthConfig",
  importPath: "@create-auth/runtime/fastify",
  // Equal to the prefix: the runtime refuses to start when the registration cannot serve it, so
  // a prefix changed later is a start-up error (and a `check` finding) instead of a silent move.
  mountOption: "basePath",
};

/**
 * Fastify 4 and 5: `app.register(FastifyAuth(authConfig), { prefix })` where the instance is
 * created (or at the top of the app plugin fastify-cli starts), before the routes.
 */
export const fastify: FrameworkModule<"fastify", FastifyApp | undefined> = {
  id: "fastify",
  name: "Fastify",
  packageName: "fastify",
  majors: [4, 5],
  defaultMount: DEFAULT_PREFIX,
  // fastify-cli's --prefix puts the whole app, FastifyAuth too, below it.
  defaultMountOf: (project) => joinPaths(project.app?.cliPrefix ?? "", DEFAULT_PREFIX),
  config,
  // Fastify loads nothing itself: the app does, or fastify-cli (see projectEnv).
  env: undefined,
  projectEnv: fastifyCliEnv,
  typescriptMarker: undefined,
  commonJs: true,
  protectsPaths: false,
  cliOptions: [
    {
      flags: "--entry <file>",
      description: "the file that creates the app, or imports it",
    },
  ],
  detect: detectFastify,
  plan: (plan, project: FastifyProject, answers) => planFastify(plan, project, answers, config),
  readMounts: readFastifyMounts,
  // The runtime serves `basePath` when set, else the prefix it is registered under, else /auth.
  endpointBase(setup) {
    const { basePath, file } = setup.config;
    if (basePath && basePath.value !== "dynamic")
      return { path: basePath.value, evidence: `${file}:${basePath.line}` };
    const mount = fastifyMounts(setup).find((m) => m.path !== undefined);
    if (mount?.path) return { path: mount.path, evidence: `${mount.file}:${mount.line}` };
    return { path: DEFAULT_PREFIX, evidence: "default" };
  },
  devPort(root, pkg, setup) {
    const app = findFastifyApp(root, pkg);
    const files = [
      ...(app ? [...app.chain, app.file] : []),
      ...fastifyMounts(setup).map((m) => m.file),
    ];
    return fastifyPort(root, pkg, files, app).port;
  },
  sourceChain: (root, pkg, project) => findFastifyApp(root, pkg, project)?.chain ?? [],
  notMounted: {
    what: "FastifyAuth registration",
    message: "No `app.register(FastifyAuth(authConfig), …)` in the sources.",
    why: "Without the plugin there is no sign-in page, no callback URL and no session endpoint.",
    fix: 'Add `app.register(FastifyAuth(authConfig), { prefix: "/auth" })` after `Fastify()` and the app-wide plugins (npx create-auth init does it).',
  },
  checkRules: [
    fastifyPrefixMismatch,
    fastifyRegisterAfterStart,
    fastifyErrorHandlerOrder,
    fastifyHttpsWithoutTrustProxy,
    fastifyAuthRegisteredTwice,
  ],
};
