import type { Rule } from "../../../check/types.js";
import { authUrlPath, configuredBasePath } from "../../endpoint-paths.js";
import { fastifyMounts } from "../fastify-mounts.js";

const normalize = (path: string) => `/${path.replace(/^\/+|\/+$/g, "")}`;
const under = (path: string, prefix: string) =>
  prefix === "/" || path === prefix || path.startsWith(`${prefix}/`);

/**
 * Fastify: the prefix FastifyAuth is registered under, `basePath` and AUTH_URL's path. The
 * runtime serves `basePath` (else AUTH_URL's path, else the prefix) and refuses to start when the
 * prefix cannot serve it; `basePath` and AUTH_URL's path must agree.
 */
export const fastifyPrefixMismatch: Rule = {
  id: "fastify-prefix-mismatch",
  severity: "error",
  summary: "FastifyAuth's registered prefix, `basePath` and AUTH_URL's path disagree.",
  check(context) {
    const basePath = configuredBasePath(context, normalize);
    const fromUrl = authUrlPath(context, normalize);
    if (basePath && fromUrl && basePath.path !== fromUrl.path)
      return [
        {
          file: basePath.file,
          line: basePath.line,
          message: `basePath is ${basePath.path} but AUTH_URL's path is ${fromUrl.path}.`,
          why: "The endpoints are served at basePath, while links and callback URLs can be built from AUTH_URL: sign-in fails with 404 or a provider's redirect_uri mismatch.",
          fix: "Use one path: make AUTH_URL end with basePath (or be a bare origin).",
        },
      ];
    const served = basePath ?? fromUrl;
    if (!served) return [];
    return fastifyMounts(context.setup)
      .filter((mount) => mount.path !== undefined && !under(served.path, normalize(mount.path)))
      .map((mount) => ({
        file: mount.file,
        line: mount.pathLine ?? mount.line,
        message: `FastifyAuth is registered under the prefix ${normalize(mount.path!)}, but ${basePath ? "basePath" : "AUTH_URL's path"} is ${served.path}.`,
        why: "A prefix can only serve paths below it: the app fails to start (app.ready() rejects: FastifyAuth is served at … but basePath is …).",
        fix: `Register it with { prefix: "${served.path}" }, or change ${basePath ? "basePath" : "AUTH_URL"} to the prefix.`,
      }));
  },
};
