import semver from "semver";
import type { Rule } from "../types.js";

/** The runtime versions this CLI generates code for and checks against. */
export const SUPPORTED_RUNTIME = { range: "^0.1.0", major: 0, minor: 1 };

/**
 * Whether an installed version, or every version a range admits, is one this CLI supports
 * (`semver.subset`: `>=0.1.0` and `*` also admit versions it does not know). A tag, path or
 * tarball names no version: nothing to compare.
 */
function supported(versionOrRange: string): boolean {
  if (semver.valid(versionOrRange))
    return semver.satisfies(versionOrRange, SUPPORTED_RUNTIME.range);
  if (!semver.validRange(versionOrRange)) return true;
  return semver.subset(versionOrRange, SUPPORTED_RUNTIME.range);
}

export const runtimeVersion: Rule = {
  id: "runtime-version",
  severity: "error",
  summary: "@create-auth/runtime missing, or outside the versions this CLI supports.",
  check(context) {
    const { version, range } = context.runtime;
    if (!range && !version)
      return [
        {
          file: "package.json",
          message: "@create-auth/runtime is not a dependency.",
          why: "The generated code imports it: the app cannot start.",
          fix: "Install it with the project's package manager (npm install @create-auth/runtime).",
        },
      ];
    const found = version ?? range!;
    if (supported(found)) return [];
    return [
      {
        file: "package.json",
        message: `@create-auth/runtime ${found} is outside ${SUPPORTED_RUNTIME.range}, the versions this CLI knows.`,
        why: "Checks and generated code assume that version's API: they may be wrong for this one.",
        fix: `Use the create-auth CLI released with runtime ${found}, or install @create-auth/runtime@${SUPPORTED_RUNTIME.range}.`,
      },
    ];
  },
};
