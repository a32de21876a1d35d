import { posix } from "node:path";

/**
 * A root for joining and relating project-relative paths that climb out of the project
 * (`../../packages/db`): deep enough for every `..` in `paths`, so results never depend on the
 * working directory that posix.relative would otherwise resolve them against.
 */
export function pathBase(...paths: string[]): string {
  const depth = Math.max(
    0,
    ...paths.map((path) => path.split("/").filter((p) => p === "..").length),
  );
  return `/${Array.from({ length: depth + 1 }, (_, i) => `r${i}`).join("/")}`;
}

/** `to` relative to the folder `from`, both relative to the same root. */
export function relativePath(from: string, to: string): string {
  const base = pathBase(from, to);
  return posix.relative(posix.join(base, from), posix.join(base, to));
}

/** How a file imports a sibling: `./auth.js` (the emitted name) unless the file omits extensions. */
export function siblingSpecifier(fromFile: string, toFile: string, withExtension: boolean): string {
  const target = relativePath(posix.dirname(fromFile), toFile);
  const emitted = target
    .replace(/\.ts$/, ".js")
    .replace(/\.mts$/, ".mjs")
    .replace(/\.cts$/, ".cjs");
  const spec = withExtension ? emitted : emitted.replace(/\.[cm]?js$/, "");
  return spec.startsWith(".") ? spec : `./${spec}`;
}
