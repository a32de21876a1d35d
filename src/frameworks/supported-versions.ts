import { createRequire } from "node:module";
import semver from "semver";
import { versionPart } from "../project/package-json.js";
import type { FrameworkModule } from "./types.js";

// The runtime's own statement of the framework versions its tests prove (its peer ranges,
// checked by runtime/test/package/peer-majors.test.ts): the CLI refuses what the runtime's
// install would refuse, from the same line.
const runtimePeers =
  (
    createRequire(import.meta.url)("@create-auth/runtime/package.json") as {
      peerDependencies?: Record<string, string>;
    }
  ).peerDependencies ?? {};

/**
 * The versions of a framework `init` sets up: the runtime's peer range for its package, else
 * (a framework the runtime does not peer with, SolidStart) the majors the CLI generates for.
 */
export function supportedVersions(framework: Pick<FrameworkModule, "packageName" | "majors">) {
  return (
    runtimePeers[framework.packageName] ??
    framework.majors.map((major) => `^${major}.0.0-0`).join(" || ")
  );
}

/**
 * Whether a version, or some version of a declared range, is one `supported` admits: an
 * installed 4.15.0 or a declared `~4.15.0` is not in `^4.16.0 || ^5.0.0`; a declared `^4.0.0`
 * is (the install picks a 4.x the runtime admits). A spec naming no version admits nothing
 * to compare: the caller decides on the major alone.
 */
export function admitsVersion(spec: string, supported: string): boolean | undefined {
  const version = versionPart(spec);
  if (!semver.validRange(version)) return undefined;
  return semver.intersects(version, supported, { includePrerelease: true });
}
