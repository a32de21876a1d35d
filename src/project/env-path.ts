import { relative, resolve, sep } from "node:path";
import { CliError } from "../errors.js";

/**
 * `--env-path` as the project names it: relative to the project root with `/` separators (what
 * `.gitignore` and the generated loader need). A path outside the project is refused.
 */
export function envPathFlag(root: string, file: string): string {
  const path = relative(root, resolve(root, file)).split(sep).join("/");
  if (!path || path.endsWith("/") || path.startsWith("../") || path === "..")
    throw new CliError(
      "invalid_flag",
      `--env-path must name a file inside the project (got "${file}").`,
    );
  return path;
}
