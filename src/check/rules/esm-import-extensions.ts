import { parse } from "../../syntax/parse.js";
import type { Rule } from "../types.js";

/** Relative imports Node's ES module loader cannot resolve: no file extension. */
function extensionless(text: string, file: string) {
  const source = parse(text, file);
  return source
    .getImportDeclarations()
    .map((d) => ({ spec: d.getModuleSpecifierValue(), line: d.getStartLineNumber() }))
    .filter(({ spec }) => /^\.{1,2}\//.test(spec) && !/\.[cm]?[jt]sx?$|\.json$/.test(spec));
}

export const esmImportExtensions: Rule = {
  id: "esm-import-extensions",
  severity: "error",
  summary: "Relative imports without `.js` in the auth files of a NodeNext ES-module project.",
  check(context) {
    const mode = context.tsconfig?.resolution;
    const nodeEsm = (mode === "nodenext" || mode === "node16") && context.pkg.type === "module";
    if (!nodeEsm) return [];
    return context.setup.files
      .filter((file) => /\.(ts|mts)$/.test(file))
      .flatMap((file) =>
        extensionless(context.text(file), file).map(({ spec, line }) => ({
          file,
          line,
          message: `import "${spec}" has no extension.`,
          why: 'Under NodeNext with "type": "module", Node resolves ES module imports literally: TypeScript reports TS2835 and the compiled app cannot start.',
          fix: `Write "${spec}.js" (the compiled file's name).`,
        })),
      );
  },
};
