import { join } from "node:path";
import { CliError } from "../errors.js";
import { installedVersion } from "../project/installed-version.js";
import { dependencyRange, majorOf, type PackageJson } from "../project/package-json.js";
import { joinList } from "../ui/join-list.js";
import { frameworkById, frameworks } from "./registry.js";
import { admitsVersion, supportedVersions } from "./supported-versions.js";
import type { FrameworkInfo } from "./types.js";

function versionOf(root: string, pkg: PackageJson, name: string) {
  const installed = installedVersion(root, name);
  if (installed)
    return {
      version: installed,
      evidence: `${name} ${installed} in node_modules/${name}/package.json`,
    };
  const range = dependencyRange(pkg, name);
  return range ? { version: range, evidence: `${name} "${range}" in package.json` } : undefined;
}

/**
 * Which framework (and major version) the project uses, from package.json, node_modules and the
 * framework's own files. `--framework` decides when several or none are found.
 */
export function detectFramework(root: string, pkg: PackageJson, flag?: string): FrameworkInfo {
  const found = frameworks.filter((framework) => dependencyRange(pkg, framework.packageName));
  let module = flag ? frameworkById(flag) : undefined;
  if (!module) {
    if (found.length === 0) {
      const hints = frameworks.map((framework) => framework.notFoundHint?.(pkg) ?? "").join("");
      throw new CliError(
        "unknown_framework",
        `No ${joinList(
          frameworks.map((framework) => framework.name),
          "or",
        )} found in ${join(root, "package.json")}: looked for ${joinList(
          frameworks.map((framework) => `"${framework.packageName}"`),
          "and",
        )} in its dependencies${hints}.`,
      );
    }
    if (found.length > 1) {
      throw new CliError(
        "ambiguous_framework",
        `${found.length === 2 ? "Both " : ""}${joinList(
          found.map((framework) => framework.name),
          "and",
        )} are dependencies: pass ${joinList(
          found.map((framework) => `--framework ${framework.id}`),
          "or",
        )}.`,
      );
    }
    module = found[0]!;
  }
  const version = versionOf(root, pkg, module.packageName);
  if (!version)
    throw new CliError(
      "unknown_framework",
      `--framework ${module.id} was given, but "${module.packageName}" is not a dependency.`,
    );
  let major = majorOf(version.version);
  let evidence = version.evidence;
  if (major === undefined) {
    const fromFiles = module.majorFromFiles?.(root, pkg);
    if (fromFiles) {
      major = fromFiles.major;
      evidence += `, ${fromFiles.evidence}`;
    }
  }
  if (major === undefined) {
    throw new CliError(
      "unknown_version",
      `Cannot tell the ${module.id} major version from ${evidence}: install dependencies first.`,
    );
  }
  const supported = supportedVersions(module);
  const admitted =
    admitsVersion(version.version, supported) ?? admitsVersion(`^${major}.0.0`, supported);
  if (!admitted || !module.majors.includes(major)) {
    throw new CliError(
      "unsupported_version",
      `${module.name} ${version.version} is not supported: it needs "${module.packageName}" ${supported} (found ${evidence}). Upgrade ${module.packageName}, then run init again.`,
    );
  }
  return { framework: module.id, major, version: version.version, evidence };
}

/** The framework when it can be told, else undefined (commands that can work without it). */
export function frameworkOf(root: string, pkg: PackageJson): FrameworkInfo | undefined {
  try {
    return detectFramework(root, pkg);
  } catch {
    return undefined;
  }
}
