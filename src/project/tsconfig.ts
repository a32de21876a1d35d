import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { ts } from "../syntax/ts-morph.js";

/** TypeScript's view of the project (tsconfig with `extends` followed). */
export interface TsConfigView {
  file: string;
  /** Lower-cased names: `nodenext`, `node16`, `bundler`, `node10`, `commonjs`, `esnext`, … */
  module: string | undefined;
  moduleResolution: string | undefined;
}

const lower = (value: string | undefined) => value?.toLowerCase();

/** tsconfig.json as TypeScript resolves it (`extends` followed); undefined without one. */
export function readTsConfig(root: string): TsConfigView | undefined {
  const path = join(root, "tsconfig.json");
  if (!existsSync(path)) return undefined;
  const read = ts.readConfigFile(path, ts.sys.readFile);
  if (read.error) return { file: "tsconfig.json", module: undefined, moduleResolution: undefined };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(path));
  const { module, moduleResolution } = parsed.options;
  return {
    file: "tsconfig.json",
    module: module === undefined ? undefined : lower(ts.ModuleKind[module]),
    moduleResolution:
      moduleResolution === undefined ? undefined : lower(ts.ModuleResolutionKind[moduleResolution]),
  };
}

/** The resolution TypeScript uses: the configured one, else `module`'s default. */
export function moduleResolution(view: TsConfigView): string {
  if (view.moduleResolution) return view.moduleResolution;
  if (view.module === "nodenext" || view.module === "node16") return view.module;
  return view.module === "commonjs" || view.module === undefined ? "node10" : "classic";
}

/**
 * Whether TypeScript reads package.json `exports` (`@create-auth/runtime/express` and the other
 * entry points exist only there): Node16, NodeNext and Bundler do; Node10 and Classic do not.
 */
export function readsPackageExports(view: TsConfigView): boolean {
  return ["node16", "nodenext", "bundler"].includes(moduleResolution(view));
}
