import {
  findsRuntime,
  MIN_TYPESCRIPT,
  moduleResolution,
  typescriptTooOld,
} from "../../project/tsconfig.js";
import type { Rule } from "../types.js";

export const tsconfigModuleResolution: Rule = {
  id: "tsconfig-module-resolution",
  severity: "error",
  summary:
    "TypeScript cannot find or read the runtime's declarations (classic resolution, TypeScript < 4.9).",
  check(context) {
    const tsconfig = context.tsconfig;
    if (!tsconfig) return [];
    const findings: ReturnType<Rule["check"]> = [];
    if (!findsRuntime(tsconfig)) {
      findings.push({
        file: tsconfig.file,
        message: `tsconfig.json resolves modules as "${moduleResolution(tsconfig)}", which never looks in node_modules for a package's entry points.`,
        why: 'TypeScript then cannot find "@create-auth/runtime/express" and its other entry points: the build fails with TS2307.',
        fix: 'Set "moduleResolution" to "NodeNext" or "Node10" (Node apps), or "Bundler" (Vite/SolidStart).',
      });
    }
    const old = typescriptTooOld(context.root);
    if (old) {
      findings.push({
        file: "package.json",
        message: `The project builds with TypeScript ${old}; the runtime's declarations need ${MIN_TYPESCRIPT} or later.`,
        why: "Older compilers cannot parse them (TS1005 on `export { type … }`) or report errors inside them, so the build fails.",
        fix: `Upgrade TypeScript: npm install --save-dev typescript@^5 (any version from ${MIN_TYPESCRIPT}).`,
      });
    }
    return findings;
  },
};
