import type { SourceFile } from "ts-morph";
import type { Rule } from "../../../check/types.js";
import { sourceFiles } from "../../../project/source-files.js";
import { parse } from "../../../syntax/parse.js";
import { Node, SyntaxKind } from "../../../syntax/ts-morph.js";
import { unwrap } from "../../../syntax/values.js";

/** `app.set("trust proxy", …)`, `app.enable("trust proxy")` or `app.disable(…)`, as written. */
interface TrustProxy {
  file: string;
  line: number;
  value: boolean | "dynamic";
}

function trustProxySetting(source: SourceFile, file: string): TrustProxy | undefined {
  for (const call of source.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const [name, value] = call.getArguments().map((arg) => unwrap(arg));
    if (!Node.isStringLiteral(name) || name.getLiteralValue() !== "trust proxy") continue;
    const line = call.getStartLineNumber();
    if (callee.getName() === "enable") return { file, line, value: true };
    if (callee.getName() === "disable") return { file, line, value: false };
    if (callee.getName() !== "set") continue;
    if (Node.isFalseLiteral(value)) return { file, line, value: false };
    if (Node.isTrueLiteral(value) || Node.isNumericLiteral(value) || Node.isStringLiteral(value))
      return {
        file,
        line,
        value: !(Node.isNumericLiteral(value) && value.getLiteralValue() === 0),
      };
    return { file, line, value: "dynamic" };
  }
  return undefined;
}

/** The first trust proxy setting in the sources (it lives in the app file, which need not import the runtime). */
function trustProxy(root: string, text: (file: string) => string): TrustProxy | undefined {
  for (const file of sourceFiles(root)) {
    const source = text(file);
    if (!source.includes("trust proxy")) continue;
    const setting = trustProxySetting(parse(source, file), file);
    if (setting) return setting;
  }
  return undefined;
}

/** Express: an https AUTH_URL behind a proxy Express does not trust. */
export const httpsWithoutTrustProxy: Rule = {
  id: "https-without-trust-proxy",
  severity: "warning",
  summary: "AUTH_URL is https but Express does not trust the proxy in front of it.",
  check(context) {
    const url = context.env.get("AUTH_URL");
    if (!url?.value.startsWith("https://")) return [];
    const trust = trustProxy(context.root, context.text);
    if (trust && trust.value !== false) return [];
    return [
      {
        file: trust?.file ?? url.file,
        line: trust?.line ?? url.line,
        message: `AUTH_URL is ${url.value}, but Express has no \`app.set("trust proxy", …)\`${trust ? " (it is disabled)" : ""}.`,
        why: "HTTPS usually ends at a proxy, so Express sees plain HTTP: req.protocol, req.secure and req.ip describe the proxy, and code or libraries that decide cookie security from them (Auth.js's getSession does) disagree with the runtime, which goes by AUTH_URL.",
        fix: 'Add `app.set("trust proxy", 1)` (the number of proxies in front of the app) after `express()`.',
      },
    ];
  },
};
