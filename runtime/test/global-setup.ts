import type { TestProject } from "vitest/node";
// @ts-expect-error: a plain .mjs script without types
import { packRuntime } from "../../scripts/pack-runtime.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the packed @create-auth/runtime tarball, built once per test run. */
    runtimeTarball: string;
  }
}

/** Builds and packs the runtime once, before any test file runs. */
export default function setup(project: TestProject) {
  project.provide("runtimeTarball", packRuntime() as string);
}
