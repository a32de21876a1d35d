import type { Rule } from "../../../check/types.js";
import { authUrlPath, configuredBasePath, pathDisagreement } from "../../endpoint-paths.js";
import { joinPaths } from "../../url-paths.js";
import { honoMounts } from "../hono-mounts.js";

const normalize = (path: string) => joinPaths(path) || "/";

/**
 * Hono: where the route serves the endpoints (below the app's `.basePath()` and the `app.route()`
 * prefixes), `basePath` and AUTH_URL's path must name one path. The runtime serves under
 * `basePath` (else AUTH_URL's path) only when the route covers it, and a route with parameters
 * only with `basePath` set.
 */
export const honoBasePathMismatch: Rule = {
  id: "hono-base-path-mismatch",
  severity: "error",
  summary:
    "Hono: the route's path (below the app's basePath), `basePath` and AUTH_URL's path disagree.",
  check(context) {
    const { config } = context.setup;
    const basePath =
      config.basePath && config.basePath.value !== "dynamic" ? config.basePath : undefined;
    const mounts = honoMounts(context.setup).filter(
      (mount) => mount.path !== undefined && mount.path !== "/",
    );
    const dynamic = mounts.find((mount) => /[:*]/.test(mount.path!));
    if (dynamic && !config.basePath)
      return [
        {
          file: dynamic.file,
          line: dynamic.pathLine ?? dynamic.line,
          message: `HonoAuth is routed at ${dynamic.path}, a path with parameters, and the configuration has no basePath: the runtime serves nothing there.`,
          why: "A request could otherwise choose the base path of every link and redirect; the runtime refuses to guess and logs an error once.",
          fix: `Set basePath in ${config.file} to the one path the endpoints live at, or route HonoAuth at a static path.`,
        },
      ];
    const mount = mounts.find((candidate) => !/[:*]/.test(candidate.path!));
    return pathDisagreement(
      [
        mount && {
          where: "the route",
          path: normalize(mount.path!),
          file: mount.file,
          line: mount.pathLine ?? mount.line,
        },
        basePath && configuredBasePath(context, normalize),
        authUrlPath(context, normalize),
      ],
      {
        why: "The runtime serves under basePath (else AUTH_URL's path) only where the route reaches: requests answer 404 from your notFound handler, or links and callback URLs point where nothing answers (a provider's redirect_uri mismatch).",
        fix: "Use one path everywhere: the route's full path (with the app's basePath) is what counts; make basePath equal to it and AUTH_URL end with it (or be a bare origin).",
      },
    );
  },
};
