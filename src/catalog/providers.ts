import { CliError, ExitCode } from "../errors.js";
import { generatedProviders } from "./providers.generated.js";

/**
 * What the CLI knows about each provider: data only, shared by `init`, `add-provider` and
 * `check`. The list is generated from the runtime's provider modules (their `catalogue` export)
 * by `npm run providers:sync`: adding a provider means adding its module, never editing this.
 */
export interface ProviderInfo {
  id: string;
  name: string;
  kind: "oauth" | "oidc" | "credentials" | "email" | "webauthn" | "password";
  /** The default export's name in generated code. */
  importName: string;
  module: string;
  /** Whether `AUTH_<ID>_ISSUER` is required. */
  needsIssuer?: boolean;
  /** The issuer's shape, e.g. `https://<tenant>.auth0.com/`. */
  issuerFormat?: string;
  /** Where to register the app and the callback URL. */
  console?: string;
  /** The browser-bound checks the preset sends (`pkce`, `state`, `nonce`). */
  checks?: string[];
  /** The scopes the preset asks for by default. */
  scopes?: string;
  /** What differs from plain OAuth 2 / OIDC, in a sentence or two. */
  quirks?: string;
  /** Needs an adapter (magic-link tokens, passkeys, password accounts). */
  needsDatabase?: boolean;
  /** An optional peer of the runtime the provider loads (installed with it). */
  peer?: string;
}

export const providers: ProviderInfo[] = generatedProviders;

export function providerInfo(id: string): ProviderInfo | undefined {
  return providers.find((provider) => provider.id === id);
}

/**
 * The catalogue entry whose module is `providers/<file>` (the id, or Auth.js's module name when it
 * differs: `ory-hydra` is the module of `hydra`).
 */
export function providerByModule(file: string): ProviderInfo | undefined {
  return providers.find((provider) => provider.module.endsWith(`/providers/${file}`));
}

/** The catalogue entry for `id`, or an `unknown_provider` error with "did you mean" suggestions. */
export function requireProvider(id: string): ProviderInfo {
  const info = providerInfo(id.toLowerCase());
  if (info) return info;
  const close = suggestions(id);
  const hint = close.length ? ` Did you mean ${close.map((c) => `"${c}"`).join(" or ")}?` : "";
  const known = providers.map((p) => p.id);
  throw new CliError(
    "unknown_provider",
    `Unknown provider "${id}".${hint} Known: ${known.join(", ")}.`,
    ExitCode.error,
    { suggestions: close, known },
  );
}

/** `AUTH_<ID>` for a provider id: upper-cased, `-` → `_` (what the runtime reads). */
export function envPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}`;
}

/** The environment variables a provider needs, in order. */
export function providerEnv(provider: ProviderInfo, id = provider.id): string[] {
  if (provider.kind === "credentials" || provider.kind === "webauthn") return [];
  if (provider.kind === "email" || provider.kind === "password")
    return ["AUTH_EMAIL_SERVER", "AUTH_EMAIL_FROM"];
  const prefix = envPrefix(id);
  return [
    `${prefix}_ID`,
    `${prefix}_SECRET`,
    ...(provider.needsIssuer ? [`${prefix}_ISSUER`] : []),
  ];
}

/** Edit distance, for "did you mean" suggestions. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** Known ids close to `id`, closest first. */
export function suggestions(id: string): string[] {
  return providers
    .map((provider) => ({ id: provider.id, d: distance(id.toLowerCase(), provider.id) }))
    .filter(
      ({ d, id: known }) =>
        d <= Math.max(2, Math.floor(known.length / 3)) || known.includes(id.toLowerCase()),
    )
    .sort((a, b) => a.d - b.d)
    .map(({ id: known }) => known);
}
