import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CliError } from "../errors.js";
import { moduleKindWithReason } from "../syntax/module-kind.js";
import { chooseEnvFile, detectEnvLoading, detectPort, type EnvLoading } from "./environment.js";
import { type ExpressApp, entrySource, findExpressApp } from "./express-app.js";
import { detectFramework, type Framework, type FrameworkInfo } from "./framework.js";
import { type GitState, gitState } from "./git.js";
import {
  dependencyRange,
  findPackageRoot,
  type PackageJson,
  readPackageJson,
} from "./package-json.js";
import { detectPackageManager, type PackageManager } from "./package-manager.js";
import { detectSolidApp, type SolidApp } from "./solid-app.js";
import { workspaceApps } from "./workspace.js";

/** Something detection found, with what it saw. */
export interface Finding {
  label: string;
  value: string;
  evidence: string;
}

export interface ProjectInfo {
  root: string;
  pkg: PackageJson;
  framework: FrameworkInfo;
  /** Whether generated files are TypeScript: for Express, whether the app file is. */
  typescript: boolean;
  /** `"type": "module"`: `.js` files are ES modules. */
  esm: boolean;
  packageManager: PackageManager;
  express?: ExpressApp;
  solid?: SolidApp;
  env: EnvLoading;
  /** The env file the app reads (the default of `--env-path`), with why. */
  envFile: { file: string; evidence: string };
  port: number;
  git: GitState;
  findings: Finding[];
}

export interface DetectOptions {
  framework?: Framework;
  /** `--entry`: the file to start the search for the Express app from. */
  entry?: string;
}

/** The Express app, or why it was not found (then `init` plans the rest and prints the mount). */
function expressFindings(root: string, pkg: PackageJson, entry: string | undefined) {
  let seed: string | undefined;
  if (entry) {
    seed = entrySource(root, entry);
    if (!seed)
      throw new CliError(
        "invalid_flag",
        `--entry ${entry}: no such source file in ${root} (give it relative to the project).`,
      );
  }
  const app = findExpressApp(root, pkg, undefined, seed);
  const finding: Finding = app
    ? {
        label: "Express app",
        value: `${app.variable ?? "an unnamed app"} in ${app.file}:${app.line}`,
        evidence: app.evidence,
      }
    : {
        label: "Express app",
        value: "not found",
        evidence: seed
          ? `no express() call in ${seed} or the files it imports`
          : "no express() call from package.json main, the dev/start scripts or src/{index,app,server}: pass --entry <file>",
      };
  return { app, finding };
}

/** TypeScript or JavaScript: for Express, the app file's own extension decides. */
function language(root: string, framework: Framework, appFile: string | undefined): Finding {
  if (appFile) {
    const typescript = /\.[cm]?tsx?$/.test(appFile);
    return {
      label: "Language",
      value: typescript ? "TypeScript" : "JavaScript",
      evidence: `the app file is ${appFile}`,
    };
  }
  const tsconfig = existsSync(join(root, "tsconfig.json"));
  const tsx = framework === "solid-start" && existsSync(join(root, "src/app.tsx"));
  return {
    label: "Language",
    value: tsconfig || tsx ? "TypeScript" : "JavaScript",
    evidence: tsconfig ? "tsconfig.json" : tsx ? "src/app.tsx" : "no tsconfig.json",
  };
}

/** ESM or CommonJS: the app file's own, else the package's default. */
function modules(root: string, pkg: PackageJson, appFile: string | undefined): Finding {
  if (appFile) {
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
 * Reads a project without changing it. Every finding carries its evidence; anything that cannot
 * be recognised is one clear error naming the flag that resolves it.
 */
export function detectProject(cwd: string, options: DetectOptions = {}): ProjectInfo {
  const root = findPackageRoot(cwd);
  const pkg = readPackageJson(root);
  const hasFramework = dependencyRange(pkg, "express") || dependencyRange(pkg, "@solidjs/start");
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
  const solid =
    framework.framework === "solid-start" ? detectSolidApp(root, framework.major) : undefined;
  const found =
    framework.framework === "express" ? expressFindings(root, pkg, options.entry) : undefined;
  const express = found?.app;
  const languageFinding = language(root, framework.framework, express?.file);
  const findings: Finding[] = [
    { label: "Project", value: root, evidence: "nearest package.json" },
    {
      label: "Framework",
      value: `${framework.framework === "express" ? "Express" : "SolidStart"} ${framework.major}`,
      evidence: solid ? solidEvidence(root, pkg, framework.evidence, solid) : framework.evidence,
    },
    languageFinding,
    modules(root, pkg, express?.file),
  ];
  const packageManager = detectPackageManager(root, pkg);
  findings.push({
    label: "Package manager",
    value: packageManager.name,
    evidence: packageManager.evidence,
  });
  if (found) findings.push(found.finding);
  if (solid)
    findings.push({
      label: "SolidStart config",
      value: solid.configFile ?? "none",
      evidence: solid.alias ? `import alias ${solid.alias} → src/` : "relative imports",
    });
  const chain = express?.chain ?? [];
  const env = detectEnvLoading(root, pkg, chain, framework.framework);
  findings.push({ label: "Env loading", value: env.how, evidence: env.evidence });
  const envFile = chooseEnvFile(root, pkg, chain, env);
  findings.push({ label: "Env file", value: envFile.file, evidence: envFile.evidence });
  const port = detectPort(
    root,
    pkg,
    express ? chain : solid?.configFile ? [solid.configFile] : [],
    framework.framework,
  );
  findings.push({ label: "Dev port", value: String(port.port), evidence: port.evidence });
  const git = gitState(root);
  return {
    root,
    pkg,
    framework,
    typescript: languageFinding.value === "TypeScript",
    esm: pkg.type === "module",
    packageManager,
    express,
    solid,
    env,
    envFile,
    port: port.port,
    git,
    findings,
  };
}

/** "@solidjs/start ^1.3.2 in package.json, app.config.ts, vinxi, src/routes": what was seen. */
function solidEvidence(root: string, pkg: PackageJson, version: string, solid: SolidApp): string {
  const seen = [
    version,
    solid.configFile,
    dependencyRange(pkg, "vinxi") ? "vinxi" : undefined,
    existsSync(join(root, solid.routesDir)) ? solid.routesDir : undefined,
  ];
  return seen.filter(Boolean).join(", ");
}

/** The project-relative form of a path. */
export function rel(project: ProjectInfo, path: string): string {
  return relative(project.root, join(project.root, path));
}
