import { existsSync } from "node:fs";
import { join } from "node:path";
import { insertPropertyAfter } from "../edit/object-property.js";
import type { PlanBuilder } from "../plan/change-set.js";
import { dependencyRange, type PackageJson } from "../project/package-json.js";
import { parse } from "../syntax/parse.js";
import { Node } from "../syntax/ts-morph.js";
import { propertyValue, unwrap } from "../syntax/values.js";

const CONFIG_FILES = ["jest.config.js", "jest.config.cjs", "jest.config.ts"];

/**
 * The Jest options that let ts-jest compile Auth.js's packages (`@auth/*`: the adapter and the
 * `@auth/core` it may import, all ES modules only) for Jest's CommonJS loader.
 */
function options() {
  return {
    transform: { "^.+/@auth/.+\\.js$": ["ts-jest", { tsconfig: { allowJs: true } }] },
    transformIgnorePatterns: ["/node_modules/(?!@auth/)"],
  };
}

/** The step by hand, with the options to add, for set-ups this edit does not touch. */
function manualStep(where: string, adapterPackage: string, why: string): string {
  const wanted = JSON.stringify(options());
  return `Jest loads modules as CommonJS and cannot load ${adapterPackage} (an ES module only), which src/auth imports: ${why}, so add to ${where}: ${wanted} (docs/orm.md#jest).`;
}

/** `module.exports = { … }` or `export default { … }`: the object literal of a Jest config file. */
function configObject(text: string, file: string) {
  const source = parse(text, file);
  for (const statement of source.getStatements()) {
    if (Node.isExportAssignment(statement)) {
      const value = unwrap(statement.getExpression());
      if (Node.isObjectLiteralExpression(value)) return value;
    }
    if (Node.isExpressionStatement(statement)) {
      const expression = statement.getExpression();
      if (
        Node.isBinaryExpression(expression) &&
        expression.getLeft().getText() === "module.exports"
      ) {
        const value = unwrap(expression.getRight());
        if (Node.isObjectLiteralExpression(value)) return value;
      }
    }
  }
  return undefined;
}

/**
 * A CommonJS app tested with ts-jest: the ORM's Auth.js adapter is an ES module only, which
 * Jest's own module loader refuses (`SyntaxError: Unexpected token 'export'`) the moment a test
 * imports the app, although Node and ts-node load it. The app's Jest configuration gets ts-jest
 * to compile that one package (a `transform` entry and `transformIgnorePatterns` that let it
 * through); a configuration that already sets either, or is not a plain object, gets the same
 * as a step by hand. Nothing happens for ES-module apps or apps without Jest.
 */
export function planJestForEsmAdapter(
  plan: PlanBuilder,
  pkg: PackageJson,
  esm: boolean,
  adapterPackage: string,
): void {
  if (esm || !dependencyRange(pkg, "jest")) return;
  const wanted = options();
  if (!dependencyRange(pkg, "ts-jest")) {
    plan.manual.push(
      manualStep("your Jest configuration", adapterPackage, "this app does not use ts-jest"),
    );
    return;
  }
  const file = CONFIG_FILES.find((name) => existsSync(join(plan.root, name)));
  if (!file) {
    const text = plan.read("package.json") ?? "";
    const parsed = JSON.parse(text) as { jest?: Record<string, unknown> };
    if (!parsed.jest) {
      // ts-jest's own preset plus the adapter: what `jest` reads when nothing else configures it.
      plan.write(
        "jest.config.js",
        `module.exports = ${JSON.stringify({ preset: "ts-jest", testEnvironment: "node", ...wanted }, null, 2)};\n`,
        `let Jest load ${adapterPackage}`,
      );
      return;
    }
    if (JSON.stringify(parsed.jest).includes("@auth/")) return;
    if (parsed.jest.transformIgnorePatterns) {
      plan.manual.push(
        manualStep(
          '"jest" in package.json',
          adapterPackage,
          "its transformIgnorePatterns are the app's own",
        ),
      );
      return;
    }
    const jest = {
      ...parsed.jest,
      transform: { ...(parsed.jest.transform as object | undefined), ...wanted.transform },
      transformIgnorePatterns: wanted.transformIgnorePatterns,
    };
    const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? "  ";
    plan.write(
      "package.json",
      `${JSON.stringify({ ...parsed, jest }, null, indent)}\n`,
      `let Jest load ${adapterPackage}`,
    );
    return;
  }
  const text = plan.read(file) ?? "";
  if (text.includes("@auth/")) return;
  const object = configObject(text, file);
  if (
    !object ||
    propertyValue(object, "transform") ||
    propertyValue(object, "transformIgnorePatterns")
  ) {
    plan.manual.push(
      manualStep(
        file,
        adapterPackage,
        object
          ? "it sets transform or transformIgnorePatterns itself"
          : "its options are not a plain object",
      ),
    );
    return;
  }
  const last = object.getProperties().at(-1);
  const entries = [
    `transform: ${JSON.stringify(wanted.transform)}`,
    `transformIgnorePatterns: ${JSON.stringify(wanted.transformIgnorePatterns)}`,
  ];
  let edited = text;
  if (!last) {
    edited = `${text.slice(0, object.getStart() + 1)} ${entries.join(", ")} ${text.slice(object.getEnd() - 1)}`;
  } else {
    // Inserted in reverse so both follow the last property in order.
    for (const entry of entries.reverse()) edited = insertPropertyAfter(edited, last, entry);
  }
  plan.write(file, edited, `let Jest load ${adapterPackage}`);
}
