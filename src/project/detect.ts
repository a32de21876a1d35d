import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { CliError } from "../errors.js";
import { detectEnvLoading, detectPort, type EnvLoading } from "./environment.js";
import { type ExpressApp, findExpressApp } from "./express-app.js";
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
  typescript: boolean;
  /** `"type": "module"`: `.js` files are ES modules. */
  esm: boolean;
  packageManager: PackageManager;
  express?: ExpressApp;
  solid?: SolidApp;
  env: EnvLoading;
  port: number;
  git: GitState;
  findings: Finding[];
}

/**
 * Reads a project without changing it. Every finding carries its evidence; anything that cannot
 * be recognised is one clear error naming the flag that resolves it.
 */
export function detectProject(cwd: string, options: { framework?: Framework } = {}): ProjectInfo {
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
  const typescript =
    existsSync(join(root, "tsconfig.json")) || Boolean(dependencyRange(pkg, "typescript"));
  const findings: Finding[] = [
    { label: "Project", value: root, evidence: "nearest package.json" },
    {
      label: "Framework",
      value: `${framework.framework === "express" ? "Express" : "SolidStart"} ${framework.major}`,
      evidence: framework.evidence,
    },
    {
      label: "Language",
      value: typescript ? "TypeScript" : "JavaScript",
      evidence: typescript ? "tsconfig.json / typescript dependency" : "no tsconfig.json",
    },
    {
      label: "Modules",
      value: pkg.type === "module" ? "ESM" : "CommonJS",
      evidence: `"type": ${JSON.stringify(pkg.type ?? "commonjs")} in package.json`,
    },
  ];
  const packageManager = detectPackageManager(root, pkg);
  findings.push({
    label: "Package manager",
    value: packageManager.name,
    evidence: packageManager.evidence,
  });

  let express: ExpressApp | undefined;
  let solid: SolidApp | undefined;
  if (framework.framework === "express") {
    express = findExpressApp(root, pkg);
    if (!express) {
      throw new CliError(
        "no_express_app",
        "Could not find where the Express app is created (a `const app = express()`), starting from package.json main, the dev/start scripts and src/{index,app,server}: pass --entry <file>.",
      );
    }
    findings.push({
      label: "Express app",
      value: `${express.variable} in ${express.file}:${express.line}`,
      evidence: express.evidence,
    });
  } else {
    solid = detectSolidApp(root, framework.major);
    findings.push({
      label: "SolidStart config",
      value: solid.configFile ?? "none",
      evidence: solid.alias ? `import alias ${solid.alias} → src/` : "relative imports",
    });
  }
  const env = detectEnvLoading(root, pkg, express?.file, framework.framework);
  findings.push({ label: "Env loading", value: env.how, evidence: env.evidence });
  const port = detectPort(
    root,
    pkg,
    express ? [express.entry, express.file] : [],
    framework.framework,
  );
  findings.push({ label: "Dev port", value: String(port.port), evidence: port.evidence });
  const git = gitState(root);
  return {
    root,
    pkg,
    framework,
    typescript,
    esm: pkg.type === "module",
    packageManager,
    express,
    solid,
    env,
    port: port.port,
    git,
    findings,
  };
}

/** The project-relative form of a path. */
export function rel(project: ProjectInfo, path: string): string {
  return relative(project.root, join(project.root, path));
}
