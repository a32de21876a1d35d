import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The layout of a SolidStart project, as `init` needs it. */
export interface SolidApp {
  /** `app.config.ts` (1.x) or `vite.config.ts` (2.x). */
  configFile: string | undefined;
  routesDir: string;
  /** The import prefix for `src/` (`~/` from tsconfig paths), or undefined for relative imports. */
  alias: string | undefined;
  middlewareFile: string | undefined;
}

function findFirst(root: string, names: string[]): string | undefined {
  return names.find((name) => existsSync(join(root, name)));
}

/** The SolidStart layout: config file, routes folder, `~` alias, existing middleware. */
export function detectSolidApp(root: string, major: number | undefined): SolidApp {
  const stem = major === 1 ? "app.config" : "vite.config";
  const configFile = findFirst(
    root,
    ["ts", "mts", "js", "mjs"].map((ext) => `${stem}.${ext}`),
  );
  let alias: string | undefined;
  for (const name of ["tsconfig.json", "jsconfig.json"]) {
    if (!existsSync(join(root, name))) continue;
    const text = readFileSync(join(root, name), "utf8");
    // tsconfig allows comments; a "~/*": ["./src/*"] mapping is all we look for.
    const match = /"([^"*]+)\/\*"\s*:\s*\[\s*"\.?\/?src\/\*"/.exec(text);
    if (match) alias = `${match[1]}/`;
  }
  return {
    configFile,
    routesDir: "src/routes",
    alias,
    middlewareFile: findFirst(root, [
      "src/middleware.ts",
      "src/middleware.js",
      "src/middleware/index.ts",
    ]),
  };
}
