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

/** A sign-in Auth.js's preset cannot complete: its outcome differs, and `more` with it. */
function authJsCannotSignIn(...more: SignInField[]): PresetDeviation["differs"] {
  const fields: SignInField[] = ["callback", "logged", "profile", "session", ...more];
  return Object.fromEntries(fields.map((field) => [field, "authjs-preset-cannot-sign-in"]));
}

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
  "click-up": {
    differs: { ...tokenRequest, ...authJsCannotSignIn() },
    why: "client credentials as request parameters, as ClickUp documents them (Auth.js: Basic); Auth.js's preset cannot sign in: the token answer is a bare `access_token` without `token_type`, and the API takes the token without `Bearer`",
    source: "https://developer.clickup.com/reference/getaccesstoken",
  },
  coinbase: {
    differs: tokenRequest,
    why: "client credentials in the form (`client_secret_post`)",
    source: "https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/integrations",
  },
  concept2: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (Concept2's OAuth documentation shows the form credentials and no PKCE)",
    source: "https://log.concept2.com/developers/documentation/",
  },
  dribbble: {
    differs: { token: "token-request-per-provider-docs", session: "profile-field-null" },
    why: "client credentials in the form and no PKCE verifier; `email: null` (the user endpoint has none)",
    source: "https://developer.dribbble.com/v2/oauth/",
  },
  freshbooks: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (FreshBooks documents the form credentials and no PKCE)",
    source: "https://www.freshbooks.com/api/get-authenticated-on-the-freshbooks-api",
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
  netsuite: {
    differs: authJsCannotSignIn("token"),
    why: "Auth.js's preset, configured as its docs say (`accountID`, `userinfo`), stops at `InvalidEndpoints` before the sign-in starts: its `userinfo` stays in its options, where @auth/core does not look; NetSuite has no profile endpoint, so `userinfo` is your RESTlet",
    source:
      "https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_158074210415.html",
  },
  notion: {
    differs: tokenRequest,
    why: "no PKCE verifier (Notion does not support PKCE)",
    source: "https://developers.notion.com/docs/authorization",
  },
  osu: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: osu! never shares the email",
    source: "https://osu.ppy.sh/docs/#get-own-data",
  },
  pinterest: {
    differs: { token: "token-request-per-provider-docs", session: "profile-field-null" },
    why: "no PKCE verifier (Pinterest does not support PKCE); `email: null` (the account endpoint has none)",
    source:
      "https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/",
  },
  pipedrive: {
    differs: { ...tokenRequest, ...authJsCannotSignIn("unknown") },
    why: "no PKCE verifier (Pipedrive documents none); Auth.js's preset asks for the profile at `api.pipedrive.com/users/me`, which the API does not document (it is `/v1/users/me`)",
    source: "https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser",
  },
  reddit: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the `/api/v1/me` answer has no email",
    source: "https://www.reddit.com/dev/api/#GET_api_v1_me",
  },
  simplelogin: {
    differs: tokenRequest,
    why: "no PKCE verifier: SimpleLogin's server does not implement PKCE (the verifier Auth.js sends is ignored)",
    source: "https://github.com/simple-login/app/blob/master/app/oauth/views/authorize.py",
  },
  threads: {
    differs: authJsCannotSignIn(),
    why: "Auth.js's preset cannot sign in: the token answer `{ access_token, user_id }` has no `token_type`, and it reads the profile from a `data` wrapper the `/me` answer does not have",
    source:
      "https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions",
  },
  tiktok: {
    differs: { token: "token-request-per-provider-docs", session: "profile-field-null" },
    why: "no PKCE verifier (TikTok requires one of mobile and desktop apps only); `email: null` (TikTok gives no email)",
    source: "https://developers.tiktok.com/doc/oauth-user-access-token-management",
  },
  todoist: {
    differs: authJsCannotSignIn("token"),
    why: "Auth.js's preset stops at `InvalidEndpoints` before the sign-in starts: its profile request is a function without a `userinfo` URL (posting to the Sync v9 API Todoist replaced); ours reads `/api/v1/user`",
    source: "https://developer.todoist.com/api/v1/#tag/User",
  },
  twitter: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the OAuth 2 user lookup has no email",
    source: "https://docs.x.com/x-api/users/user-lookup-me",
  },
  vk: {
    differs: { ...tokenRequest, ...authJsCannotSignIn("unknown") },
    why: "no PKCE verifier and no `v` on the token URL (oauth.vk.com documents neither); Auth.js's preset cannot sign in: VK's token answer has no `token_type`",
    source: "https://dev.vk.com/ru/api/access-token/authcode-flow-user",
  },
  wechat: {
    differs: authJsCannotSignIn("unknown"),
    why: "Auth.js's preset POSTs the code with Basic credentials where WeChat documents a GET with `appid`, `secret`, `code` and `grant_type` in the query, and keys the user on `unionid`, which an app not bound to the Open Platform does not get (ours: `unionid`, else `openid`)",
    source:
      "https://developers.weixin.qq.com/doc/offiaccount/en/OA_Web_Apps/Wechat_webpage_authorization.html",
  },
  wordpress: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (WordPress.com documents the form credentials and no PKCE)",
    source: "https://developer.wordpress.com/docs/oauth2/",
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
