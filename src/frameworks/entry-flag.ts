import { CliError } from "../errors.js";
import { entrySource } from "../project/source-path.js";

/**
 * The source file `--entry` names, relative to the project (undefined without the flag); a file
 * that is not there is refused, naming it.
 */
export function entryFlag(root: string, entry: string | undefined): string | undefined {
  if (!entry) return undefined;
  const seed = entrySource(root, entry);
  if (!seed)
    throw new CliError(
      "invalid_flag",
      `--entry ${entry}: no such source file in ${root} (give it relative to the project).`,
    );
  return seed;
}
