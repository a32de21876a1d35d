import type { Rule } from "../../../check/types.js";
import { pathMount } from "../express-mounts.js";

const normalize = (path: string) => `/${path.replace(/^\/+|\/+$/g, "")}`;

/** Express: the mount, `basePath` and AUTH_URL's path must name one path. */
export const basePathMismatch: Rule = {
  id: "base-path-mismatch",
  severity: "error",
  summary: "The Express mount, `basePath` and AUTH_URL's path disagree.",
  check(context) {
    const { config } = context.setup;
    const seen: { where: string; path: string; file?: string; line?: number }[] = [];
    const mount = pathMount(context.setup);
    if (mount)
      seen.push({
        where: "the mount",
        path: normalize(mount.path),
        file: mount.file,
        line: mount.line,
      });
    if (config.basePath && config.basePath.value !== "dynamic")
      seen.push({
        where: "basePath",
        path: normalize(config.basePath.value),
        file: config.file,
        line: config.basePath.line,
      });
    const authUrl = context.env.get("AUTH_URL");
    const url = authUrl?.value && URL.canParse(authUrl.value) ? new URL(authUrl.value) : undefined;
    // Anything but an http(s) URL is auth-url-invalid's to report.
    if (authUrl && url && /^https?:$/.test(url.protocol) && url.pathname !== "/")
      seen.push({
        where: "AUTH_URL",
        path: normalize(url.pathname),
        file: authUrl.file,
        line: authUrl.line,
      });
    if (new Set(seen.map((s) => s.path)).size <= 1) return [];
    const first = seen[0]!;
    return [
      {
        file: first.file,
        line: first.line,
        message: `The endpoints' path differs: ${seen.map((s) => `${s.where} ${s.path}`).join(", ")}.`,
        why: "Links, callback URLs and requireAuth's redirect use one, requests arrive at another: sign-in fails with 404 or a provider's redirect_uri mismatch.",
        fix: "Use one path everywhere: the mount path is what counts; make AUTH_URL end with it (or be a bare origin) and remove basePath.",
      },
    ];
  },
};
