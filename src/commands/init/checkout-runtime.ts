import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CliError } from "../../errors.js";

/** The folder a vendored runtime tarball goes to, inside the project. */
export const VENDOR_DIR = "vendor";

/**
 * The CLI's own package root: three levels above this module, whether it runs compiled
 * (`dist/commands/init/`) or from source in the tests (`src/commands/init/`).
 */
const cliRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** The runtime next to a CLI that runs from a checkout of its repository. */
export interface CheckoutRuntime {
  /** The checkout's `runtime/` folder. */
  dir: string;
  version: string;
  /** Where the tarball lands in the project (`vendor/create-auth-runtime-0.1.0.tgz`). */
  path: string;
  /** The dependency spec written to package.json: relative, so `npm ci` works elsewhere. */
  spec: string;
}

/**
 * The runtime to vendor when this CLI runs from a checkout of the create-auth repository, else
 * undefined (the registry). The signal is the checkout itself, read from disk (no network): the
 * `runtime/` workspace and `scripts/pack-runtime.mjs` next to the CLI's package root. A
 * published `create-auth` ships only `bin`, `dist`, `schemas` and `templates`, so an installed
 * CLI never sees them and installs `@create-auth/runtime` from the registry.
 * `CREATE_AUTH_RUNTIME_FROM=registry` makes a checkout behave like the published CLI.
 */
export function checkoutRuntime(root = cliRoot, env = process.env): CheckoutRuntime | undefined {
  if (env.CREATE_AUTH_RUNTIME_FROM === "registry") return undefined;
  const dir = join(root, "runtime");
  if (!existsSync(join(root, "scripts", "pack-runtime.mjs"))) return undefined;
  let manifest: { name?: string; version?: string };
  try {
    manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (manifest.name !== "@create-auth/runtime" || !manifest.version) return undefined;
  // npm pack's name for a scoped package: `@scope/name` → `scope-name-<version>.tgz`.
  const file = `create-auth-runtime-${manifest.version}.tgz`;
  const path = `${VENDOR_DIR}/${file}`;
  return { dir, version: manifest.version, path, spec: `file:${path}` };
}

/**
 * Builds the checkout's runtime when its `dist` is missing or older than its sources, and packs
 * it: the same script the test suite packs with (`scripts/pack-runtime.mjs`, which skips both
 * when its tarball is newer than every source). Returns the tarball's absolute path.
 */
export async function packCheckoutRuntime(runtimeDir: string): Promise<string> {
  const script = join(runtimeDir, "..", "scripts", "pack-runtime.mjs");
  try {
    const { packRuntime } = (await import(pathToFileURL(script).href)) as {
      packRuntime: () => string;
    };
    return packRuntime();
  } catch (error) {
    throw new CliError(
      "runtime_pack_failed",
      `Nothing was written: packing the runtime of this checkout (${runtimeDir}) failed (${(error as Error).message.split("\n")[0]}). Run "npm ci" at the root of the checkout, or pass --runtime-spec with a runtime version or tarball.`,
      1,
      { runtime: runtimeDir },
    );
  }
}
