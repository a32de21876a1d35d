import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import semver from "semver";
import type * as TsMorph from "ts-morph";
import { ts } from "../syntax/ts-morph.js";
import { majorOf } from "./package-json.js";

/** TypeScript's view of the project (tsconfig with `extends` followed). */
export interface TsConfigView {
  file: string;
  /** Lower-cased names: `nodenext`, `node16`, `preserve`, `commonjs`, `esnext`, … */
  module: string | undefined;
  /** As configured (lower-cased), if it is. */
  moduleResolution: string | undefined;
  /**
   * The resolution the project's compiler applies: the configured one, else the default its
   * version derives from `module` (`preserve` → `bundler` from TypeScript 5.4): `node10`,
   * `node16`, `nodenext`, `bundler` or `classic`.
   */
  resolution: string;
}

/** `getEmitModuleResolutionKind` is exported at run time but missing from TypeScript's types. */
type Compiler = typeof ts & {
  getEmitModuleResolutionKind(options: TsMorph.ts.CompilerOptions): number;
};

/**
 * The project's own TypeScript when it can be loaded: its defaults are the ones that build the
 * app (the CLI bundles TypeScript 6, whose defaults differ from 5's). TypeScript 7 (native) has
 * no JavaScript API.
 */
function projectCompiler(root: string): Compiler | undefined {
  try {
    const own = createRequire(join(root, "package.json"))("typescript") as Compiler;
    if (typeof own.getEmitModuleResolutionKind === "function") return own;
  } catch {
    // Not installed (yet): see defaultResolution.
  }
  return undefined;
}

/** The TypeScript range the project declares (devDependencies first), if it declares one. */
function declaredTypescript(root: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    return pkg.devDependencies?.typescript ?? pkg.dependencies?.typescript;
  } catch {
    return undefined;
  }
}

/**
 * TypeScript 5's default resolution for `module` (its rule until 6.0), for a project whose own
 * compiler is not installed: `node16`/`nodenext` keep theirs, `preserve` (5.4+) is `bundler`,
 * CommonJS or none is `node10`, any other `module` is `classic`.
 */
function typescript5Default(module: string | undefined): string {
  if (module === "nodenext" || module === "node16") return module;
  if (module === "preserve") return "bundler";
  return module === "commonjs" || module === undefined ? "node10" : "classic";
}

const lower = (value: string | undefined) => value?.toLowerCase();

/** An enum member's name for `value` (aliases such as NodeJs/Node10 give the newer name). */
function enumName(values: Record<string, string | number>, value: number): string | undefined {
  const names = Object.keys(values).filter((name) => values[name] === value);
  return lower(names.at(-1));
}

/** tsconfig.json as the project's TypeScript resolves it (`extends` followed); undefined without one. */
export function readTsConfig(root: string): TsConfigView | undefined {
  const path = join(root, "tsconfig.json");
  if (!existsSync(path)) return undefined;
  const own = projectCompiler(root);
  const compiler = own ?? (ts as Compiler);
  const read = compiler.readConfigFile(path, compiler.sys.readFile);
  if (read.error) {
    return {
      file: "tsconfig.json",
      module: undefined,
      moduleResolution: undefined,
      resolution: "node10",
    };
  }
  const parsed = compiler.parseJsonConfigFileContent(read.config, compiler.sys, dirname(path));
  const { module, moduleResolution } = parsed.options;
  const kinds = compiler.ModuleResolutionKind as unknown as Record<string, string | number>;
  const modules = compiler.ModuleKind as unknown as Record<string, string | number>;
  const configured = moduleResolution === undefined ? undefined : enumName(kinds, moduleResolution);
  const moduleName = module === undefined ? undefined : enumName(modules, module);
  // Without the project's own compiler, the bundled one decides only for a project on
  // TypeScript 6 or later; otherwise TypeScript 5's rule (what most projects build with).
  const major = own ? undefined : majorOf(declaredTypescript(root));
  const effective =
    own || (major !== undefined && major >= 6)
      ? enumName(kinds, compiler.getEmitModuleResolutionKind(parsed.options))
      : (configured ?? typescript5Default(moduleName));
  return {
    file: "tsconfig.json",
    module: moduleName,
    moduleResolution: configured,
    resolution: effective === "nodejs" || effective === undefined ? "node10" : effective,
  };
}

/** The resolution TypeScript uses (see {@link TsConfigView.resolution}). */
export function moduleResolution(view: TsConfigView): string {
  return view.resolution;
}

/**
 * Whether TypeScript finds the runtime's entry points: every resolution but `classic` does.
 * Node16, NodeNext and Bundler read package.json `exports`; Node10 reads the stub folders the
 * runtime ships for each entry point (`express/package.json`, …); Classic never looks in
 * `node_modules` for them.
 */
export function findsRuntime(view: TsConfigView): boolean {
  return view.resolution !== "classic";
}

/** The oldest TypeScript that reads the runtime's declarations (`export { type X }`, …). */
export const MIN_TYPESCRIPT = "4.9.0";

/**
 * The TypeScript the project builds with: the installed compiler's version, else the lowest
 * version its declared range admits; undefined when it declares none.
 */
export function typescriptVersion(root: string): string | undefined {
  const own = projectCompiler(root) as (Compiler & { version?: string }) | undefined;
  if (own?.version) return own.version;
  const range = declaredTypescript(root);
  return range && semver.validRange(range) ? semver.minVersion(range)?.version : undefined;
}

/** The project's TypeScript version when it is older than {@link MIN_TYPESCRIPT}; else undefined. */
export function typescriptTooOld(root: string): string | undefined {
  const version = typescriptVersion(root);
  return version && semver.valid(version) && semver.lt(version, MIN_TYPESCRIPT)
    ? version
    : undefined;
}
