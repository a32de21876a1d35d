import type { Rule } from "../../../check/types.js";
import { expressMounts, mountBase } from "../express-mounts.js";

/**
 * Express: ExpressAuth mounted on more than one path. An error: the handler records the first
 * path a request comes through and passes every other to next(), so the endpoints under the
 * other path answer 404 (which one wins can depend on the first request after start); with
 * `basePath` set, the mount outside it serves nothing.
 */
export const expressAuthMountedTwice: Rule = {
  id: "express-auth-mounted-twice",
  severity: "error",
  summary: "Express: ExpressAuth mounted on more than one path.",
  check(context) {
    const mounts = expressMounts(context.setup);
    const [first] = mounts;
    if (!first) return [];
    const base = (path: string | undefined) => mountBase(path ?? "/");
    const other = mounts.find((mount) => base(mount.path) !== base(first.path));
    if (!other) return [];
    return [
      {
        file: other.file,
        line: other.line,
        message: `ExpressAuth is mounted at "${base(first.path)}" (${first.file}:${first.line}) and again at "${base(other.path)}".`,
        why: "The runtime serves one base path: callback URLs, cookies' paths and the providers' registered redirect URIs name it. A handler records the first mount a request comes through and passes the other to next(), and a second ExpressAuth(…) builds URLs its providers do not know: one of the two paths fails.",
        fix: "Mount ExpressAuth once, at the path the providers' callback URLs use; redirect the old path to it if links to it exist.",
      },
    ];
  },
};
