import type { Rule } from "../../../check/types.js";
import { authUrlPath, configuredBasePath, pathDisagreement } from "../../endpoint-paths.js";
import { pathMount } from "../express-mounts.js";

const normalize = (path: string) => `/${path.replace(/^\/+|\/+$/g, "")}`;

/** Express: the mount, `basePath` and AUTH_URL's path must name one path. */
export const basePathMismatch: Rule = {
  id: "base-path-mismatch",
  severity: "error",
  summary: "The Express mount, `basePath` and AUTH_URL's path disagree.",
  check(context) {
    const mount = pathMount(context.setup);
    return pathDisagreement(
      [
        mount && {
          where: "the mount",
          path: normalize(mount.path),
          file: mount.file,
          line: mount.line,
        },
        configuredBasePath(context, normalize),
        authUrlPath(context, normalize),
      ],
      {
        why: "Links, callback URLs and requireAuth's redirect use one, requests arrive at another: sign-in fails with 404 or a provider's redirect_uri mismatch.",
        fix: "Use one path everywhere: the mount path is what counts; make AUTH_URL end with it (or be a bare origin) and remove basePath.",
      },
    );
  },
};
