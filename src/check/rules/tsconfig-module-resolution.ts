import type { Rule } from "../types.js";

/** Resolution modes that read package.json `exports` (the runtime's subpath entry points). */
const READS_EXPORTS = new Set(["node16", "nodenext", "bundler"]);

export const tsconfigModuleResolution: Rule = {
  id: "tsconfig-module-resolution",
  severity: "error",
  summary: "TypeScript's module resolution cannot see the runtime's subpath exports.",
  check(context) {
    const tsconfig = context.tsconfig;
    if (!tsconfig) return [];
    // TypeScript's default follows `module`: NodeNext → NodeNext, CommonJS → Node10, else Classic.
    const resolution =
      tsconfig.moduleResolution ??
      (tsconfig.module === "nodenext" || tsconfig.module === "node16"
        ? tsconfig.module
        : tsconfig.module === "commonjs" || tsconfig.module === undefined
          ? "node10"
          : "classic");
    if (READS_EXPORTS.has(resolution)) return [];
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
