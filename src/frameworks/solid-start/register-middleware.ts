import { insertPropertyAfter } from "../../edit/object-property.js";
import { parse } from "../../syntax/parse.js";
import { detectStyle, quoted } from "../../syntax/source-style.js";
import { insertAt } from "../../syntax/text-edit.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";

/**
 * Registers `src/middleware.ts` in the SolidStart config: `defineConfig({ middleware })` for 1.x,
 * `solidStart({ middleware })` for 2.x, after the last option and in the object's layout. Returns
 * the text unchanged when a middleware is registered, undefined when the shape is not recognised.
 */
export function registerMiddleware(text: string, file: string, major: number): string | undefined {
  const source = parse(text, file);
  const callee = major === 1 ? "defineConfig" : "solidStart";
  const value = major === 1 ? "src/middleware.ts" : "./src/middleware.ts";
  const style = detectStyle(text);
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (call.getExpression().getText() !== callee) continue;
    const [argument] = call.getArguments();
    if (!argument)
      return insertAt(text, call.getEnd() - 1, `{ middleware: ${quoted(value, style)} }`);
    if (!Node.isObjectLiteralExpression(argument)) return undefined;
    if (argument.getProperty("middleware")) return text;
    const entry = `middleware: ${quoted(value, style)}`;
    const last = argument.getProperties().at(-1);
    return last
      ? insertPropertyAfter(text, last, entry)
      : insertAt(text, argument.getStart() + 1, ` ${entry} `);
  }
  return undefined;
}
