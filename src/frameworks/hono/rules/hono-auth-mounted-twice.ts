import type { Rule } from "../../../check/types.js";
import { secondMount } from "../../mounted-twice.js";
import { honoMounts } from "../hono-mounts.js";

/**
 * Hono: the auth handler routed at two paths. An error: one handler serves the path of its
 * first request and passes the other to `next()` (a 404), and two handlers build callback URLs
 * of two paths while a provider accepts the redirect URI of one.
 */
export const honoAuthMountedTwice: Rule = {
  id: "hono-auth-mounted-twice",
  severity: "error",
  summary: "Hono: the auth handler is routed at more than one path.",
  check(context) {
    const known = honoMounts(context.setup).filter((mount) => mount.path !== undefined);
    const pair = secondMount(known, (first, other) => first.path !== other.path);
    if (!pair) return [];
    const { first, other } = pair;
    return [
      {
        file: other.file,
        line: other.line,
        message: `HonoAuth is routed at "${first.path}" (${first.file}:${first.line}) and again at "${other.path}".`,
        why: "The runtime serves one base path. One HonoAuth(…) routed twice serves the path of its first request and answers 404 on the other; two of them build callback URLs of two paths, while an OAuth provider accepts the redirect URI registered for one (redirect_uri mismatch), and with basePath set the route outside it serves nothing.",
        fix: "Route HonoAuth once, at the path the providers' callback URLs use; redirect the old path to it if links to it exist.",
      },
    ];
  },
};
