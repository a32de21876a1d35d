import type { SourceFile } from "ts-morph";
import type { CheckContext, Rule } from "../../../check/types.js";
import { sourceFiles } from "../../../project/source-files.js";
import { parse } from "../../../syntax/parse.js";
import { Node } from "../../../syntax/ts-morph.js";
import { unwrap, variableValue } from "../../../syntax/values.js";
import { fastifyCalls } from "../fastify-app.js";
import { fastifyCliApp, findFastifyApp } from "../find-fastify-app.js";

/** Whether server options trust a proxy: `trustProxy` present and not `false` (or not a literal). */
function trusts(options: Node | undefined, file: SourceFile): boolean | "unknown" {
  let value = unwrap(options);
  if (Node.isIdentifier(value)) value = variableValue(file, value.getText());
  if (options === undefined) return false;
  if (!Node.isObjectLiteralExpression(value)) return "unknown";
  const property = value.getProperty("trustProxy");
  if (!property) return false;
  if (!Node.isPropertyAssignment(property)) return "unknown";
  const setting = unwrap(property.getInitializer());
  return !Node.isFalseLiteral(setting);
}

/**
 * The `Fastify()` calls that create the app and whether each trusts a proxy: the app's own (found
 * from the entries, as `init` finds it), else every call in the sources.
 */
function instances(context: CheckContext) {
  const found: { file: string; line: number; trusted: boolean | "unknown" }[] = [];
  const app = findFastifyApp(context.root, context.pkg);
  const files = app?.kind === "instance" ? [app.file] : sourceFiles(context.root);
  for (const file of files) {
    const text = context.text(file);
    if (!/fastify/.test(text)) continue;
    const source = parse(text, file);
    for (const { call } of fastifyCalls(source))
      found.push({
        file,
        line: call.getStartLineNumber(),
        trusted: trusts(call.getArguments()[0], source),
      });
  }
  return found;
}

/** fastify-cli: `--trust-proxy-*` in the script, FASTIFY_TRUST_PROXY_* set, or `--options` exporting it. */
function cliTrusts(context: CheckContext, file: string, script: string): boolean {
  const command = context.pkg.scripts?.[script] ?? "";
  if (/--trust-proxy-(?:enabled|ips|hop)\b/.test(command)) return true;
  if (
    ["ENABLED", "IPS", "HOP"].some((kind) => context.env.get(`FASTIFY_TRUST_PROXY_${kind}`)?.value)
  )
    return true;
  if (!/(?:^|\s)(?:-o|--options)\b/.test(command)) return false;
  const source = parse(context.text(file), file);
  const options = source.getVariableDeclaration("options");
  return options?.isExported() === true && trusts(options.getInitializer(), source) !== false;
}

/** Fastify: an https AUTH_URL behind a proxy Fastify does not trust. */
export const fastifyHttpsWithoutTrustProxy: Rule = {
  id: "fastify-https-without-trust-proxy",
  severity: "warning",
  summary: "AUTH_URL is https but Fastify does not trust the proxy in front of it (`trustProxy`).",
  check(context) {
    const url = context.env.get("AUTH_URL");
    if (!url?.value.startsWith("https://")) return [];
    const calls = instances(context);
    if (calls.some((call) => call.trusted !== false)) return [];
    const cli = calls.length === 0 ? fastifyCliApp(context.root, context.pkg) : undefined;
    if (calls.length === 0 && (!cli || cliTrusts(context, cli.file, cli.script))) return [];
    const [first] = calls;
    return [
      {
        file: first?.file ?? url.file,
        line: first?.line ?? url.line,
        message: `AUTH_URL is ${url.value}, but ${cli ? `fastify-cli (scripts.${cli.script}) starts Fastify` : "Fastify() is created"} without \`trustProxy\`.`,
        why: "HTTPS usually ends at a proxy, so Fastify sees plain HTTP from the proxy's address: request.protocol and request.ip describe the proxy. Sign-in rate limiting keys on request.ip, so every client shares the proxy's address and one client's attempts lock everyone out; your own code reading request.protocol disagrees with the runtime, which goes by AUTH_URL.",
        fix: cli
          ? `Start the app with \`fastify start --trust-proxy-hop 1\` (the number of proxies in front of it; fastify-cli 7.2 and later), or export \`options = { trustProxy: 1 }\` from ${cli.file} and start it with \`--options\`.`
          : "Pass `trustProxy` to Fastify(): the proxy's address or the number of hops (`Fastify({ trustProxy: 1 })`).",
      },
    ];
  },
};
