import type { SourceFile } from "ts-morph";
import type { Rule } from "../check/types.js";
import type { Answers } from "../commands/init/answers.js";
import type { OrmDetection } from "../orm/types.js";
import type { PlanBuilder } from "../plan/change-set.js";
import type { DevPort } from "../project/dev-port.js";
import type { EnvLoading, FrameworkEnv } from "../project/environment.js";
import type { GitState } from "../project/git.js";
import type { PackageJson } from "../project/package-json.js";
import type { PackageManager } from "../project/package-manager.js";
import type { Project } from "../syntax/ts-morph.js";
import type { AuthSetup } from "./auth-setup.js";

/** The framework a project uses, its major version, and how detection knows. */
export interface FrameworkInfo<Id extends string = string> {
  framework: Id;
  major: number;
  /** The installed version, else the declared range. */
  version: string;
  evidence: string;
}

/** Something detection found, with what it saw. */
export interface Finding {
  label: string;
  value: string;
  evidence: string;
}

/** What detection finds in every project, whatever its framework. */
export interface ProjectBase {
  root: string;
  pkg: PackageJson;
  /** Whether generated files are TypeScript: the app file's language when the framework has one. */
  typescript: boolean;
  /** `"type": "module"`: `.js` files are ES modules. */
  esm: boolean;
  packageManager: PackageManager;
  env: EnvLoading;
  /** The env file the app reads (the default of `--env-path`), with why. */
  envFile: { file: string; evidence: string };
  port: number;
  git: GitState;
  /** The ORM set-ups the app already has (Prisma, Drizzle, Kysely), in registry order. */
  orms: OrmDetection[];
  findings: Finding[];
  /** What detection could not find and `init` works around, printed before the questions. */
  warnings: string[];
}

/**
 * A project of one framework: what every project has, the framework, and `app`: what that
 * framework's module found (Express: the file and variable that create the app; SolidStart: its
 * config file, routes folder and import alias). `ProjectInfo` in the registry is the union of
 * these over every module, keyed by `framework.framework`.
 */
export interface ProjectOf<Id extends string, App> extends ProjectBase {
  framework: FrameworkInfo<Id>;
  app: App;
}

/** What a module's detection reports; `detectProject` adds what every project shares. */
export interface Detection<App> {
  app: App;
  /**
   * The file whose extension and syntax decide the language and module system of the generated
   * code (Express: the file that calls `express()`); undefined when the project decides.
   */
  appFile: string | undefined;
  /** Evidence of the Framework finding: the version's, and anything else the module saw. */
  evidence: string;
  /** The framework's own findings, listed after the package manager. */
  findings: Finding[];
  /** Files from the entry to the app, in import order: env loading may sit in any of them. */
  chain: string[];
  port: DevPort;
  warnings: string[];
}

/** What a module's detection starts from. */
export interface DetectInput {
  root: string;
  pkg: PackageJson;
  framework: FrameworkInfo;
  /** `--entry`: the file to start looking for the app from. */
  entry: string | undefined;
}

/** Where a framework serves the auth endpoints, as read back from the sources. */
export interface EndpointMount {
  /** The id of the framework that serves them this way. */
  framework: string;
  file: string;
  /** The line of the mount; absent when a whole file is the mount (a SolidStart route). */
  line?: number;
  /** The URL path as written, wildcards included; undefined for a mount without a path. */
  path: string | undefined;
  /** The line the path is written on (a call may span lines). */
  pathLine?: number;
}

/** The generated configuration module's framework-specific parts. */
export interface ConfigShape {
  /** The runtime's handler that takes the configuration: `ExpressAuth`. */
  handler: string;
  /** The type of the configuration object: `ExpressAuthConfig`. */
  typeName: string;
  /** The runtime entry point both come from: `@create-auth/runtime/express`. */
  importPath: string;
  /** The option that carries the mount path: `basePath` (Express) or `prefix` (SolidStart). */
  mountOption: "basePath" | "prefix";
}

/**
 * An `init` option only some frameworks take. `--help` shows it once, prefixed with the names of
 * the frameworks that declare it (`Express: the file that creates the app, …`).
 */
export interface CliOption {
  flags: string;
  description: string;
}

/**
 * Everything the CLI knows about one framework, in one folder (`src/frameworks/<id>/`) and one
 * registry line: what it is, how it is detected (with evidence), what `init` plans for it, how
 * its mounts are read back for `add-provider` and `check`, and its own `check` rules. Commands,
 * plans and the generic rules only ever go through this interface.
 */
export interface FrameworkModule<Id extends string = string, App = unknown> {
  /** `--framework` value and the key of everything framework-specific. */
  id: Id;
  /** How output names it: `Express`. */
  name: string;
  /** The npm package whose presence in package.json means this framework. */
  packageName: string;
  /** The major versions the CLI generates for. */
  majors: readonly number[];
  /** Auth.js's package for this framework, if it has one: its imports also mark auth files. */
  authjsPackage?: string;
  /** Where the endpoints live unless `--mount` says otherwise. */
  defaultMount: string;
  /**
   * The default mount of one project, when its app decides it (a Hono app created with
   * `.basePath("/api")` serves everything below /api); `defaultMount` otherwise.
   */
  defaultMountOf?(project: ProjectOf<Id, App>): string;
  config: ConfigShape;
  /** Env files the framework's dev server loads itself; undefined when the app loads its own. */
  env: FrameworkEnv | undefined;
  /**
   * Env files this project's runner loads itself, when that depends on the project rather than
   * on the framework (fastify-cli's `fastify start` loads `.env`); `env` applies when absent or
   * undefined. Read through `frameworkEnv(module, pkg)`.
   */
  projectEnv?(pkg: PackageJson): FrameworkEnv | undefined;
  /** A file whose presence means TypeScript when there is no tsconfig.json (`src/app.tsx`). */
  typescriptMarker: string | undefined;
  /** Whether its apps can be CommonJS (they then `require()` the ES-module runtime). */
  commonJs: boolean;
  /** Whether `init` can protect pages with middleware (`--protect`). */
  protectsPaths: boolean;
  /** false: `--protect` is taken, but the wizard does not ask for paths (default: it asks). */
  asksToProtect?: boolean;
  /** `init` options only this framework takes. */
  cliOptions: readonly CliOption[];
  /** The major version from the project's files, when package.json's range does not tell. */
  majorFromFiles?(root: string, pkg: PackageJson): { major: number; evidence: string } | undefined;
  /** Added to "no framework found" (a legacy package that is not supported, …). */
  notFoundHint?(pkg: PackageJson): string | undefined;
  /** Detection with evidence: the app, the files that lead to it, the dev port. */
  detect(input: DetectInput): Detection<App>;
  /**
   * `init`'s changes for this framework: the configuration module, the env loader, the mount or
   * route and what registers it. Returns the configuration file and whether it existed.
   */
  plan(
    plan: PlanBuilder,
    project: ProjectOf<Id, App>,
    answers: Answers,
  ): { configFile: string; existed: boolean };
  /** The mounts of the auth endpoints in one parsed source file of the project at `root`. */
  readMounts(source: SourceFile, file: string, root: string): EndpointMount[];
  /** Where the endpoints live, as the runtime will see them, with where that was read. */
  endpointBase(setup: AuthSetup): { path: string; evidence: string };
  /** The dev server's port, for callback URLs, in a project that is already set up. */
  devPort(root: string, pkg: PackageJson, setup: AuthSetup, major: number | undefined): number;
  /** Files from the entry to the app, in a project that is already set up (for its env file). */
  sourceChain(root: string, pkg: PackageJson, project: Project): string[];
  /** The `auth-not-mounted` finding when the sources show no mount of this framework. */
  notMounted: { what: string; message: string; why: string; fix: string };
  /** `check` rules that apply to this framework only (run on its projects only). */
  checkRules: readonly Rule[];
}
