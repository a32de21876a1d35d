import type { Rule } from "../../../check/types.js";
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
    const { config } = context.setup;
    const basePath =
      config.basePath && config.basePath.value !== "dynamic"
        ? { path: normalize(config.basePath.value), file: config.file, line: config.basePath.line }
        : undefined;
    const authUrl = context.env.get("AUTH_URL");
    const url = authUrl?.value && URL.canParse(authUrl.value) ? new URL(authUrl.value) : undefined;
    // Anything but an http(s) URL is auth-url-invalid's to report.
    const fromUrl =
      authUrl && url && /^https?:$/.test(url.protocol) && url.pathname !== "/"
        ? { path: normalize(url.pathname), file: authUrl.file, line: authUrl.line }
        : undefined;
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
        why: "A prefix can only serve paths below it: the app fails to start (app.ready() rejects: FastifyAuth is registered with the prefix … but basePath is …).",
        fix: `Register it with { prefix: "${served.path}" }, or change ${basePath ? "basePath" : "AUTH_URL"} to the prefix.`,
      }));
  },
};
