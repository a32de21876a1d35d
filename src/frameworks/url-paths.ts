/** URL paths of the auth endpoints, shared by the frameworks whose apps can sit below a base. */
import { CliError } from "../errors.js";

/** Joins URL path parts with single slashes: `/api` + `auth/` → `/api/auth`; nothing → `""`. */
export function joinPaths(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split("/"))
    .filter(Boolean)
    .join("/");
  return joined ? `/${joined}` : "";
}

/**
 * The path to register the endpoints at in an app whose every route is below `base` (Hono's
 * `.basePath()`, fastify-cli's `--prefix`): the mount minus the base. A mount outside the base
 * cannot be served by that app; `owner` names the base in the error (`the app's basePath /api
 * (src/app.ts:3)`).
 */
export function mountBelowBase(mount: string, base: string | undefined, owner: string): string {
  if (!base) return mount;
  if (mount === base || !mount.startsWith(`${base}/`))
    throw new CliError(
      "invalid_mount",
      `--mount ${mount} is outside ${owner}: every route of that app is below ${base}; pass --mount ${joinPaths(base, "auth")}.`,
    );
  return mount.slice(base.length);
}
