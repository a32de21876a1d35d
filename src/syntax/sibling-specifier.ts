import { posix } from "node:path";

/** How a file imports a sibling: `./auth.js` (the emitted name) unless the file omits extensions. */
export function siblingSpecifier(fromFile: string, toFile: string, withExtension: boolean): string {
  const target = posix.relative(posix.dirname(fromFile), toFile);
  const emitted = target
    .replace(/\.ts$/, ".js")
    .replace(/\.mts$/, ".mjs")
    .replace(/\.cts$/, ".cjs");
  const spec = withExtension ? emitted : emitted.replace(/\.[cm]?js$/, "");
  return spec.startsWith(".") ? spec : `./${spec}`;
}
