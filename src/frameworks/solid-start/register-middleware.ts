import { parse } from "../../syntax/parse.js";
import { detectStyle, quoted } from "../../syntax/source-style.js";
import { insertAt } from "../../syntax/text-edit.js";
import { Node, SyntaxKind } from "../../syntax/ts-morph.js";

/**
 * Registers `src/middleware.ts` in the SolidStart config: `defineConfig({ middleware })` for 1.x,
 * `solidStart({ middleware })` for 2.x. Returns undefined when the shape is not recognised.
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
    const properties = argument.getProperties();
    const insertion = properties.length
      ? `, middleware: ${quoted(value, style)}`
      : ` middleware: ${quoted(value, style)} `;
    const position = properties.length ? properties.at(-1)!.getEnd() : argument.getStart() + 1;
    return insertAt(text, position, insertion);
  }
  return undefined;
}
