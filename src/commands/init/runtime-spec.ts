import { isAbsolute, resolve } from "node:path";

const RUNTIME = "@create-auth/runtime";

/** `0.2.0`, `^0.2`, `>=0.1 <0.3`, `0.x`, `latest`, `next`: what npm reads after `name@`. */
const VERSION_OR_TAG = /^(?:[~^<>=v\d*xX]|[a-z][a-z0-9-]*$)/;
/** Specs that already name where the package comes from. */
const PROTOCOL = /^(?:[a-z+]+:|git@)/i;

/**
 * The dependency spec `--runtime-spec` means: a version, range or dist-tag becomes
 * `@create-auth/runtime@<spec>` (a bare `0.2.0` would otherwise install a package named "0.2.0");
 * a path or tarball is made absolute against the folder the command was run from, since the
 * install runs in the project folder, which `--cwd` may have moved; a full spec or URL is kept.
 */
export function runtimeDependency(spec: string, invokedFrom = process.cwd()): string {
  const trimmed = spec.trim();
  if (trimmed === RUNTIME || trimmed.startsWith(`${RUNTIME}@`)) return trimmed;
  if (trimmed.startsWith("file:")) {
    const path = trimmed.slice("file:".length);
    return isAbsolute(path) ? trimmed : `file:${resolve(invokedFrom, path)}`;
  }
  if (PROTOCOL.test(trimmed)) return trimmed;
  // As npm reads it: `./x`, `../x`, `/x`, `C:\x` or a tarball is a path; `user/repo` is GitHub.
  const looksLikePath =
    /^(?:\.|[/\\]|[a-zA-Z]:)/.test(trimmed) || /\.(tgz|tar\.gz|tar)$/.test(trimmed);
  if (looksLikePath) return resolve(invokedFrom, trimmed);
  if (VERSION_OR_TAG.test(trimmed)) return `${RUNTIME}@${trimmed}`;
  return trimmed;
}
