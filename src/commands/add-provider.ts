import { posix } from "node:path";
import { databaseSnippet } from "../catalog/database-snippet.js";
import { providerExpression } from "../catalog/provider-code.js";
import { type ProviderInfo, providerInfo, requireProvider } from "../catalog/providers.js";
import { ensureWebAuthnFlag } from "../edit/experimental-flag.js";
import { ensureImports } from "../edit/imports.js";
import { appendProvider } from "../edit/providers-array.js";
import { CliError, ExitCode } from "../errors.js";
import { envFileFor } from "../frameworks/app-env-file.js";
import { type AuthSetup, readAuthSetup } from "../frameworks/auth-setup.js";
import { frameworkOf } from "../frameworks/detect-framework.js";
import { devPort, endpointBase } from "../frameworks/endpoints.js";
import { authVocabulary } from "../frameworks/registry.js";
import { PlanBuilder } from "../plan/change-set.js";
import { planJson } from "../plan/diff.js";
import { planEnv } from "../plan/env-plan.js";
import { appOrigin } from "../project/app-origin.js";
import { authJsAdapterName, configObjects, readConfigObject } from "../project/auth-config.js";
import { gitState } from "../project/git.js";
import { dependencyRange, findPackageRoot, readPackageJson } from "../project/package-json.js";
import { detectPackageManager, installCommand } from "../project/package-manager.js";
import { formatWithProject } from "../project/project-formatter.js";
import { envValue } from "../syntax/dotenv.js";
import { moduleKindOf } from "../syntax/module-kind.js";
import { parse } from "../syntax/parse.js";
import { detectStyle, type SourceStyle } from "../syntax/source-style.js";
import type { Io } from "../ui/io.js";
import { credentials, displayName, envAdditions } from "./add-provider/credentials.js";
import { checkIssuer, verifyIssuer } from "./add-provider/issuer.js";
import { callbackUrlOf } from "./add-provider/list.js";
import { applyAndInstall, applyOptionsFor } from "./init/apply-and-install.js";
import { reportInstallFailure } from "./init/report-install-failure.js";
import type { ResolutionCheck } from "./init/resolve-install.js";
import { confirmPlan } from "./present-plan.js";

export interface AddProviderOptions {
  cwd: string;
  /** The file holding the auth configuration (found by searching otherwise). */
  config?: string;
  /** `oidc` only: the id of this OpenID provider (`corp` → /callback/corp, AUTH_CORP_*). */
  id?: string;
  /** `oidc` only: the name on its sign-in button (default: the id). */
  name?: string;
  issuer?: string;
  /** `--no-discovery` sets it false: the issuer is written without reading its document. */
  discovery?: boolean;
  /** Bound of the discovery request, in milliseconds (default 5000). */
  timeout?: string;
  clientId?: string;
  /** Read the client secret from standard input (never from argv). */
  clientSecretStdin?: boolean;
  envFile?: string;
  yes?: boolean;
  dryRun?: boolean;
  diff?: boolean;
  json?: boolean;
  force?: boolean;
  /** `--no-install` sets it false: no check before writing, no install, no rollback. */
  install?: boolean;
  /** `--keep-on-install-failure`: a failed install leaves the written files in place. */
  keepOnInstallFailure?: boolean;
  /** Where the secret comes from with `--client-secret-stdin` (tests pass their own). */
  readStdin?: () => Promise<string>;
}

/** The id the new provider will have: the preset's, or `--id` for a generic OpenID provider. */
function providerId(provider: ProviderInfo, flag: string | undefined): string {
  if (flag === undefined) return provider.id;
  if (provider.id !== "oidc")
    throw new CliError(
      "invalid_flag",
      `--id is for "add-provider oidc" (any OpenID provider); ${provider.id} always has the id "${provider.id}".`,
    );
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(flag) || providerInfo(flag))
    throw new CliError(
      "invalid_flag",
      `--id must be a new lower-case name such as "corp" (letters, digits, "-"), not a preset's id (got "${flag}").`,
    );
  return flag;
}

/**
 * Adds the import and the entry to the configuration file. Returns the manual step instead when
 * the providers are built in a shape we do not edit.
 */
function planCode(
  plan: PlanBuilder,
  setup: AuthSetup,
  provider: ProviderInfo,
  { id, name }: { id: string; name: string | undefined },
  esmPackage: boolean,
): string | undefined {
  const file = setup.config.file;
  const text = plan.read(file) ?? "";
  const style: SourceStyle = detectStyle(text);
  const kind = moduleKindOf(file, text, esmPackage);
  const expression = providerExpression(provider, { name }, style, id);
  const spec = { from: provider.module, default: provider.importName };
  if (!setup.config.providersArray) {
    const importLine =
      kind === "esm"
        ? `import ${provider.importName} from "${provider.module}"`
        : `const ${provider.importName} = require("${provider.module}").default`;
    const flag =
      provider.kind === "webauthn"
        ? "\n  and next to `providers`: experimental: { enableWebAuthn: true },"
        : "";
    return `In ${file}, import the provider and add it to \`providers\` (line ${setup.config.providersLine ?? setup.config.line}):\n  ${importLine}\n  ${expression.split("\n").join("\n  ")}${flag}`;
  }
  const withImport = ensureImports(text, posix.basename(file), [spec], kind, style);
  // Positions moved with the import: find the same configuration again in the new text.
  const source = parse(withImport, posix.basename(file));
  const objects = configObjects(source, authVocabulary);
  const same =
    objects.find((o) => setup.config.variable && o.variable === setup.config.variable) ??
    objects.find((o) => o.object.getStartLineNumber() >= setup.config.line) ??
    objects[0];
  const array =
    same && readConfigObject(same.object, file, same.variable, authVocabulary).providersArray;
  if (!array) throw new CliError("internal_error", `Lost track of the providers in ${file}.`);
  const added = appendProvider(withImport, array, expression);
  if (provider.kind !== "webauthn") {
    plan.write(file, added, `add ${id}`);
    return undefined;
  }
  return planWebAuthnFlag(plan, file, added, same, id);
}

/**
 * Passkeys are experimental in the runtime: the configuration also needs
 * `experimental: { enableWebAuthn: true }`, added next to `providers` (or printed as a manual
 * step when the object's shape is not one we edit).
 */
function planWebAuthnFlag(
  plan: PlanBuilder,
  file: string,
  text: string,
  before: { variable: string | undefined } | undefined,
  id: string,
): string | undefined {
  const objects = configObjects(parse(text, posix.basename(file)), authVocabulary);
  const same =
    objects.find((o) => before?.variable && o.variable === before.variable) ?? objects[0];
  const flagged = same ? ensureWebAuthnFlag(text, same.object) : undefined;
  plan.write(file, flagged ?? text, `add ${id}`);
  return flagged === undefined
    ? `In ${file}, enable passkeys (experimental) in the auth configuration:\n  experimental: { enableWebAuthn: true },`
    : undefined;
}

/** What a provider that needs a database keeps there, for the refusal without an adapter. */
const STORED_IN_DATABASE: Partial<Record<ProviderInfo["kind"], string>> = {
  email: "Email sign-in stores its one-time tokens",
  webauthn: "Passkeys are stored",
  password: "Email-and-password accounts (their hashes and confirmation links) are stored",
};

/**
 * `auth add-provider <id>`: adds a provider's import and entry to the auth configuration and its
 * env keys to the env file and `.env.example` (existing values are never changed), then prints
 * the callback URL to register. Running it again changes nothing.
 */
export async function addProvider(
  providerArg: string,
  options: AddProviderOptions,
  io: Io,
): Promise<number> {
  const { output } = io;
  const provider = requireProvider(providerArg);
  const id = providerId(provider, options.id);
  const buttonName = displayName(provider, options.name);
  const name = buttonName ?? (id === provider.id ? provider.name : id);
  if (options.timeout !== undefined && options.discovery === false)
    throw new CliError(
      "invalid_flag",
      "--timeout bounds the discovery request: drop --no-discovery.",
    );
  const root = findPackageRoot(options.cwd);
  const pkg = readPackageJson(root);
  const setup = readAuthSetup(root, { configFile: options.config });
  const framework = frameworkOf(root, pkg);
  output.title("Found");
  output.info(`Auth configuration: ${setup.config.file}:${setup.config.line}`);

  if (options.issuer !== undefined) {
    if (!provider.needsIssuer)
      throw new CliError("invalid_flag", `${provider.name} takes no --issuer.`);
    const invalid = checkIssuer(options.issuer);
    if (invalid) throw new CliError("invalid_flag", invalid);
  }
  const present = setup.config.providers.some((p) => p.id === id);
  if (provider.needsDatabase && !setup.config.adapter) {
    const snippet = databaseSnippet(root, setup.config.file, pkg.type === "module");
    throw new CliError(
      "invalid_combination",
      `${STORED_IN_DATABASE[provider.kind] ?? "Passkeys are stored"} in a database, and ${setup.config.file} has no \`adapter\`. Add one first — \`${snippet.property}\` with \`${snippet.importLine}\` and the @electric-sql/pglite package (docs/adapters.md) — then run this again.`,
    );
  }
  const ormAdapter =
    provider.kind === "password" ? authJsAdapterName(setup.config.adapter) : undefined;
  if (ormAdapter && !present)
    throw new CliError(
      "invalid_combination",
      `Email-and-password accounts are stored by the runtime's postgresAdapter (or memoryAdapter), and ${setup.config.file} uses ${ormAdapter}, an Auth.js adapter that cannot store passwords. Use \`postgresAdapter(postgresDatabase())\` (your PostgreSQL through DATABASE_URL) from "@create-auth/runtime/adapters/postgres" instead (docs/adapters.md), then run this again.`,
    );
  // For a provider already configured, flags and stdin still fill in blank env keys.
  const values =
    provider.kind === "oauth" || provider.kind === "oidc"
      ? await credentials(options, provider, io, !present)
      : { clientId: "", clientSecret: "", issuer: "", needsIssuer: false };
  // Before anything is planned: an issuer the runtime would refuse is never written.
  const discovery =
    values.issuer && provider.kind === "oidc"
      ? options.discovery === false
        ? { issuer: values.issuer, url: null, status: "skipped" as const }
        : {
            issuer: values.issuer,
            url: await verifyIssuer(values.issuer, id, options.timeout),
            status: "ok" as const,
          }
      : null;
  if (discovery?.url) output.info(`Issuer: ${discovery.issuer} (discovery document OK)`);
  else if (discovery) output.warn(`Issuer: ${discovery.issuer} (not checked: --no-discovery)`);

  const plan = new PlanBuilder(root);
  const envFile = envFileFor(root, pkg, options.envFile, framework, setup).file;
  if (!present) {
    const manual = planCode(plan, setup, provider, { id, name: buttonName }, pkg.type === "module");
    if (manual) plan.manual.push(manual);
  }
  const additions = envAdditions(provider, id, name, values);
  const env = additions.length
    ? planEnv(plan, {
        envFile,
        additions,
        secrets: additions.filter((a) => /_SECRET$|_SERVER$/.test(a.key)).map((a) => a.key),
        force: options.force,
        gitRepository: gitState(root).repository,
      })
    : { added: [], kept: [], replaced: [] };
  for (const key of env.kept) {
    const given = additions.find((a) => a.key === key)?.value;
    if (given)
      output.warn(
        `${key} is already set in ${envFile}: kept its value (edit the file to change it).`,
      );
  }
  const packageManager = detectPackageManager(root, pkg);
  // Planned even with --no-install, as init does: the plan shows it and the next steps print it.
  if (provider.peer && !dependencyRange(pkg, provider.peer)) {
    const [command, args] = installCommand(packageManager.name, [provider.peer]);
    plan.install = { command, args, packages: [provider.peer] };
  }
  // As with init: the project's own formatter has the last word on the edited source.
  const changes = formatWithProject(plan.build(), pkg);

  const base = endpointBase(setup, framework?.framework);
  const origin = appOrigin(plan.read(envFile) ?? "", devPort(root, pkg, setup, framework));
  const oauth = provider.kind === "oauth" || provider.kind === "oidc";
  const callbackUrl = oauth ? callbackUrlOf(origin, base.path, id) : undefined;
  const document = {
    ok: true,
    command: "add-provider",
    provider: { id, preset: provider.id, alreadyConfigured: present },
    config: { file: setup.config.file, line: setup.config.line },
    envFile,
    plan: planJson(changes),
    applied: false,
    installed: false,
    resolution: undefined as ResolutionCheck | undefined,
    callbackUrl: callbackUrl ?? null,
    discovery,
    console: oauth ? (provider.console ?? null) : null,
    // Keys still blank once the plan is applied (the email keys have working defaults).
    fillIn:
      provider.kind === "email" || provider.kind === "password"
        ? []
        : additions.filter((a) => !envValue(plan.read(envFile) ?? "", a.key)).map((a) => a.key),
  };
  const install = changes.install && [changes.install.command, ...changes.install.args].join(" ");
  // What is left once the files are written: the install when it did not run, then the console.
  const printSteps = (installLeft: boolean) => {
    const steps = [
      ...(install && installLeft ? [`Install the dependencies: ${install}`] : []),
      ...(callbackUrl
        ? [
            `Register ${callbackUrl} as the callback URL of your ${provider.name} app (${provider.console}).`,
          ]
        : []),
      ...(callbackUrl && document.fillIn.length
        ? [`Fill in ${document.fillIn.join(", ")} in ${envFile}.`]
        : []),
    ];
    if (!steps.length) return;
    output.line();
    output.title("Next steps");
    for (const step of steps) output.info(step);
  };

  const codeChanged = changes.files.some((change) => change.path === setup.config.file);
  if (changes.files.length === 0 && (!changes.install || options.install === false)) {
    if (changes.manual.length) {
      for (const step of changes.manual) output.warn(`By hand: ${step}`);
      output.info("Nothing else to change.");
    } else output.success(`${id} is already configured: nothing to change.`);
    printSteps(true);
    output.document(document);
    return ExitCode.ok;
  }
  if (present)
    output.info(`${id} is already in ${setup.config.file}; updating its environment variables.`);
  if (!(await confirmPlan(io, changes, { ...options, dirty: gitState(root).dirty }))) {
    output.document(document);
    return ExitCode.ok;
  }
  try {
    // The install is checked before anything is written, and a failed one puts the files back.
    const result = await applyAndInstall(
      changes,
      { root, pkg, manager: packageManager.name, evidence: packageManager.evidence },
      applyOptionsFor(options, output, "add-provider"),
    );
    document.installed = result.installed;
    document.resolution = result.resolution;
  } catch (error) {
    reportInstallFailure(error, output, {
      manager: packageManager.name,
      document,
      // Kept: the provider is configured, and only the install stands between it and working.
      next: (outcome) => {
        if (outcome === "kept") printSteps(true);
      },
    });
  }
  document.applied = true;
  if (codeChanged) output.success(`Added ${id} to ${setup.config.file}.`);
  else if (!present)
    output.warn(`Wrote ${envFile}; add ${id} to ${setup.config.file} by hand as shown above.`);
  else output.success(`Updated ${envFile}.`);
  if (document.installed) output.success("Installed the dependencies.");
  printSteps(!document.installed);
  output.document(document);
  return ExitCode.ok;
}
