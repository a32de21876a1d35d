import { existsSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "../errors.js";
import { dependencyRange, installedVersion, majorOf, type PackageJson } from "./package-json.js";

export type Framework = "express" | "solid-start";

export interface FrameworkInfo {
  framework: Framework;
  major: number;
  /** The installed version, else the declared range. */
  version: string;
  evidence: string;
}

const supported: Record<Framework, number[]> = { express: [4, 5], "solid-start": [1, 2] };
const packageOf: Record<Framework, string> = {
  express: "express",
  "solid-start": "@solidjs/start",
};

function versionOf(root: string, pkg: PackageJson, framework: Framework) {
  const name = packageOf[framework];
  const installed = installedVersion(root, name);
  if (installed)
    return {
      version: installed,
      evidence: `${name} ${installed} in node_modules/${name}/package.json`,
    };
  const range = dependencyRange(pkg, name);
  return range ? { version: range, evidence: `${name} "${range}" in package.json` } : undefined;
}

/** SolidStart 2 has no vinxi and a vite.config; 1.x has vinxi and an app.config (recipe §2c). */
function solidMajorFromFiles(root: string, pkg: PackageJson): number | undefined {
  const appConfig = ["ts", "js", "mjs", "mts"].some((ext) =>
    existsSync(join(root, `app.config.${ext}`)),
  );
  if (dependencyRange(pkg, "vinxi") || appConfig) return 1;
  if (["ts", "js", "mjs", "mts"].some((ext) => existsSync(join(root, `vite.config.${ext}`))))
    return 2;
  return undefined;
}

/**
 * Which framework (and major version) the project uses, from package.json, node_modules and the
 * config files. `--framework` decides when both or neither are found.
 */
export function detectFramework(root: string, pkg: PackageJson, flag?: Framework): FrameworkInfo {
  const found = (Object.keys(packageOf) as Framework[]).filter((framework) =>
    dependencyRange(pkg, packageOf[framework]),
  );
  let framework = flag;
  if (!framework) {
    if (found.length === 0) {
      const legacy = dependencyRange(pkg, "solid-start")
        ? ' (the legacy "solid-start" 0.x package is not supported)'
        : "";
      throw new CliError(
        "unknown_framework",
        `No Express or SolidStart found in ${join(root, "package.json")}: looked for "express" and "@solidjs/start" in its dependencies${legacy}.`,
      );
    }
    if (found.length > 1) {
      throw new CliError(
        "ambiguous_framework",
        "Both Express and SolidStart are dependencies: pass --framework express or --framework solid-start.",
      );
    }
    framework = found[0]!;
  }
  const version = versionOf(root, pkg, framework);
  if (!version)
    throw new CliError(
      "unknown_framework",
      `--framework ${framework} was given, but "${packageOf[framework]}" is not a dependency.`,
    );
  let major = majorOf(version.version);
  let evidence = version.evidence;
  if (framework === "solid-start") {
    const fromFiles = solidMajorFromFiles(root, pkg);
    if (major === undefined && fromFiles) {
      major = fromFiles;
      evidence += fromFiles === 1 ? ", vinxi/app.config" : ", vite.config without vinxi";
    }
  }
  if (major === undefined) {
    throw new CliError(
      "unknown_version",
      `Cannot tell the ${framework} major version from ${evidence}: install dependencies first.`,
    );
  }
  if (!supported[framework].includes(major)) {
    throw new CliError(
      "unsupported_version",
      `${framework} ${major} is not supported (supported: ${supported[framework].join(", ")}); found ${evidence}.`,
    );
  }
  return { framework, major, version: version.version, evidence };
}

/** The framework when it can be told, else undefined (commands that can work without it). */
export function frameworkOf(root: string, pkg: PackageJson): FrameworkInfo | undefined {
  try {
    return detectFramework(root, pkg);
  } catch {
    return undefined;
  }
}
