import { shadowedFolders } from "../../project/module-collision.js";
import type { Rule } from "../types.js";

export const moduleShadowsFolder: Rule = {
  id: "module-shadows-folder",
  severity: "error",
  summary:
    "An auth file with the module name of a folder that has an index (`src/auth.ts` and `src/auth/`).",
  check(context) {
    const files = [...new Set([context.setup.config.file, ...context.setup.files])];
    return shadowedFolders(context.root, files).map(({ file, folder }) => ({
      file,
      message: `${file} has the module name of the folder ${folder}/, which has an index file.`,
      why: `An import of "./${folder.split("/").at(-1)}" resolves to ${file}, never to ${folder}/index: code that meant the folder gets the wrong module, and bundlers (SolidStart's build) fail.`,
      fix: `Rename ${file} (e.g. to ${file.replace(/(\.[cm]?[jt]sx?)$/, ".config$1")}) and update its imports; \`npx create-auth init\` picks such a name itself.`,
    }));
  },
};
