import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "../errors.js";
import { detectAppOrms, moduleOfOrm, unusableOrms } from "../orm/registry.js";
import { refuseUnparsable } from "../plan/change-set.js";
import { chooseEnvFile, detectEnvLoading } from "../project/environment.js";
import { gitState } from "../project/git.js";
import { describeReach, reachableSources } from "../project/import-graph.js";
import {
  dependencyRange,
  findPackageRoot,
  type PackageJson,
  readPackageJson,
} from "../project/package-json.js";
import { detectPackageManager } from "../project/package-manager.js";
import { readText } from "../project/read-text.js";
import { readTsConfig } from "../project/tsconfig.js";
import { moduleKindWithReason } from "../syntax/module-kind.js";
import { frameworkEnv } from "./app-env-file.js";
import { detectFramework } from "./detect-framework.js";
import { type AnyFramework, frameworkById, frameworks, type ProjectInfo } from "./registry.js";
import type { Finding } from "./types.js";
import { workspaceApps } from "./workspace-apps.js";

const dialectName = { postgresql: "PostgreSQL", mysql: "MySQL", sqlite: "SQLite" } as const;

/** The flags detection takes. */
export interface DetectOptions {
  /** `--framework`. */
  framework?: string;
  /** `--entry`: the file to start the search for the app from. */
  entry?: string;
}

/** TypeScript or JavaScript: the app file's own extension decides, else the project. */
function language(root: string, module: AnyFramework, appFile: string | undefined): Finding {
  if (appFile) {
    const typescript = /\.[cm]?tsx?$/.test(appFile);
    return {
      label: "Language",
      value: typescript ? "TypeScript" : "JavaScript",
      evidence: `the app file is ${appFile}`,
    };
  }
  const tsconfig = existsSync(join(root, "tsconfig.json"));
  const marker = module.typescriptMarker;
  const tsx = marker !== undefined && existsSync(join(root, marker));
  return {
    label: "Language",
    value: tsconfig || tsx ? "TypeScript" : "JavaScript",
    evidence: tsconfig ? "tsconfig.json" : tsx ? marker : "no tsconfig.json",
  };
}

/** ESM or CommonJS: the app file's own, else the package's default. */
/**
 * What a TypeScript app file runs as: TypeScript writes `import` in every file, but a `.ts` file
 * in a package without `"type": "module"` compiles (and runs under tsx or ts-node) as CommonJS
 * unless tsconfig emits ES modules for a bundler (`module: esnext`, `preserve`).
 */
function typescriptModules(root: string, pkg: PackageJson, appFile: string): Finding | undefined {
  if (appFile.endsWith(".cts"))
    return {
      label: "Modules",
      value: "CommonJS",
      evidence: `${appFile}: .cts compiles to CommonJS`,
    };
  if (!/\.tsx?$/.test(appFile) || pkg.type === "module") return undefined;
  const module = readTsConfig(root)?.module;
  if (module && (/^es/.test(module) || module === "preserve")) return undefined;
  return {
    label: "Modules",
    value: "CommonJS",
    evidence: `${appFile}: TypeScript compiled to CommonJS (no "type": "module" in package.json${module ? `, tsconfig module ${module}` : ""})`,
  };
}

function modules(root: string, pkg: PackageJson, appFile: string | undefined): Finding {
  if (appFile) {
    const typescript = typescriptModules(root, pkg, appFile);
    if (typescript) return typescript;
    const text = readFileSync(join(root, appFile), "utf8");
    const { kind, reason } = moduleKindWithReason(appFile, text, pkg.type === "module");
    return { label: "Modules", value: kind === "esm" ? "ESM" : "CommonJS", evidence: reason };
  }
  return {
    label: "Modules",
    value: pkg.type === "module" ? "ESM" : "CommonJS",
    evidence: pkg.type
      ? `"type": ${JSON.stringify(pkg.type)} in package.json`
      : 'no "type" in package.json (CommonJS by default)',
  };
}

/**
 * Reads a project without changing it: the framework (its module does its own part), language,
 * modules, package manager, env loading and file, dev port and git state. Every finding carries
 * its evidence; anything that cannot be recognised is one clear error naming the flag that
 * resolves it.
 */
export function detectProject(cwd: string, options: DetectOptions = {}): ProjectInfo {
  const root = findPackageRoot(cwd);
  const pkg = readPackageJson(root);
  const hasFramework = frameworks.some((framework) => dependencyRange(pkg, framework.packageName));
  if (!hasFramework && !options.framework) {
    const apps = workspaceApps(root, pkg);
    if (apps.length > 0) {
      const list = apps.map((app) => `  --cwd ${app.path}   (${app.framework})`).join("\n");
      throw new CliError(
        "monorepo_root",
        `${root} is a workspace root. Choose an app:\n${list}`,
        1,
        { targets: apps },
      );
    }
  }
  const framework = detectFramework(root, pkg, options.framework);
  const module = frameworkById(framework.framework);
  const detection = module.detect({ root, pkg, framework, entry: options.entry });
  // A file from the entry to the app that does not parse was read from a recovered tree: what
  // detection says about it, and any edit placed by it, cannot be trusted.
  for (const file of detection.chain) refuseUnparsable(file, readText(root, file));
  const languageFinding = language(root, module, detection.appFile);
  const findings: Finding[] = [
    { label: "Project", value: root, evidence: "nearest package.json" },
    {
      label: "Framework",
      value: `${module.name} ${framework.major}`,
      evidence: detection.evidence,
    },
    languageFinding,
    modules(root, pkg, detection.appFile),
  ];
  const packageManager = detectPackageManager(root, pkg);
  findings.push({
    label: "Package manager",
    value: packageManager.name,
    evidence: packageManager.evidence,
  });
  findings.push(...detection.findings);
  const loadedByFramework = frameworkEnv(module, pkg);
  // Env loading often sits in a module the app imports (`src/config/env.ts`), not on the chain.
  const reach = reachableSources(root, detection.chain);
  const env = detectEnvLoading(root, pkg, reach.files, loadedByFramework, (file) =>
    describeReach(reach, file),
  );
  findings.push({ label: "Env loading", value: env.how, evidence: env.evidence });
  const envFile = chooseEnvFile(root, pkg, reach.files, env, loadedByFramework);
  findings.push({ label: "Env file", value: envFile.file, evidence: envFile.evidence });
  const { port } = detection;
  findings.push({ label: "Dev port", value: String(port.port), evidence: port.evidence });
  const { detections: orms, warnings: ormWarnings } = detectAppOrms(root, pkg);
  for (const orm of orms)
    findings.push({
      label: "Database",
      value: `${moduleOfOrm(orm).name} ${orm.version} (${dialectName[orm.dialect]})`,
      evidence: orm.evidence,
    });
  // The module detected what its framework's `app` holds; TypeScript cannot tie the two here.
  return {
    root,
    pkg,
    framework,
    typescript: languageFinding.value === "TypeScript",
    esm: pkg.type === "module",
    packageManager,
    app: detection.app,
    env,
    envFile,
    port: port.port,
    git: gitState(root),
    orms,
    findings,
    warnings: [
      ...detection.warnings,
      ...orms.flatMap((orm) => orm.warnings),
      ...unusableOrms(root, pkg, orms),
      ...ormWarnings,
    ],
  } as ProjectInfo;
}
