import { moduleResolution, readsPackageExports } from "../../project/tsconfig.js";
import type { Rule } from "../types.js";

export const tsconfigModuleResolution: Rule = {
  id: "tsconfig-module-resolution",
  severity: "error",
  summary: "TypeScript's module resolution cannot see the runtime's subpath exports.",
  check(context) {
    const tsconfig = context.tsconfig;
    if (!tsconfig || readsPackageExports(tsconfig)) return [];
    const resolution = moduleResolution(tsconfig);
    return [
      {
        file: tsconfig.file,
        message: `tsconfig.json resolves modules as "${resolution}", which ignores package.json "exports".`,
        why: 'TypeScript then cannot find "@create-auth/runtime/express" and its other entry points: the build fails with TS2307.',
        fix: 'Set "module": "NodeNext" and "moduleResolution": "NodeNext" (Node apps) or "moduleResolution": "Bundler" (Vite/SolidStart).',
      },
    ];
  },
};
