import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse as parseYaml } from "yaml";
import { CliError } from "../errors.js";
import { findPackageRoot } from "./package-json.js";
import { findWorkspaceRoot } from "./workspace.js";

/** The files Yarn's Plug'n'Play writes instead of `node_modules`. */
const PNP_FILES = [".pnp.cjs", ".pnp.js", ".pnp.loader.mjs"];

/** The `nodeLinker` a .yarnrc.yml sets, if it can be read. */
function nodeLinker(dir: string): string | undefined {
  const file = join(dir, ".yarnrc.yml");
  if (!existsSync(file)) return undefined;
  try {
    const linker = (parseYaml(readFileSync(file, "utf8")) as { nodeLinker?: unknown } | null)
      ?.nodeLinker;
    return typeof linker === "string" ? linker : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a Yarn Plug'n'Play project before anything is read or written: init finds the
 * framework's version, the TypeScript and the runtime in `node_modules`, and the app resolves
 * `@create-auth/runtime/express` from there too; Plug'n'Play has no such folder. The project and
 * its workspace root are looked at (Yarn writes `.pnp.cjs` next to the root's lockfile); a
 * .yarnrc.yml that already asks for `node_modules` leaves a stale `.pnp.cjs` alone.
 */
export function refusePlugAndPlay(cwd: string): void {
  const root = findPackageRoot(cwd);
  const dirs = [root, findWorkspaceRoot(root)?.root].filter((dir) => dir !== undefined);
  for (const dir of dirs) {
    const found = PNP_FILES.find((file) => existsSync(join(dir, file)));
    if (!found) continue;
    const linker = nodeLinker(dir);
    if (linker === "node-modules" || linker === "pnpm") continue;
    const where = relative(root, join(dir, found)) || found;
    const yarnrc = relative(root, join(dir, ".yarnrc.yml")) || ".yarnrc.yml";
    throw new CliError(
      "plug_and_play",
      `Yarn Plug'n'Play found (${where}${linker ? `, nodeLinker: ${linker} in ${yarnrc}` : ""}): create-auth reads the installed packages from node_modules and the app imports the runtime from there, which Plug'n'Play does not create. Nothing was changed. Add "nodeLinker: node-modules" to ${yarnrc}, run yarn install, then run init again.`,
      undefined,
      { file: where },
    );
  }
}
