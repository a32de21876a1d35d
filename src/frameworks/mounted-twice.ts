import type { EndpointMount } from "./types.js";

/**
 * The first mount of the auth handler, and the first later one that `conflicts` with it (another
 * path, or any second registration where the framework refuses two): the pair a "mounted twice"
 * rule reports, undefined when the handler is mounted once.
 */
export function secondMount<T extends EndpointMount & { line: number }>(
  mounts: readonly T[],
  conflicts: (first: T, other: T) => boolean,
): { first: T; other: T } | undefined {
  const [first, ...rest] = mounts;
  const other = first && rest.find((mount) => conflicts(first, mount));
  return first && other ? { first, other } : undefined;
}
