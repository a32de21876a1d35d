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
export type SignInField =
  | "authorization"
  | "callback"
  | "checks"
  | "logged"
  | "profile"
  | "session"
  | "token"
  | "unknown";

/** The deviation of `deviations.ts` a preset's difference belongs to. */
export type PresetDeviationKind =
  /** The authorization endpoint, scope and parameters as the provider documents them. */
  | "authorization-per-provider-docs"
  /** No `scope` to a plain OAuth 2 provider, where Auth.js sends `openid profile email`. */
  | "oauth2-default-scope"
  /** PKCE where the provider documents it, `state` where it asks for it or PKCE is not documented. */
  | "checks-per-provider-docs"
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
/** No PKCE where the provider documents none: no challenge, no verifier, and `state` instead. */
const noPkce = { ...tokenRequest, checks: "checks-per-provider-docs" } as const;
const checks = { checks: "checks-per-provider-docs" } as const;
const authorization = { authorization: "authorization-per-provider-docs" } as const;
const defaultScope = { authorization: "oauth2-default-scope" } as const;
const sessionNull = { session: "profile-field-null" } as const;
const sessionMapping = { session: "profile-mapping-per-provider-docs" } as const;

/** Fields that differ because Auth.js's preset ends its sign-in on the error page. */
function cannotSignIn(...fields: SignInField[]): PresetDeviation["differs"] {
  return Object.fromEntries(fields.map((field) => [field, "authjs-preset-cannot-sign-in"]));
}

/** Auth.js's preset ends on the error page before it sends the browser to the provider. */
const issuerFormFails = cannotSignIn(
  "authorization",
  "callback",
  "checks",
  "logged",
  "session",
  "token",
  "unknown",
);

/** Auth.js's preset stops at `InvalidEndpoints`: no redirect, no token or profile request. */
const endpointsRefused = cannotSignIn(
  "authorization",
  "callback",
  "checks",
  "logged",
  "profile",
  "session",
  "token",
);

export const presetDeviations: Record<string, PresetDeviation> = {
  "42-school": {
    differs: { ...tokenRequest, ...checks },
    why: "client credentials in the form (`client_secret_post`); `state` besides PKCE: 42's authorize documents `state` against CSRF, and not PKCE",
    source: "https://api.intra.42.fr/apidoc/guides/web_application_flow",
  },
  asgardeo: {
    differs: issuerFormFails,
    why: "`issuer` may be the organization URL: ours appends `/oauth2/token` (the documented issuer), Auth.js's preset discovers at the URL as given and fails; with the documented issuer both sign in, ours naming the user `given_name family_name` when the ID token has no `name`",
    source: "https://wso2.com/asgardeo/docs/guides/authentication/oidc/discover-oidc-configs/",
  },
  atlassian: {
    differs: { ...tokenRequest, ...authorization },
    why: "`prompt=consent`, as the 3LO authorization URL is documented; client credentials in the form, and no PKCE verifier (the 3LO flow has none)",
    source: "https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/",
  },
  "azure-ad": {
    differs: issuerFormFails,
    why: "`tenantId` (next-auth 4's option) sets the tenant's issuer; Auth.js's preset ignores it and signs in at the multi-tenant `common` endpoint, which Entra refuses for a single-tenant app; otherwise as `microsoft-entra-id`",
    source:
      "https://learn.microsoft.com/en-us/entra/identity-platform/howto-convert-app-to-be-multi-tenant",
  },
  battlenet: {
    differs: cannotSignIn("authorization", "callback", "checks", "logged", "session", "token"),
    why: "`issuer` defaults to `https://oauth.battle.net`, Blizzard's OAuth host; Auth.js's preset has no default and answers 500 without one; with it set, ours sends no PKCE verifier (Blizzard documents none) and gives `email: null`",
    source: "https://develop.battle.net/documentation/guides/using-oauth",
  },
  bitbucket: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the user endpoint has no email",
    source: "https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get",
  },
  box: {
    differs: { ...noPkce, ...defaultScope },
    why: "client credentials in the form, and no PKCE (Box does not support it; `state` instead); no `scope`: the app's configured scopes apply",
    source: "https://developer.box.com/reference/post-oauth2-token/",
  },
  "boxyhq-saml": {
    differs: { ...tokenRequest, ...authorization, ...checks },
    why: "client credentials in the form (`client_secret_post`); `scope=email profile` (the service records it; `openid` would make it sign an ID token) and no `provider=saml`; `state` besides PKCE, as the SSO flow's authorize request shows it",
    source: "https://www.ory.sh/docs/polis/sso-flow",
  },
  bungie: {
    differs: {
      ...noPkce,
      ...authorization,
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "no PKCE (Bungie documents none; `state` instead); no `scope` (Bungie: it must be omitted, the app's registration sets it) and no `reauth=true` (not documented: add `authorization.params.reauth` to keep Bungie asking for the password every time); the profile is `GetMembershipsForCurrentUser` (with `apiKey` as `X-API-Key`), where Auth.js's preset asks for `GetBungieAccount/{membershipId}` with the placeholder unfilled",
    source: "https://github.com/Bungie-net/api/wiki/OAuth-Documentation",
  },
  "click-up": {
    differs: {
      ...tokenRequest,
      ...defaultScope,
      ...cannotSignIn("callback", "logged", "profile", "session"),
    },
    why: "client credentials as request parameters, as ClickUp documents them (Auth.js: Basic); no `scope` (ClickUp has none); Auth.js's preset cannot sign in: the token answer is a bare `access_token` without `token_type`, and the API takes the token without `Bearer`",
    source: "https://developer.clickup.com/reference/getaccesstoken",
  },
  cognito: {
    differs: sessionNull,
    why: "`name: null` and `image: null` when the pool fills none of `name`, `nickname`, `preferred_username` and `picture` (the default ID token has none)",
    source:
      "https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html",
  },
  coinbase: {
    differs: { ...tokenRequest, ...checks },
    why: "client credentials in the form (`client_secret_post`); `state` besides PKCE: Coinbase [asks for it on every authorization](https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/security-best-practices)",
    source: "https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/integrations",
  },
  concept2: {
    differs: { ...authorization, ...checks },
    why: "`scope=user:read` only (Auth.js also asks `results:write`: set `authorization.params.scope` for it); `state` besides PKCE: the OAuth section documents `state`, and not PKCE",
    source: "https://log.concept2.com/developers/documentation/",
  },
  dribbble: {
    differs: { ...noPkce, ...authorization, session: "profile-field-null" },
    why: "`scope=public` (Auth.js's preset sends `scope=undefined`); client credentials in the form and no PKCE (`state` instead); `email: null` (the user endpoint has none)",
    source: "https://developer.dribbble.com/v2/oauth/",
  },
  eventbrite: {
    differs: {
      ...noPkce,
      ...authorization,
      session: "profile-mapping-per-provider-docs",
    },
    why: "no `scope` (Eventbrite's OAuth has none; Auth.js sends `user.profile`); no PKCE (Eventbrite documents none; `state` instead); `image: null`: the user answer has only an `image_id`, from which Auth.js builds an undocumented CDN URL",
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
    differs: { ...sessionMapping, ...defaultScope },
    why: "no `scope` (the scopes are picked on the app's client); name from `nickname`; Auth.js reads `name`, which FACEIT's userinfo does not have, and leaves it out",
    source: "https://docs.faceit.com/getting-started/authentication/oauth2",
  },
  figma: {
    differs: authorization,
    why: "`scope=current_user:read`, the granular scope `/v1/me` needs (Auth.js asks `files:read`, read access to every file the user can open)",
    source: "https://developers.figma.com/docs/rest-api/oauth-apps/",
  },
  freshbooks: {
    differs: { ...noPkce, ...authorization },
    why: "authorization at `auth.freshbooks.com/oauth/authorize/` with `scope=user:profile:read`, the scope of `/users/me` (Auth.js: `/service/auth/oauth/authorize` with `openid profile email`); client credentials in the form, and no PKCE (FreshBooks documents the form credentials and no PKCE; `state` instead)",
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
  kakao: {
    differs: authorization,
    why: "no empty `scope=`: the consent items set on the app apply",
    source: "https://developers.kakao.com/docs/latest/en/kakaologin/rest-api",
  },
  line: {
    differs: {
      token: "token-request-per-provider-docs",
      ...checks,
      profile: "profile-mapping-per-provider-docs",
    },
    why: "PKCE (a challenge and its verifier; [LINE recommends it](https://developers.line.biz/en/docs/line-login/integrate-pkce/)); the profile is what LINE's verify endpoint answers for the ID token, whose HS256 signature (the channel secret) Auth.js's preset does not check",
    source: "https://developers.line.biz/en/docs/line-login/verify-id-token/",
  },
  mailchimp: {
    differs: {
      ...noPkce,
      ...defaultScope,
      ...cannotSignIn("callback", "logged", "profile", "session"),
    },
    why: "client credentials in the form and no PKCE (as Mailchimp documents; `state` instead); no `scope` (Mailchimp has none); Auth.js's preset cannot read the documented token answer (no `token_type`, `scope: null`)",
    source: "https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/",
  },
  mailru: {
    differs: {
      ...checks,
      token: "authjs-preset-cannot-sign-in",
      profile: "authjs-preset-cannot-sign-in",
      session: "authjs-preset-cannot-sign-in",
      unknown: "authjs-preset-cannot-sign-in",
    },
    why: "`state` besides PKCE (Mail.ru requires it); the profile request carries the token as the `access_token` parameter, as Mail.ru documents; Auth.js's preset sends it as a `Bearer` header and gets no user. The client credentials go in the form (Mail.ru's pages do not say which it takes; Auth.js sends HTTP Basic)",
    source: "https://id.vk.com/about/business/go/docs/ru/vkid/latest/oauth/oauth-mail/index",
  },
  mastodon: {
    differs: { ...sessionNull, ...authorization },
    why: "`email: null`: the account Mastodon answers has no email; `scope=read:accounts`, the [granular scope](https://docs.joinmastodon.org/api/oauth-scopes/) that reads it (Auth.js: all of `read`)",
    source: "https://docs.joinmastodon.org/methods/accounts/#verify_credentials",
  },
  mattermost: {
    differs: { ...authorization, ...checks },
    why: "`scope=user`, the server's own scope (Auth.js sends `openid profile email`, which Mattermost does not define); `state` besides PKCE: the page documents PKCE for the newer public clients, and a server from before ignores the challenge",
    source: "https://developers.mattermost.com/integrate/apps/authentication/oauth2/",
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
    differs: { ...noPkce, ...defaultScope },
    why: "client credentials in the form, and no PKCE (Naver's flow has none; `state` instead); no `scope` (Naver has none)",
    source: "https://developers.naver.com/docs/login/api/api.md",
  },
  netlify: {
    differs: { ...noPkce, ...authorization },
    why: "no PKCE (Netlify does not support it; `state` instead); no empty `scope=`",
    source: "https://docs.netlify.com/api/get-started/#authentication",
  },
  netsuite: {
    differs: endpointsRefused,
    why: "Auth.js's preset, configured as its docs say (`accountID`, `userinfo`), stops at `InvalidEndpoints` before the sign-in starts: its `userinfo` stays in its options, where @auth/core does not look; NetSuite has no profile endpoint, so `userinfo` is your RESTlet",
    source:
      "https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_158074210415.html",
  },
  nextcloud: {
    differs: { ...authorization, ...checks },
    why: "`scope=profile` (Nextcloud ignores scopes; Auth.js sends `openid profile email`); `state` besides PKCE: Nextcloud's OAuth 2 app has no PKCE yet ([a draft](https://github.com/nextcloud/server/pull/59930)), so the challenge is ignored",
    source:
      "https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/oauth2.html",
  },
  notion: {
    differs: { ...noPkce, ...authorization },
    why: "`redirect_uri` is the callback URL (Auth.js's preset sends `redirect_uri=undefined` unless you set `redirectUri`) and `owner=user` with no `scope`; no PKCE (Notion does not support it; `state` instead)",
    source: "https://developers.notion.com/docs/authorization",
  },
  onelogin: {
    differs: issuerFormFails,
    why: "`issuer` may be the subdomain URL (next-auth 4's form): ours appends `/oidc/2` (the documented issuer), Auth.js's preset discovers at the URL as given and fails; with the documented issuer the sign-ins are the same",
    source: "https://developers.onelogin.com/openid-connect/api/provider-config",
  },
  osso: {
    differs: { ...noPkce, ...defaultScope, session: "profile-field-null" },
    why: "no PKCE (Osso has none; `state`, which its docs ask for) and no `scope`; `name: null` and `image: null`: `/oauth/me` has an email only",
    source: "https://ossoapp.com/docs/consume/consuming-osso/",
  },
  osu: {
    differs: { ...checks, session: "profile-field-null" },
    why: "`email: null`: osu! never shares the email; `state` besides PKCE: the page documents `state`, and not PKCE",
    source: "https://osu.ppy.sh/docs/#get-own-data",
  },
  patreon: {
    differs: {
      ...noPkce,
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "client credentials in the form and no PKCE (as Patreon documents); the profile is API v2's `identity` with `fields[user]`, where Auth.js's preset calls v1's `current_user`, which Patreon has deprecated",
    source: "https://docs.patreon.com/#get-api-oauth2-v2-identity",
  },
  "ping-id": {
    differs: sessionNull,
    why: "`image: null` when the ID token has no `picture`",
    source:
      "https://developer.pingidentity.com/pingone-api/foundations/pingone-roles-scopes-and-permissions/access-services-through-scopes-and-roles/openid-connect-oidc-scopes.html",
  },
  pinterest: {
    differs: { ...noPkce, session: "profile-field-null" },
    why: "no PKCE (Pinterest does not support PKCE); `email: null` (the account endpoint has none)",
    source:
      "https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/",
  },
  pipedrive: {
    differs: {
      ...noPkce,
      ...defaultScope,
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "no PKCE (Pipedrive documents none; `state` instead) and no `scope` (the app's scopes apply); Auth.js's preset asks for the profile at `api.pipedrive.com/users/me`, which the API does not document (it is `/v1/users/me`)",
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
    differs: noPkce,
    why: "no PKCE: SimpleLogin's server does not implement PKCE (the verifier Auth.js sends is ignored)",
    source: "https://github.com/simple-login/app/blob/master/app/oauth/views/authorize.py",
  },
  strava: {
    differs: { ...noPkce, ...authorization, session: "profile-field-null" },
    why: "authorization at `www.strava.com/oauth/authorize`, as documented (Auth.js: `/api/v3/oauth/authorize`); no PKCE (Strava documents none; `state` instead); `email: null`: the athlete has no email",
    source: "https://developers.strava.com/docs/authentication/",
  },
  threads: {
    differs: cannotSignIn("callback", "logged", "profile", "session"),
    why: "Auth.js's preset cannot sign in: the token answer `{ access_token, user_id }` has no `token_type`, and it reads the profile from a `data` wrapper the `/me` answer does not have",
    source:
      "https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions",
  },
  tiktok: {
    differs: { ...noPkce, ...authorization, session: "profile-field-null" },
    why: "authorization at `/v2/auth/authorize/` with its trailing slash, as documented; no PKCE (TikTok requires it of mobile and desktop apps only; `state` instead); `email: null` (TikTok gives no email)",
    source: "https://developers.tiktok.com/doc/oauth-user-access-token-management",
  },
  todoist: {
    differs: endpointsRefused,
    why: "Auth.js's preset stops at `InvalidEndpoints` before the sign-in starts: its profile request is a function without a `userinfo` URL (posting to the Sync v9 API Todoist replaced); ours reads `/api/v1/user`",
    source: "https://developer.todoist.com/api/v1/#tag/User",
  },
  trakt: {
    differs: {
      ...noPkce,
      ...authorization,
      callback: "authjs-preset-cannot-sign-in",
      logged: "authjs-preset-cannot-sign-in",
      profile: "authjs-preset-cannot-sign-in",
      session: "authjs-preset-cannot-sign-in",
      unknown: "authjs-preset-cannot-sign-in",
    },
    why: "authorization and token at `auth.trakt.tv`, as Trakt documents (not the API host, to which Auth.js's preset posts the code); client credentials in the form and no PKCE (`state` instead); no empty `scope=`; `email: null`",
    source: "https://docs.trakt.tv/reference/authentication",
  },
  twitter: {
    differs: { session: "profile-field-null" },
    why: "`email: null`: the OAuth 2 user lookup has no email",
    source: "https://docs.x.com/x-api/users/user-lookup-me",
  },
  vk: {
    differs: {
      ...noPkce,
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "no PKCE and no `v` on the token URL (oauth.vk.com documents neither); Auth.js's preset cannot sign in: VK's token answer has no `token_type`",
    source: "https://dev.vk.com/ru/api/access-token/authcode-flow-user",
  },
  webex: {
    differs: authorization,
    why: "`scope=spark:people_read` only, what `/v1/people/me` needs (Auth.js adds `spark:kms`, the key service for encrypted content)",
    source: "https://developer.webex.com/docs/integrations",
  },
  wechat: {
    differs: {
      ...authorization,
      ...cannotSignIn("callback", "logged", "profile", "session", "unknown"),
    },
    why: "the authorization query is the documented `appid`, `redirect_uri`, `response_type`, `scope`, `state` in that order (Auth.js also sends `client_id`); Auth.js's preset POSTs the code with Basic credentials where WeChat documents a GET with `appid`, `secret`, `code` and `grant_type` in the query, and keys the user on `unionid`, which an app not bound to the Open Platform does not get (ours: `unionid`, else `openid`)",
    source:
      "https://developers.weixin.qq.com/doc/offiaccount/en/OA_Web_Apps/Wechat_webpage_authorization.html",
  },
  wikimedia: {
    differs: authorization,
    why: "no empty `scope=`: the grants chosen when the consumer was registered apply",
    source: "https://www.mediawiki.org/wiki/OAuth/For_Developers",
  },
  wordpress: {
    differs: noPkce,
    why: "client credentials in the form, and no PKCE (WordPress.com documents the form credentials and no PKCE)",
    source: "https://developer.wordpress.com/docs/oauth2/",
  },
  workos: {
    differs: { ...defaultScope, ...checks },
    why: "no `scope` (WorkOS SSO has none); `state` besides PKCE: the SSO authorization URL documents `state`, and not PKCE",
    source: "https://workos.com/docs/reference/sso/get-authorization-url",
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
    differs: noPkce,
    why: "client credentials as parameters and no PKCE (Zoho's web-app token request has neither HTTP Basic nor PKCE)",
    source: "https://www.zoho.com/accounts/protocol/oauth/web-apps/access-token.html",
  },
  zoom: {
    differs: authorization,
    why: "no empty `scope=`: the scopes set on the app apply",
    source: "https://developers.zoom.us/docs/integrations/oauth/",
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
