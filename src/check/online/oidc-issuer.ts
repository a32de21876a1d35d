import { envPrefix } from "../../catalog/providers.js";
import { importFromProject, redactUrl } from "../../commands/migrate.js";
import type { ConfiguredProvider } from "../../project/auth-config.js";
import type { CheckContext } from "../types.js";
import { discover } from "./discovery.js";
import type { ProbeFinding, ProbeOptions, ProbeOutcome, ProbeResult } from "./types.js";

/** A configured issuer and where its value comes from. */
interface ConfiguredIssuer {
  provider: string;
  issuer: string;
  /** `src/auth.ts:12`, `.env:4 (AUTH_CORP_ISSUER)`, `the google preset`. */
  from: string;
  file?: string;
  line?: number;
}

/** The issuer a preset sets itself (Google's, Apple's), from the preset the project installed. */
async function presetIssuer(context: CheckContext, module: string): Promise<string | undefined> {
  try {
    const loaded = await importFromProject<{ default?: unknown }>(context.root, module, "");
    if (typeof loaded.default !== "function") return undefined;
    const config = (loaded.default as (options: object) => { issuer?: unknown })({});
    return typeof config.issuer === "string" ? config.issuer : undefined;
  } catch {
    return undefined;
  }
}

/** An OpenID Connect provider whose issuer is not known here, and why (printed, not a finding). */
interface UnknownIssuer {
  provider: string;
  reason: string;
}

/**
 * The issuer of an OpenID Connect provider, as the runtime finds it: the `issuer` option written
 * in code, else `AUTH_<ID>_ISSUER`, else the preset's own. Undefined for OAuth 2 providers (no
 * discovery); an {@link UnknownIssuer} when it is computed in code or nowhere to be found.
 */
async function issuerOf(
  context: CheckContext,
  provider: ConfiguredProvider,
): Promise<ConfiguredIssuer | UnknownIssuer | undefined> {
  const preset = provider.id ? context.presets.get(provider.id) : undefined;
  const oidc = preset ? preset.kind === "oidc" : provider.type === "oidc";
  if (!oidc || !provider.id) return undefined;
  const { file } = context.setup.config;
  if (provider.issuer && provider.issuer.value !== "dynamic")
    return {
      provider: provider.id,
      issuer: provider.issuer.value,
      from: `${file}:${provider.issuer.line}`,
      file,
      line: provider.issuer.line,
    };
  if (provider.issuer)
    return { provider: provider.id, reason: "the issuer is computed in code: not checked" };
  const key = `${envPrefix(provider.id)}_ISSUER`;
  const variable = context.env.get(key);
  if (variable?.value)
    return {
      provider: provider.id,
      issuer: variable.value,
      from: variable.file
        ? `${variable.file}${variable.line ? `:${variable.line}` : ""} (${key})`
        : `${key} in the environment`,
      file: variable.file,
      line: variable.line,
    };
  const issuer = provider.module ? await presetIssuer(context, provider.module) : undefined;
  return issuer
    ? {
        provider: provider.id,
        issuer,
        from: `the ${provider.id} preset`,
        file,
        line: provider.line,
      }
    : {
        provider: provider.id,
        reason: `no issuer (${key} is not set, and the preset names none): not checked`,
      };
}

/** Fetches and judges one issuer's discovery document. */
async function probeIssuer(
  found: ConfiguredIssuer,
  options: ProbeOptions,
): Promise<{ result: ProbeResult; finding?: ProbeFinding }> {
  // As written (a trailing slash matters to an issuer), without a password if it has one.
  const shown =
    URL.canParse(found.issuer) && new URL(found.issuer).password
      ? redactUrl(found.issuer)
      : found.issuer;
  const target = `${shown} (${found.provider})`;
  const result = (status: ProbeResult["status"], detail: string): ProbeResult => ({
    probe: "oidc-issuer",
    target,
    status,
    detail,
  });
  const fail = (problem: string, fix: string) => ({
    result: result("error", problem),
    finding: {
      rule: "online-oidc-issuer" as const,
      file: found.file,
      line: found.line,
      message: `${found.provider}: the issuer ${found.issuer} (from ${found.from}) ${problem}.`,
      why: "The runtime reads the provider's endpoints from this document when a sign-in starts: without a valid one every sign-in with this provider fails (Configuration error).",
      fix,
    },
  });
  if (!URL.canParse(found.issuer))
    return fail(
      "is not a URL",
      "Set the issuer to the provider's issuer URL, e.g. https://sso.example.com/realms/main.",
    );
  const discovery = await discover(found.issuer, options.timeoutMs);
  if (!discovery.ok) return fail(discovery.problem, discovery.fix);
  return { result: result("ok", "discovery document OK") };
}

/** Probes the discovery document of every OpenID Connect provider with a known issuer. */
export async function probeOidcIssuers(
  context: CheckContext,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  const found = await Promise.all(
    context.setup.config.providers.map((provider) => issuerOf(context, provider)),
  );
  const issuers = found.filter(
    (entry): entry is ConfiguredIssuer => entry !== undefined && "issuer" in entry,
  );
  const unknown = found.filter(
    (entry): entry is UnknownIssuer => entry !== undefined && "reason" in entry,
  );
  const probed = await Promise.all(issuers.map((entry) => probeIssuer(entry, options)));
  return {
    results: [
      ...probed.map((entry) => entry.result),
      ...unknown.map((entry) => ({
        probe: "oidc-issuer" as const,
        target: `(${entry.provider})`,
        status: "skipped" as const,
        detail: entry.reason,
      })),
    ],
    findings: probed.flatMap((entry) => (entry.finding ? [entry.finding] : [])),
  };
}
