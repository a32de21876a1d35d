import { CliError, ExitCode } from "../errors.js";

/**
 * What the CLI knows about each provider: data only, shared by `init`, `add-provider` and
 * `check`. Adding a provider means adding an entry here (and its runtime module).
 */
export interface ProviderInfo {
  id: string;
  name: string;
  kind: "oauth" | "oidc" | "credentials" | "email" | "webauthn";
  /** The default export's name in generated code. */
  importName: string;
  module: string;
  /** Whether `AUTH_<ID>_ISSUER` is required. */
  needsIssuer?: boolean;
  /** Where to register the app and the callback URL. */
  console?: string;
  /** Needs an adapter (magic-link tokens, passkeys). */
  needsDatabase?: boolean;
  /** An optional peer of the runtime the provider loads (installed with it). */
  peer?: string;
}

const oauth = (
  id: string,
  name: string,
  importName: string,
  console: string,
  extra: Partial<ProviderInfo> = {},
): ProviderInfo => ({
  id,
  name,
  kind: "oauth",
  importName,
  module: `@create-auth/runtime/providers/${id}`,
  console,
  ...extra,
});

export const providers: ProviderInfo[] = [
  oauth("github", "GitHub", "GitHub", "https://github.com/settings/developers"),
  oauth("google", "Google", "Google", "https://console.cloud.google.com/apis/credentials", {
    kind: "oidc",
  }),
  oauth("gitlab", "GitLab", "GitLab", "https://gitlab.com/-/user_settings/applications"),
  oauth("discord", "Discord", "Discord", "https://discord.com/developers/applications"),
  oauth(
    "microsoft-entra-id",
    "Microsoft Entra ID",
    "MicrosoftEntraID",
    "https://entra.microsoft.com",
    { kind: "oidc", needsIssuer: true },
  ),
  oauth("apple", "Apple", "Apple", "https://developer.apple.com/account/resources/identifiers", {
    kind: "oidc",
  }),
  oauth("auth0", "Auth0", "Auth0", "https://manage.auth0.com", { kind: "oidc", needsIssuer: true }),
  oauth("keycloak", "Keycloak", "Keycloak", "your Keycloak admin console", {
    kind: "oidc",
    needsIssuer: true,
  }),
  oauth("okta", "Okta", "Okta", "your Okta admin console", { kind: "oidc", needsIssuer: true }),
  oauth("zitadel", "ZITADEL", "Zitadel", "your ZITADEL console", {
    kind: "oidc",
    needsIssuer: true,
  }),
  oauth("facebook", "Facebook", "Facebook", "https://developers.facebook.com/apps"),
  oauth("twitter", "X (Twitter)", "Twitter", "https://developer.x.com/en/portal/dashboard"),
  oauth("linkedin", "LinkedIn", "LinkedIn", "https://www.linkedin.com/developers/apps", {
    kind: "oidc",
  }),
  oauth("slack", "Slack", "Slack", "https://api.slack.com/apps", { kind: "oidc" }),
  oauth("spotify", "Spotify", "Spotify", "https://developer.spotify.com/dashboard"),
  oauth("twitch", "Twitch", "Twitch", "https://dev.twitch.tv/console", { kind: "oidc" }),
  oauth("oidc", "OpenID Connect (any provider)", "OIDC", "your provider's console", {
    kind: "oidc",
    needsIssuer: true,
  }),
  {
    id: "credentials",
    name: "Credentials (your own users and passwords)",
    kind: "credentials",
    importName: "Credentials",
    module: "@create-auth/runtime/providers/credentials",
  },
  {
    id: "email",
    name: "Email (magic links)",
    kind: "email",
    importName: "Email",
    module: "@create-auth/runtime/providers/email",
    needsDatabase: true,
    peer: "nodemailer",
  },
  {
    // Experimental in the runtime: the generated config sets experimental.enableWebAuthn.
    id: "passkey",
    name: "Passkeys (WebAuthn, experimental)",
    kind: "webauthn",
    importName: "Passkey",
    module: "@create-auth/runtime/providers/passkey",
    needsDatabase: true,
    peer: "@simplewebauthn/server",
  },
];

export function providerInfo(id: string): ProviderInfo | undefined {
  return providers.find((provider) => provider.id === id);
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
  if (provider.kind === "email") return ["AUTH_EMAIL_SERVER", "AUTH_EMAIL_FROM"];
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
