/**
 * Catalogue presets whose sign-in differs from Auth.js's preset of the same id, each reviewed
 * against the provider's own documentation (`source`). `provider-requests.test.ts` signs in with
 * both presets against the same stand-in of the provider and compares the fields below; each
 * field named here must differ (an entry that stops differing fails), through the deviation of
 * `deviations.ts` its kind names. `docs/migrating.md#provider-presets` renders this list.
 *
 * To review a preset: run that test, read the provider's pages, then either make ours behave as
 * Auth.js's (when the provider accepts both) or add it here with the page that decides.
 */

/** What one sign-in is compared by (see `provider-requests.test.ts`). */
export type SignInField = "callback" | "logged" | "profile" | "session" | "token" | "unknown";

/** The deviation of `deviations.ts` a preset's difference belongs to. */
export type PresetDeviationKind =
  /** Client authentication or PKCE as the provider documents it. */
  | "token-request-per-provider-docs"
  /** A field the provider does not give is `null` rather than left out. */
  | "profile-field-null"
  /** The user's name, email or picture read from the field the provider documents. */
  | "profile-mapping-per-provider-docs"
  /** Auth.js's preset cannot complete a sign-in against the provider's documented answers. */
  | "authjs-preset-cannot-sign-in";

export interface PresetDeviation {
  /** Each field that differs, and the kind of difference it is. */
  differs: Partial<Record<SignInField, PresetDeviationKind>>;
  /** What differs, in one sentence a migrating user can act on (Markdown). */
  why: string;
  /** The provider's page that decides it. */
  source: string;
}

const tokenRequest = { token: "token-request-per-provider-docs" } as const;

export const presetDeviations: Record<string, PresetDeviation> = {
  "42-school": {
    differs: tokenRequest,
    why: "client credentials in the form (`client_secret_post`)",
    source: "https://api.intra.42.fr/apidoc/guides/web_application_flow",
  },
  atlassian: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (the 3LO flow has none)",
    source: "https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/",
  },
  bitbucket: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the user endpoint has no email",
    source: "https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get",
  },
  box: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (Box does not support PKCE)",
    source: "https://developer.box.com/reference/post-oauth2-token/",
  },
  "boxyhq-saml": {
    differs: tokenRequest,
    why: "client credentials in the form (`client_secret_post`)",
    source: "https://www.ory.sh/docs/polis/sso-flow",
  },
  coinbase: {
    differs: tokenRequest,
    why: "client credentials in the form (`client_secret_post`)",
    source: "https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/integrations",
  },
  dribbble: {
    differs: { token: "token-request-per-provider-docs", session: "profile-field-null" },
    why: "client credentials in the form and no PKCE verifier; `email: null` (the user endpoint has none)",
    source: "https://developer.dribbble.com/v2/oauth/",
  },
  naver: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (Naver's flow has none)",
    source: "https://developers.naver.com/docs/login/api/api.md",
  },
  netlify: {
    differs: tokenRequest,
    why: "no PKCE verifier (Netlify does not support PKCE)",
    source: "https://docs.netlify.com/api/get-started/#authentication",
  },
  notion: {
    differs: tokenRequest,
    why: "no PKCE verifier (Notion does not support PKCE)",
    source: "https://developers.notion.com/docs/authorization",
  },
  pinterest: {
    differs: { token: "token-request-per-provider-docs", session: "profile-field-null" },
    why: "no PKCE verifier (Pinterest does not support PKCE); `email: null` (the account endpoint has none)",
    source:
      "https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/",
  },
  reddit: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the `/api/v1/me` answer has no email",
    source: "https://www.reddit.com/dev/api/#GET_api_v1_me",
  },
  twitter: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the OAuth 2 user lookup has no email",
    source: "https://docs.x.com/x-api/users/user-lookup-me",
  },
};

/** The differential scenario keys a kind of preset difference covers. */
export function presetScenarios(kind: PresetDeviationKind): string[] {
  return Object.entries(presetDeviations).flatMap(([id, entry]) =>
    Object.entries(entry.differs)
      .filter(([, k]) => k === kind)
      .map(([field]) => `provider ${id} › ${field}`),
  );
}

/** The Markdown table `docs/migrating.md#provider-presets` shows. */
export function presetDeviationsTable(): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  return [
    "| Preset | Differs in | What and why | Provider's page |",
    "|---|---|---|---|",
    ...Object.entries(presetDeviations)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([id, d]) =>
          `| \`${id}\` | ${Object.keys(d.differs).sort().join(", ")} | ${cell(d.why)} | <${d.source}> |`,
      ),
  ].join("\n");
}
