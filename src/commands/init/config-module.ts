import { ELEMENT_INDENT, providerExpression } from "../../catalog/provider-code.js";
import { envPrefix, type ProviderInfo } from "../../catalog/providers.js";
import { importStatement } from "../../edit/imports.js";
import type { ConfigShape } from "../../frameworks/types.js";
import type { AdapterWiring } from "../../orm/types.js";
import { ormWiring } from "../../orm/workspace-wiring.js";
import { render } from "../../render.js";
import type { ModuleKind } from "../../syntax/module-kind.js";
import type { SourceStyle } from "../../syntax/source-style.js";
import type { Answers } from "./answers.js";
import { playgroundEnv } from "./playground.js";

export const CLI_VERSION = "0.1.0";

/** The code of one entry of the generated `providers` array. */
function providerEntry(provider: ProviderInfo, answers: Answers, style: SourceStyle): string {
  return `${ELEMENT_INDENT}${providerExpression(provider, answers, style)},`;
}

export interface ConfigModuleOptions {
  kind: ModuleKind;
  typescript: boolean;
  style: SourceStyle;
  /** The framework's configuration type, entry point and mount option. */
  framework: ConfigShape;
  answers: Answers;
  /** Import specifier of the env loader, when one is generated. */
  envLoader?: string;
  /** The project's root (an ORM in a workspace package is read from there). */
  root: string;
  /** Where the module is written (project-relative), for imports of the app's own modules. */
  file: string;
  /** Whether relative imports carry the emitted extension (`./db.js`). */
  withExtension: boolean;
}

/** The configured adapter: the runtime's PostgreSQL one, or the Auth.js adapter of the app's ORM. */
function adapterWiring(options: ConfigModuleOptions): AdapterWiring | undefined {
  const { answers } = options;
  const runtime = "@create-auth/runtime/adapters/postgres";
  if (answers.orm)
    return ormWiring(options.root, answers.orm, {
      configFile: options.file,
      kind: options.kind,
      withExtension: options.withExtension,
    });
  if (answers.database === "embedded")
    return {
      imports: [{ from: runtime, named: ["embeddedDatabase", "postgresAdapter"] }],
      expression: "postgresAdapter(embeddedDatabase())",
    };
  if (answers.database === "postgres")
    return {
      imports: [{ from: runtime, named: ["postgresAdapter", "postgresDatabase"] }],
      expression: "postgresAdapter(postgresDatabase())",
    };
  return undefined;
}

/** The generated auth configuration module. */
export function configModule(options: ConfigModuleOptions): string {
  const { answers, framework } = options;
  const adapter = adapterWiring(options);
  return render("shared/auth-config", {
    kind: options.kind,
    typescript: options.typescript,
    style: options.style,
    cliVersion: CLI_VERSION,
    envLoader: options.envLoader,
    configType: framework.typeName,
    configModule: framework.importPath,
    prefix: framework.mountOption === "prefix" ? answers.mount : undefined,
    basePath: framework.mountOption === "basePath" ? answers.mount : undefined,
    providers: answers.providers.map((provider) => ({
      module: provider.module,
      importName: provider.importName,
      entry: providerEntry(provider, answers, options.style),
    })),
    adapterImports: adapter?.imports.map((spec) =>
      importStatement(spec, options.kind, options.style),
    ),
    adapter: adapter?.expression,
    strategy: answers.strategy,
    // Passkeys are experimental in the runtime, which refuses them without this flag.
    experimentalWebAuthn: answers.providers.some((p) => p.kind === "webauthn"),
  });
}

/** The env variables a set of answers needs, with a comment each. */
export function envAdditions(answers: Answers, secret: string) {
  const additions = [
    {
      key: "AUTH_SECRET",
      value: secret,
      comment: "Encrypts sessions. Generate with: npx create-auth secret",
    },
  ];
  for (const provider of answers.providers) {
    if (provider.kind === "credentials" || provider.kind === "webauthn") continue;
    if (provider.kind === "email" || provider.kind === "password") {
      // Email and Password share the mail transport: the keys once.
      if (additions.some((a) => a.key === "AUTH_EMAIL_SERVER")) continue;
      additions.push(
        {
          key: "AUTH_EMAIL_SERVER",
          value: "",
          comment:
            "SMTP URL (smtp://user:pass@host:587); empty prints links to the console in development",
        },
        {
          key: "AUTH_EMAIL_FROM",
          value: "",
          comment: "Sender of sign-in emails, e.g. Acme <auth@acme.example>",
        },
      );
      continue;
    }
    const prefix = envPrefix(provider.id);
    additions.push(
      { key: `${prefix}_ID`, value: "", comment: `${provider.name} client id` },
      { key: `${prefix}_SECRET`, value: "", comment: `${provider.name} client secret` },
    );
    if (provider.needsIssuer)
      additions.push({
        key: `${prefix}_ISSUER`,
        value: "",
        comment: `${provider.name} issuer URL`,
      });
  }
  if (answers.playground) additions.push(playgroundEnv);
  if (answers.database === "postgres") {
    additions.push({
      key: "DATABASE_URL",
      value: answers.databaseUrl ?? "",
      comment: "PostgreSQL connection string",
    });
  }
  if (answers.trustProxy) {
    additions.push({
      key: "AUTH_TRUST_HOST",
      value: "true",
      comment: "Behind a proxy you control; or set AUTH_URL to the public URL",
    });
  }
  return additions;
}

/** Keys whose values are secrets. */
export function secretKeys(answers: Answers): string[] {
  return [
    "AUTH_SECRET",
    "DATABASE_URL",
    ...answers.providers
      .filter((p) => p.kind === "oauth" || p.kind === "oidc")
      .map((p) => `${envPrefix(p.id)}_SECRET`),
  ];
}

/** The env loader module, for apps that load no env file yet. */
export function envLoaderModule(options: {
  kind: ModuleKind;
  typescript: boolean;
  style: SourceStyle;
  envFile: string;
}): string {
  return render("shared/env-loader", { ...options, cliVersion: CLI_VERSION });
}
