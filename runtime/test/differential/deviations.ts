/**
 * Every difference from Auth.js that stays, with why. The differential tests compare each
 * scenario with Auth.js and fail on any difference a deviation here does not name (and on a
 * named one that no longer differs); `docs/migrating.md` shows exactly these rows, checked by
 * `deviations-doc.test.ts`.
 */
import { expect } from "vitest";
import { presetScenarios } from "./preset-deviations.js";

export interface Deviation {
  /** Stable identifier. */
  id: string;
  /** What Auth.js does (the doc's first column, Markdown). */
  authJs: string;
  /** What create-auth does instead (the doc's second column, Markdown). */
  ours: string;
  /** Why it stays (the doc's third column, Markdown). */
  reason: string;
  /** Differential scenarios that differ from Auth.js because of this entry. */
  scenarios?: string[];
}

const objectParamsOverStringPreset = ["spotify", "gitlab", "twitter"].flatMap((id) => [
  `authorization ${id}: an object with params › endpoint`,
  `authorization ${id}: an object with params › query`,
]);

/** The servers the endpoint scenarios run on (express-endpoints and frameworks tests). */
const servers = ["express", "fastify", "hono", "solid-start"];
/** The same endpoint scenario keys on every server. */
const onEveryServer = (...keys: string[]) =>
  keys.flatMap((key) => servers.map((server) => `${server} ${key}`));

export const deviations: Deviation[] = [
  {
    id: "trust-host-false",
    authJs: "`AUTH_TRUST_HOST=false` trusts the host",
    ours: "it means false",
    reason: "a setting that says false must not enable host trust",
  },
  {
    id: "https-endpoints",
    authJs: "OAuth providers over plain HTTP are accepted",
    ours: "HTTPS required (loopback excepted; `allowInsecureRequests` opts in)",
    reason: "codes and tokens must not cross the network in clear",
  },
  {
    id: "id-token-signature",
    authJs: "ID tokens are trusted because they came over TLS",
    ours: "verified against the provider's JWKS",
    reason: "a forged or replayed ID token is refused",
    // The JWKS request it takes (provider-requests.test.ts).
    scenarios: ["provider * › keys"],
  },
  {
    id: "invalid-callback-url-status",
    authJs: "an invalid `callbackUrl` query answers 500",
    ours: "400",
    reason: "it is the client's mistake, not a server failure",
  },
  {
    id: "jwt-reissue",
    authJs: "the JWT session cookie is re-encrypted on every read",
    ours: "once per `session.updateAge` with the default `jwt` callback",
    reason: "speed; the cookie's lifetime is the same",
    scenarios: onEveryServer(
      "GET session signed in › cookies",
      "GET session after an OAuth sign-in › cookies",
    ),
  },
  {
    id: "credentials-database",
    authJs:
      "credentials + database strategy silently fails (the JWT cookie is looked up as a database token)",
    ours: "works when another provider needs the adapter: credentials users keep a JWT cookie, which the database strategy reads as a JWT session",
    reason: "Auth.js's combination cannot sign anyone in",
  },
  {
    id: "dangerous-linking-verified",
    authJs:
      "an OAuth account is linked to any user with the same email (with `allowDangerousEmailAccountLinking`)",
    ours: "only when both sides have verified the email",
    reason: "an unverified address would hand the account over",
  },
  {
    id: "jwt-linking-sub",
    authJs:
      "with JWT sessions, a new OAuth account is linked to the adapter user whose id equals the session's `sub`, even a credentials user's",
    ours: "only to the user of a session our OAuth or email sign-in created; sessions Auth.js minted link nothing until the user signs in again",
    reason: "a `sub` the adapter did not issue must not choose whom to link",
  },
  {
    id: "foreign-mount-prefix",
    authJs: "the base path is taken from each request's path",
    ours: "fixed at the first request (or `basePath`); requests under another prefix fall through to your app",
    reason: "requests cannot move the sign-in page or create configurations",
  },
  {
    id: "signin-page-query",
    authJs: "the sign-in page copies query parameters into its forms",
    ours: "only `error` and `email`",
    reason: "a link cannot plant fields in the sign-in forms",
  },
  {
    id: "oauth-email-verified",
    authJs:
      "an OAuth sign-up stores `emailVerified: null` even when the provider verified the address",
    ours: "the time of the sign-up when the provider says `email_verified: true`",
    reason: "the address is known to be verified",
  },
  {
    id: "magic-link-unverified",
    authJs: "a magic link signs in to any user with that address",
    ours: "not to a user whose address is unverified (account pre-hijacking): `OAuthAccountNotLinked`. Users your app invites: `signInUnverifiedUsers: true` on the email provider. Users Auth.js created from a provider have `emailVerified: null`: they sign in with that provider",
    reason: "account pre-hijacking",
  },
  {
    id: "rate-limit",
    authJs: "no rate limiting",
    ours: "credentials and email sign-in answer 429 past 10 attempts per identifier or 100 per address in 5 minutes (`rateLimit`, `false` turns it off)",
    reason: "password guessing and mail flooding",
  },
  {
    id: "dependency-timeouts",
    authJs:
      "a provider request waits as long as `fetch` does (300 s for headers); an SMTP send as long as nodemailer's per-step timeouts allow",
    ours: "each provider request is aborted after `httpTimeout` (5 s; the callback ends with `OAuthCallbackError`), each SMTP send after `sendTimeout` (10 s; `EmailSignInError`), and `postgresDatabase`/`redisRateLimitStore` bound every query (see [operations.md](operations.md#timeouts-and-failures))",
    reason:
      "a hung dependency must cost a request seconds, not minutes, and must not pile requests up",
  },
  {
    id: "host-cookie-prefix",
    authJs:
      "over HTTPS the session, callback-URL and check cookies are `__Secure-` (a sibling subdomain can plant them)",
    ours: "`__Host-`. Your users' `__Secure-authjs.session-token` cookies keep working: a JWT session is moved to `__Host-authjs.session-token` on its next `/session` read, a database session to a fresh token (see [security.md](security.md#csrf-and-cookies) for why only those tokens are read)",
    reason: "cookie tossing from a sibling subdomain",
    scenarios: [
      "express * over HTTPS (behind a proxy) › cookies",
      "option useSecureCookies (true over http) › cookies",
    ],
  },
  {
    id: "link-flow-origin",
    authJs: "an OAuth callback links the provider account to whoever is signed in when it arrives",
    ours: "only to the user who was signed in when the flow started (a flow started signed out links nothing)",
    reason: "login CSRF into someone else's account",
  },
  {
    id: "options-checked",
    authJs: 'options are used as given (`absoluteMaxAge: "60"` quietly disables the lifetime)',
    ours: "checked by type and range: `InvalidConfig` names the option, and no request succeeds until it is fixed",
    reason: "a typo must not switch a protection off",
  },
  {
    id: "text-plain-bodies",
    authJs: "`text/plain` bodies may be parsed by your app's parser and read",
    ours: "only JSON and form bodies are read",
    reason: "`text/plain` is a CORS-simple type: cross-site forms could post them",
  },
  {
    id: "authorization-object-over-string-preset",
    authJs:
      "`authorization: { params }` on a preset whose default is a URL string (Spotify, GitLab, X/Twitter) fails with `Configuration`",
    ours: "the params are merged into the preset's URL",
    reason: "Auth.js's merge replaces the URL with a placeholder; ours is the documented intent",
    scenarios: objectParamsOverStringPreset,
  },
  {
    id: "authorization-url-string",
    authJs: "a provider hook sees `provider.authorization.url` as a `URL` object",
    ours: "as a string with the same value (the same query); `new URL(…)` or `String(…)` of it reads the same in both",
    reason: "the provider configuration stays plain, serialisable data",
  },
  {
    id: "oauth2-default-scope",
    authJs:
      "an OAuth 2 (not OIDC) authorization URL without `scope` gets `scope=openid profile email`",
    ours: "no scope is added to a plain OAuth 2 provider (OIDC providers get `openid profile email`, as in Auth.js)",
    reason: "least privilege: a plain OAuth 2 provider gets only the scope you configure",
    scenarios: [
      "authorization *: a URL string without a query › query",
      ...presetScenarios("oauth2-default-scope"),
    ],
  },
  {
    id: "twitch-email-verified-claim",
    authJs: "the Twitch preset asks for the `email`, `picture` and `preferred_username` claims",
    ours: "also `email_verified`",
    reason: "an account is linked by email only when the provider says the address is verified",
    scenarios: ["authorization twitch: * › query", "provider twitch › authorization"],
  },
  {
    id: "entra-user-read-scope",
    authJs:
      "the Microsoft Entra ID preset asks for `User.Read` and fetches the profile photo from Microsoft Graph",
    ours: "`openid profile email` only; no photo",
    reason: "least privilege: no Graph permission the sign-in does not need",
    scenarios: [
      "authorization microsoft-entra-id: the preset's defaults › query",
      "provider microsoft-entra-id › authorization",
    ],
  },
  {
    id: "head-as-get",
    authJs: '`HEAD` answers 400 "Bad request."',
    ours: "answered as `GET` without a body, except on `/callback/*` (400)",
    reason:
      "HEAD is GET without a body (RFC 9110 §9.3.2); mail scanners' HEAD must not spend a magic link or an OAuth code",
    scenarios: ["express HEAD * › status", "express HEAD * › cookies", "express HEAD * › logged"],
  },
  {
    id: "no-store",
    authJs: "pages and redirects carry no `Cache-Control`",
    ours: "`Cache-Control: no-store` on every response that sets a cookie, and on error redirects",
    reason: "a shared cache must not store a response that sets a cookie or shows a token",
    scenarios: ["* › cacheControl", "* › *.cacheControl"],
  },
  {
    id: "database-session-cookie-reissue",
    authJs:
      "a database session's cookie is re-sent on every `/session` read, even when the row is not extended",
    ours: "re-sent when the row's expiry is extended (once per `session.updateAge`)",
    reason: "speed; the cookie always expires with the row",
    scenarios: ["email-only adapter: session › cookies"],
  },
  {
    id: "session-read-no-init-cookies",
    authJs: "`GET /session` also sets the CSRF and callback-URL cookies",
    ours: "it sets only the session cookie; `/csrf`, the pages and every other endpoint set the other two",
    reason: "speed: it is the endpoint apps poll, and it neither shows nor checks a CSRF token",
    scenarios: [
      ...onEveryServer(
        "GET session without a cookie › cookies",
        "GET session with a broken cookie › cookies",
      ),
      // The callback URL is not settled there, so the `redirect` callback is not called.
      "callbacks session read (*) › order",
      "callbacks session read (*) › callback:redirect #1",
    ],
  },
  {
    id: "credentials-without-csrf-token",
    authJs: "`authorize` and the `signIn` callback get the posted form with its `csrfToken`",
    ours: "the same form without `csrfToken`",
    reason:
      "the CSRF token is the runtime's own: an app that forwards or logs the credentials must not carry it along",
    scenarios: ["callbacks credentials sign-in (jwt) › callback:signIn #1"],
  },
  {
    id: "provider-account-id-string",
    authJs:
      "the `account` given to the `signIn` callback and events carries the provider's raw id (`providerAccountId: 104`, a number for GitHub)",
    ours: 'always a string (`"104"`), as the `Account` type says and the adapter stores it',
    reason:
      "one type everywhere: `account.providerAccountId === storedAccount.providerAccountId` holds",
    scenarios: [
      "callbacks OAuth sign-in of a new user (database) › callback:signIn #1",
      "callbacks OAuth sign-in of a new user (database) › event:signIn #1",
      "callbacks OAuth sign-in of a new user (database) › event:linkAccount #1",
      "callbacks OAuth sign-in of a returning user (database) › callback:signIn #1",
      "callbacks OAuth sign-in of a returning user (database) › event:signIn #1",
      "callbacks account linking (database) › callback:signIn #1",
      "callbacks account linking (database) › event:signIn #1",
      "callbacks account linking (database) › event:linkAccount #1",
    ],
  },
  {
    id: "no-raw-mode",
    authJs:
      "`raw` (an exported symbol) in the configuration makes `Auth()` return its internal response object",
    ours: "`Auth()` always returns a `Response`; there is no `raw`",
    reason:
      "it serves Next.js server actions, which this runtime does not target (`@auth/express`'s configuration type leaves it out too)",
  },
  {
    id: "router-unknown-paths",
    authJs:
      '`@hono/auth-js`\'s `authHandler()` answers every other path and method under its mount 400 "Bad request." (Auth.js has no Fastify package)',
    ours: "on Hono and Fastify they go to the app's own routes and not-found handler (as on SolidStart in both)",
    reason:
      "these routers match by path and method: the app keeps its own routes under the base path and its 404",
    scenarios: [
      "hono GET unknown action › *",
      "hono PUT session (wrong method) › *",
      "fastify GET unknown action › *",
      "fastify PUT session (wrong method) › *",
    ],
  },
  {
    id: "error-page-sign-in-link",
    authJs:
      'the error page\'s "Sign in" link is the request URL with `/signin` appended (`…/error?error=AccessDenied/signin`)',
    ours: "`{base}/signin`",
    reason: "Auth.js's link is broken (reference §11 item 2)",
    scenarios: onEveryServer("GET error › body"),
  },
  {
    id: "credentials-form-callback-url",
    authJs:
      "the sign-in page's credentials form posts no `callbackUrl` (the callback-URL cookie decides)",
    ours: "it posts the page's `callbackUrl` as a hidden field, as the OAuth buttons do",
    reason:
      "the destination is the one this page was opened with, not whichever tab last set the cookie",
    scenarios: [...onEveryServer("GET signin page* › body"), "option basePath › page.body"],
  },
  {
    id: "log-jwt-session-error",
    authJs: "an unreadable session cookie logs `JWTSessionError` with an empty message",
    ours: "the message says the session token could not be read (the decoding error is its cause)",
    reason: "an empty log line tells the operator nothing",
    scenarios: ["express GET session with a broken cookie › logged"],
  },
  {
    id: "log-unknown-provider-type",
    authJs: "an unknown provider id logs a plain `Error`",
    ours: "an `InvalidProvider` error with the same message",
    reason: "every logged error carries a stable `type` code (reference §11 item 23)",
    scenarios: [
      ...onEveryServer("GET callback/unknown provider › logged"),
      "option logger › logged",
    ],
  },
  {
    id: "error-redirect-keeps-cookies",
    authJs:
      "an error redirect drops the cookies computed before the failure (a new CSRF cookie, check-cookie clears)",
    ours: "keeps those (never a session cookie)",
    reason: "spent OAuth check cookies are cleared, and the retry has its CSRF cookie",
    scenarios: onEveryServer("* without CSRF › cookies", "GET callback* › cookies"),
  },
  {
    id: "page-hint-cookie",
    authJs: "the built-in pages cannot tell what just happened",
    ours: 'signing out, sending a sign-in link and a refused credentials attempt set a 5-minute `create-auth.page-hint` cookie (HttpOnly, read once), so the next built-in page says "You are signed out", names the address, or keeps the typed username (never the password)',
    reason:
      "no dead ends for users; set by the server's own flow, so unlike a query parameter it cannot be crafted into a link",
    scenarios: [
      ...onEveryServer("POST callback/credentials refused › cookies", "POST signout* › cookies"),
      "email-only adapter: start › cookies",
    ],
  },
  {
    id: "unknown-key-session-kept",
    authJs: "a JWT session cookie that does not decrypt is deleted",
    ours: "one sealed under a key none of the secrets derives (its `kid`) is no session but is not deleted; one with our key that fails (tampered, expired) still is",
    reason:
      "in a rolling secret rotation an instance without the new secret must not sign out users of the others; an unreadable cookie grants nothing",
  },
  {
    id: "accept-only-secrets",
    authJs: "every secret may issue (the first does); there is no accept-only secret",
    ours: "`acceptSecrets` / `AUTH_SECRET_NEXT` are accepted for sessions, CSRF, e-mail and check tokens but never issue",
    reason: "a two-phase rotation: every instance accepts a secret before any issues with it",
  },
  {
    id: "get-token-env-secrets",
    authJs: "`getToken()` without `secret` reads `AUTH_SECRET` only",
    ours: "every secret of the environment: `AUTH_SECRET_3.._1`, `AUTH_SECRET`, `AUTH_SECRET_NEXT`",
    reason: "code calling it reads the sessions of every instance during a rotation",
  },
  {
    id: "profile-request-failed",
    authJs:
      "an OAuth profile (userinfo) request answered with an error status is read as the profile: the user is signed in as whatever the error body maps to",
    ours: "the sign-in fails: no session, the error page (`Configuration`), the failure logged",
    reason: "a provider that did not answer with a profile has identified nobody",
    scenarios: onEveryServer(
      "GET callback/acme with a code the provider refuses › location",
      "GET callback/acme with a code the provider refuses › logged",
    ),
  },
  {
    id: "authorization-per-provider-docs",
    authJs:
      "some presets send the browser to an authorization endpoint the provider does not document, or with a scope or parameters it does not document (an empty `scope=`, `scope=undefined`, a wider scope than the sign-in needs)",
    ours: "the endpoint, parameters and narrowest scope the provider documents for a sign-in ([Provider presets](#provider-presets) lists each, with the page)",
    reason:
      "a sign-in asks for no permission it does not use, at the address the provider keeps; to ask for more, set `authorization.params.scope`",
    scenarios: presetScenarios("authorization-per-provider-docs"),
  },
  {
    id: "checks-per-provider-docs",
    authJs:
      "most OAuth 2 presets protect the flow with PKCE alone (no `state`), whether or not the provider documents PKCE",
    ours: "PKCE where the provider documents it; `state` where the provider asks for it or does not document PKCE ([Provider presets](#provider-presets))",
    reason:
      "a PKCE challenge the provider ignores protects nothing: `state` is then what refuses a callback from a flow the browser did not start",
    scenarios: presetScenarios("checks-per-provider-docs"),
  },
  {
    id: "token-request-per-provider-docs",
    authJs:
      "most OAuth 2 presets send the client credentials in an HTTP Basic header and a PKCE verifier, whatever the provider documents",
    ours: "as the provider documents it: the presets are listed under [Provider presets](#provider-presets)",
    reason:
      "a provider that documents one client authentication may refuse the other; each preset's row cites the provider's page",
    scenarios: presetScenarios("token-request-per-provider-docs"),
  },
  {
    id: "profile-field-null",
    authJs: "a profile field the provider does not give is left out of the session's user",
    ours: "`null` (for example `email` of Bitbucket, Dribbble, Pinterest, Reddit and X, whose profiles have none)",
    reason:
      "the presets say there is no email rather than leaving it unknown; `session.user.email` is falsy either way",
    scenarios: presetScenarios("profile-field-null"),
  },
  {
    id: "profile-mapping-per-provider-docs",
    authJs:
      "some presets take the user's name, email or picture from another field or request than the one the provider documents for it, or fetch a picture that needs a further permission (Microsoft Entra ID's photo from Graph)",
    ours: "the documented field or request, and no picture behind a further permission ([Provider presets](#provider-presets) lists each)",
    reason:
      "the documented field is the one the provider keeps filled, and a sign-in asks for no permission it does not need; if your app reads `session.user.name` or `image` from one of these presets, check it after switching",
    scenarios: presetScenarios("profile-mapping-per-provider-docs"),
  },
  {
    id: "authjs-preset-cannot-sign-in",
    authJs:
      "some presets cannot complete a sign-in against the answers the provider documents (an issuer form or an option they ignore, a token or profile answer they cannot read, a profile request to an endpoint the provider does not document, a required option without a default, an endpoint @auth/core refuses before the sign-in starts)",
    ours: "the sign-in completes ([Provider presets](#provider-presets) lists each, with the page)",
    reason:
      "Auth.js's behaviour there is an error page, or a session whose user the provider did not identify, which no app relies on",
    scenarios: presetScenarios("authjs-preset-cannot-sign-in"),
  },
  {
    id: "session-store-unavailable",
    authJs:
      "when the adapter throws, `/session` answers `200 null`, `getSession` returns `null` and protected routes send users to sign in",
    ours: '503 with `Retry-After` (JSON or a "Temporarily unavailable" page), `getSession` throws `SessionStoreUnavailable`, the session cookie is kept; a sign-out whose row cannot be deleted answers 503 and is retried',
    reason:
      "an outage must not read as, or cause, a sign-out; and a sign-out must not claim to be done when it is not",
  },
  // A kind of preset difference no preset has yet (preset-deviations.ts) is not shown.
].filter((d) => d.scenarios?.length !== 0);

/** Whether `pattern` (where `*` stands for anything) names `key`. */
function matches(pattern: string, key: string): boolean {
  if (!pattern.includes("*")) return pattern === key;
  const parts = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`).test(key);
}

/** The deviation that names `key` (`<scenario> › <field>`), if any. */
export function deviationFor(key: string): Deviation | undefined {
  return deviations.find((d) => d.scenarios?.some((pattern) => matches(pattern, key)));
}

/**
 * Compares what a user sees of one scenario, field by field (`status`, `cookies`…): each field
 * must equal Auth.js's unless a deviation names `<scenario> › <field>`. A deviation that names
 * it exactly must still differ, so the list never keeps entries that are no longer true; a
 * pattern with `*` (one behaviour seen in many scenarios) only permits a difference.
 */
export function expectSame(
  scenario: string,
  ours: Record<string, unknown>,
  authJs: Record<string, unknown>,
): void {
  const unexplained: Record<string, { ours: unknown; authJs: unknown }> = {};
  for (const field of new Set([...Object.keys(ours), ...Object.keys(authJs)])) {
    const key = `${scenario} › ${field}`;
    const same = JSON.stringify(ours[field]) === JSON.stringify(authJs[field]);
    const known = deviationFor(key);
    if (known?.scenarios?.includes(key) && same) {
      expect.fail(`${key}: deviation ${known.id} no longer differs from Auth.js`);
    }
    if (!same && !known) unexplained[field] = { ours: ours[field], authJs: authJs[field] };
  }
  expect(unexplained, `${scenario}: differences no deviation explains`).toEqual({});
}

/** The Markdown table `docs/migrating.md` shows. */
export function deviationsTable(): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  return [
    "| Auth.js | create-auth | Why |",
    "|---|---|---|",
    ...deviations.map((d) => `| ${cell(d.authJs)} | ${cell(d.ours)} | ${cell(d.reason)} |`),
  ].join("\n");
}
