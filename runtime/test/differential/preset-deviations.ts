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
  /**
   * The user's name, email or picture read from the field or request the provider documents for
   * it, or left out where only a further permission gives it.
   */
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
const sessionNull = { session: "profile-field-null" } as const;
const sessionMapping = { session: "profile-mapping-per-provider-docs" } as const;

/** Fields that differ because Auth.js's preset ends its sign-in on the error page. */
function cannotSignIn(...fields: SignInField[]): PresetDeviation["differs"] {
  return Object.fromEntries(fields.map((field) => [field, "authjs-preset-cannot-sign-in"]));
}

export const presetDeviations: Record<string, PresetDeviation> = {
  "42-school": {
    differs: tokenRequest,
    why: "client credentials in the form (`client_secret_post`)",
    source: "https://api.intra.42.fr/apidoc/guides/web_application_flow",
  },
  asgardeo: {
    differs: cannotSignIn("callback", "logged", "session", "token", "unknown"),
    why: "`issuer` may be the organization URL: ours appends `/oauth2/token` (the documented issuer), Auth.js's preset discovers at the URL as given and fails; with the documented issuer both sign in, ours naming the user `given_name family_name` when the ID token has no `name`",
    source: "https://wso2.com/asgardeo/docs/guides/authentication/oidc/discover-oidc-configs/",
  },
  atlassian: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (the 3LO flow has none)",
    source: "https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/",
  },
  "azure-ad": {
    differs: cannotSignIn("callback", "logged", "session", "token", "unknown"),
    why: "`tenantId` (next-auth 4's option) sets the tenant's issuer; Auth.js's preset ignores it and signs in at the multi-tenant `common` endpoint, which Entra refuses for a single-tenant app; otherwise as `microsoft-entra-id`",
    source:
      "https://learn.microsoft.com/en-us/entra/identity-platform/howto-convert-app-to-be-multi-tenant",
  },
  battlenet: {
    differs: cannotSignIn("callback", "logged", "session", "token"),
    why: "`issuer` defaults to `https://oauth.battle.net`, Blizzard's OAuth host; Auth.js's preset has no default and answers 500 without one; with it set, ours sends no PKCE verifier (Blizzard documents none) and gives `email: null`",
    source: "https://develop.battle.net/documentation/guides/using-oauth",
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
  bungie: {
    differs: {
      token: "token-request-per-provider-docs",
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "no PKCE verifier (Bungie documents none); the profile is `GetMembershipsForCurrentUser` (with `apiKey` as `X-API-Key`), where Auth.js's preset asks for `GetBungieAccount/{membershipId}` with the placeholder unfilled",
    source: "https://github.com/Bungie-net/api/wiki/OAuth-Documentation",
  },
  "click-up": {
    differs: { ...tokenRequest, ...cannotSignIn("callback", "logged", "profile", "session") },
    why: "client credentials as request parameters, as ClickUp documents them (Auth.js: Basic); Auth.js's preset cannot sign in: the token answer is a bare `access_token` without `token_type`, and the API takes the token without `Bearer`",
    source: "https://developer.clickup.com/reference/getaccesstoken",
  },
  cognito: {
    differs: sessionNull,
    why: "`name: null` and `image: null` when the pool fills none of `name`, `nickname`, `preferred_username` and `picture` (the default ID token has none)",
    source:
      "https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html",
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
  eventbrite: {
    differs: {
      token: "token-request-per-provider-docs",
      session: "profile-mapping-per-provider-docs",
    },
    why: "no PKCE verifier (Eventbrite documents none); `image: null`: the user answer has only an `image_id`, from which Auth.js builds an undocumented CDN URL",
    source: "https://www.eventbrite.com/platform/docs/app-oauth-flow",
  },
  eveonline: {
    differs: {
      profile: "authjs-preset-cannot-sign-in",
      session: "authjs-preset-cannot-sign-in",
      unknown: "authjs-preset-cannot-sign-in",
    },
    why: "the character is read from the access token (a JWT checked against EVE's keys), as EVE documents; Auth.js's preset asks the deprecated `/oauth/verify`, and without it its user has no character id or name",
    source: "https://developers.eveonline.com/blog/article/sso-endpoint-deprecations-2",
  },
  faceit: {
    differs: sessionMapping,
    why: "name from `nickname`; Auth.js reads `name`, which FACEIT's userinfo does not have, and leaves it out",
    source: "https://docs.faceit.com/getting-started/authentication/oauth2",
  },
  freshbooks: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (FreshBooks documents the form credentials and no PKCE)",
    source: "https://www.freshbooks.com/api/get-authenticated-on-the-freshbooks-api",
  },
  frontegg: {
    differs: sessionMapping,
    why: "image from `profilePictureUrl`, the claim Frontegg's tokens carry; Auth.js reads the OIDC `picture`, which they do not",
    source:
      "https://developers.frontegg.com/ciam/guides/security-center/token-management/templates",
  },
  hubspot: {
    differs: {
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
      ...tokenRequest,
    },
    why: "HubSpot's dated OAuth API: the code is redeemed at `/oauth/2026-03/token` and the user read from a form `POST` of the token and the client's credentials to `/oauth/2026-03/token/introspect`; Auth.js's preset still uses the v1 endpoints (`/oauth/v1/token`, `GET /oauth/v1/access-tokens/<token>`), which HubSpot switches off on 2027-02-16",
    source:
      "https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/migration-guide",
  },
  line: {
    differs: {
      token: "token-request-per-provider-docs",
      profile: "profile-mapping-per-provider-docs",
    },
    why: "a PKCE verifier ([LINE recommends it](https://developers.line.biz/en/docs/line-login/integrate-pkce/)); the profile is what LINE's verify endpoint answers for the ID token, whose HS256 signature (the channel secret) Auth.js's preset does not check",
    source: "https://developers.line.biz/en/docs/line-login/verify-id-token/",
  },
  mailchimp: {
    differs: {
      token: "token-request-per-provider-docs",
      ...cannotSignIn("callback", "logged", "profile", "session"),
    },
    why: "client credentials in the form and no PKCE verifier (as Mailchimp documents); Auth.js's preset cannot read the documented token answer (no `token_type`, `scope: null`)",
    source: "https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/",
  },
  mailru: {
    differs: {
      token: "authjs-preset-cannot-sign-in",
      profile: "authjs-preset-cannot-sign-in",
      session: "authjs-preset-cannot-sign-in",
      unknown: "authjs-preset-cannot-sign-in",
    },
    why: "the profile request carries the token as the `access_token` parameter, as Mail.ru documents; Auth.js's preset sends it as a `Bearer` header and gets no user. The client credentials go in the form (Mail.ru's pages do not say which it takes; Auth.js sends HTTP Basic)",
    source: "https://id.vk.com/about/business/go/docs/ru/vkid/latest/oauth/oauth-mail/index",
  },
  mastodon: {
    differs: sessionNull,
    why: "`email: null`: the account Mastodon answers has no email",
    source: "https://docs.joinmastodon.org/methods/accounts/#verify_credentials",
  },
  "microsoft-entra-id": {
    differs: {
      profile: "profile-mapping-per-provider-docs",
      unknown: "profile-mapping-per-provider-docs",
    },
    why: "`image: null`: no photo is fetched from Microsoft Graph (Auth.js's preset asks for `User.Read` and puts `/me/photos/48x48/$value` in `image` as a base64 `data:` URL, which JWT sessions carry in the cookie); [to keep it](providers.md#what-the-runtime-guarantees)",
    source: "https://learn.microsoft.com/en-us/graph/api/profilephoto-get",
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
    differs: cannotSignIn("callback", "logged", "profile", "session", "token"),
    why: "Auth.js's preset, configured as its docs say (`accountID`, `userinfo`), stops at `InvalidEndpoints` before the sign-in starts: its `userinfo` stays in its options, where @auth/core does not look; NetSuite has no profile endpoint, so `userinfo` is your RESTlet",
    source:
      "https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_158074210415.html",
  },
  notion: {
    differs: tokenRequest,
    why: "no PKCE verifier (Notion does not support PKCE)",
    source: "https://developers.notion.com/docs/authorization",
  },
  onelogin: {
    differs: cannotSignIn("callback", "logged", "session", "token", "unknown"),
    why: "`issuer` may be the subdomain URL (next-auth 4's form): ours appends `/oidc/2` (the documented issuer), Auth.js's preset discovers at the URL as given and fails; with the documented issuer the sign-ins are the same",
    source: "https://developers.onelogin.com/openid-connect/api/provider-config",
  },
  osso: {
    differs: { token: "token-request-per-provider-docs", session: "profile-field-null" },
    why: "no PKCE verifier (Osso has none); `name: null` and `image: null`: `/oauth/me` has an email only",
    source: "https://ossoapp.com/docs/consume/consuming-osso/",
  },
  osu: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: osu! never shares the email",
    source: "https://osu.ppy.sh/docs/#get-own-data",
  },
  patreon: {
    differs: {
      token: "token-request-per-provider-docs",
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "client credentials in the form and no PKCE verifier (as Patreon documents); the profile is API v2's `identity` with `fields[user]`, where Auth.js's preset calls v1's `current_user`, which Patreon has deprecated",
    source: "https://docs.patreon.com/#get-api-oauth2-v2-identity",
  },
  "ping-id": {
    differs: sessionNull,
    why: "`image: null` when the ID token has no `picture`",
    source:
      "https://developer.pingidentity.com/pingone-api/foundations/pingone-roles-scopes-and-permissions/access-services-through-scopes-and-roles/openid-connect-oidc-scopes.html",
  },
  pinterest: {
    differs: { token: "token-request-per-provider-docs", session: "profile-field-null" },
    why: "no PKCE verifier (Pinterest does not support PKCE); `email: null` (the account endpoint has none)",
    source:
      "https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/",
  },
  pipedrive: {
    differs: {
      ...tokenRequest,
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "no PKCE verifier (Pipedrive documents none); Auth.js's preset asks for the profile at `api.pipedrive.com/users/me`, which the API does not document (it is `/v1/users/me`)",
    source: "https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser",
  },
  reddit: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the `/api/v1/me` answer has no email",
    source: "https://www.reddit.com/dev/api/#GET_api_v1_me",
  },
  roblox: {
    differs: sessionNull,
    why: "`email: null`: no email without the `email` scope, which Roblox does not open to every app",
    source: "https://create.roblox.com/docs/cloud/reference/oauth2",
  },
  simplelogin: {
    differs: tokenRequest,
    why: "no PKCE verifier: SimpleLogin's server does not implement PKCE (the verifier Auth.js sends is ignored)",
    source: "https://github.com/simple-login/app/blob/master/app/oauth/views/authorize.py",
  },
  strava: {
    differs: { token: "token-request-per-provider-docs", session: "profile-field-null" },
    why: "no PKCE verifier (Strava documents none); `email: null`: the athlete has no email",
    source: "https://developers.strava.com/docs/authentication/",
  },
  threads: {
    differs: cannotSignIn("callback", "logged", "profile", "session"),
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
    differs: cannotSignIn("callback", "logged", "profile", "session", "token"),
    why: "Auth.js's preset stops at `InvalidEndpoints` before the sign-in starts: its profile request is a function without a `userinfo` URL (posting to the Sync v9 API Todoist replaced); ours reads `/api/v1/user`",
    source: "https://developer.todoist.com/api/v1/#tag/User",
  },
  trakt: {
    differs: {
      token: "token-request-per-provider-docs",
      callback: "authjs-preset-cannot-sign-in",
      logged: "authjs-preset-cannot-sign-in",
      profile: "authjs-preset-cannot-sign-in",
      session: "authjs-preset-cannot-sign-in",
      unknown: "authjs-preset-cannot-sign-in",
    },
    why: "authorization and token at `auth.trakt.tv`, as Trakt documents (not the API host, to which Auth.js's preset posts the code); client credentials in the form and no PKCE verifier; `email: null`",
    source: "https://docs.trakt.tv/reference/authentication",
  },
  twitter: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the OAuth 2 user lookup has no email",
    source: "https://docs.x.com/x-api/users/user-lookup-me",
  },
  vk: {
    differs: {
      ...tokenRequest,
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "no PKCE verifier and no `v` on the token URL (oauth.vk.com documents neither); Auth.js's preset cannot sign in: VK's token answer has no `token_type`",
    source: "https://dev.vk.com/ru/api/access-token/authcode-flow-user",
  },
  wechat: {
    differs: cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    why: "Auth.js's preset POSTs the code with Basic credentials where WeChat documents a GET with `appid`, `secret`, `code` and `grant_type` in the query, and keys the user on `unionid`, which an app not bound to the Open Platform does not get (ours: `unionid`, else `openid`)",
    source:
      "https://developers.weixin.qq.com/doc/offiaccount/en/OA_Web_Apps/Wechat_webpage_authorization.html",
  },
  wordpress: {
    differs: tokenRequest,
    why: "client credentials in the form, and no PKCE verifier (WordPress.com documents the form credentials and no PKCE)",
    source: "https://developer.wordpress.com/docs/oauth2/",
  },
  yandex: {
    differs: {
      profile: "authjs-preset-cannot-sign-in",
      session: "authjs-preset-cannot-sign-in",
    },
    why: "the profile request sends `Authorization: OAuth <token>`, as Yandex documents; Auth.js's preset sends `Bearer`, which Yandex does not document, and gets no user",
    source: "https://yandex.com/dev/id/doc/en/user-information",
  },
  zoho: {
    differs: tokenRequest,
    why: "client credentials as parameters and no PKCE verifier (Zoho's web-app token request has neither HTTP Basic nor PKCE)",
    source: "https://www.zoho.com/accounts/protocol/oauth/web-apps/access-token.html",
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
