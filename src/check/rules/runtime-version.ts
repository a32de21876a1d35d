import type { Rule } from "../types.js";

/** The runtime versions this CLI generates code for and checks against. */
export const SUPPORTED_RUNTIME = { range: "^0.1.0", major: 0, minor: 1 };

function supported(version: string): boolean {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) return true; // A tag, path or tarball: nothing to compare.
  return (
    Number(match[1]) === SUPPORTED_RUNTIME.major && Number(match[2]) === SUPPORTED_RUNTIME.minor
  );
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
