/**
 * Provider configuration types, shaped like Auth.js's so its provider objects (and ours) are
 * interchangeable. A provider is an object, or a function returning one; an `options` field
 * on it is deep-merged over its defaults, which is how presets take user settings.
 *
 * @module providers
 */
import type { Client, TokenEndpointResponse } from "oauth4webapi";
import type { ScryptParams } from "../password/hash.js";
import type { customFetch } from "../symbols.js";
import type { Awaitable, Profile, Theme, TokenSet, User } from "../types.js";

export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | "webauthn" | "password";

/** Colours and logo of a provider's button on the built-in sign-in page. */
export interface ProviderStyle {
  /** An http(s) or `data:image/` URL, shown in an `<img>` on the button. */
  logo?: string;
  /** The logo in the dark scheme (a `dark` theme, or `auto` on a dark system). */
  logoDark?: string;
  /** @deprecated use `brandColor` */
  bg?: string;
  /** @deprecated use `brandColor` */
  text?: string;
  brandColor?: string;
  /** The button colour in the dark scheme. */
  brandColorDark?: string;
}

/** What every provider has. */
export interface CommonProviderOptions {
  /** Unique id, used in URLs: `{base}/signin/<id>`, `{base}/callback/<id>`. */
  id: string;
  /** Shown on the sign-in page. */
  name: string;
  type: ProviderType;
}

export type UrlParams = Record<string, unknown>;

/** An OAuth endpoint: its URL, extra query parameters, and optional hooks. */
export interface EndpointHandler<P extends UrlParams = UrlParams, C = unknown, R = unknown> {
  url?: string;
  params?: P;
  /**
   * Replace the request to this endpoint entirely: userinfo (returns the profile), or token
   * (returns the endpoint's `Response`, which `conform` and the usual validation then read).
   */
  request?: (context: C) => Awaitable<R>;
  /** Rewrite a non-conforming token response before it is validated (token only). */
  conform?: (response: Response) => Awaitable<Response | undefined>;
}

export interface AuthorizationParameters extends UrlParams {
  scope?: string;
  prompt?: string;
  response_mode?: string;
  [key: string]: unknown;
}

export type AuthorizationEndpointHandler = EndpointHandler<AuthorizationParameters>;
/**
 * What a token endpoint's own `request` receives: for a provider whose token request is not the
 * standard form POST (WeChat's GET with `appid` and `secret` in the query).
 */
export interface TokenRequestContext {
  /** The token endpoint. */
  url: string;
  /** The grant: `grant_type`, `code`, `redirect_uri`, and `code_verifier` with PKCE. */
  params: URLSearchParams;
  provider: OAuthConfig<Profile>;
  /** The provider's fetch: its `customFetch`, each request bounded by `httpTimeout`. */
  fetch: typeof fetch;
}

export type TokenEndpointHandler = EndpointHandler<UrlParams, TokenRequestContext, Response>;
export type UserinfoEndpointHandler = EndpointHandler<
  UrlParams,
  { tokens: TokenSet; provider: OAuthConfig<Profile> },
  Profile
>;

/** Maps the provider's profile to the user the runtime stores and puts in the session. */
export type ProfileCallback<P> = (profile: P, tokens: TokenSet) => Awaitable<User>;
/** Chooses which token fields are stored on the account. */
export type AccountCallback = (tokens: TokenEndpointResponse) => TokenSet | undefined | undefined;

export type OAuthChecks = "pkce" | "state" | "none" | "nonce";

/** An OAuth 2 provider. */
export interface OAuth2Config<P = Profile> extends CommonProviderOptions {
  type: "oauth";
  /** Issuer identifier; with no explicit endpoints, discovery runs against it. */
  issuer?: string;
  /** @deprecated the discovery document is always `{issuer}/.well-known/openid-configuration`. */
  wellKnown?: string;
  authorization?: string | AuthorizationEndpointHandler;
  token?: string | TokenEndpointHandler;
  userinfo?: string | UserinfoEndpointHandler;
  /** JSON Web Key Set URL, when the provider signs tokens and has no discovery. */
  jwks_endpoint?: string;
  profile?: ProfileCallback<P>;
  account?: AccountCallback;
  /** Checks bound to the browser. Default `["pkce"]`. */
  checks?: OAuthChecks[];
  clientId?: string;
  clientSecret?: string;
  /**
   * The name the provider gives the client id, when it is not `client_id` (TikTok's
   * `client_key`): the id is sent under this name too, in the authorization request and in the
   * token request's body. Not in Auth.js, whose TikTok preset rewrites the request itself.
   */
  clientIdParameter?: string;
  /**
   * The provider limits `state` (WeChat: at most 128 bytes of letters and digits): it is then 64
   * random hex digits, checked against its cookie as usual, and carries nothing else. Such a
   * flow cannot pass a redirect proxy, whose state must name the deployment, so a proxied
   * sign-in keeps the long state. Ours, not in Auth.js.
   */
  compactState?: boolean;
  /**
   * The provider matches its authorization link strictly (WeChat: its parameters in its order,
   * or the page does not open): the query starts with these parameters, in this order, followed
   * by any others an app adds; `client_id` is sent only if listed (the id still goes under
   * `clientIdParameter`). Ours, not in Auth.js.
   */
  authorizationQueryOrder?: string[];
  client?: Partial<Client>;
  style?: ProviderStyle;
  /**
   * Link this provider's account to an existing user with the same email. Only when the local
   * user's email is verified and the provider says the email is verified.
   */
  allowDangerousEmailAccountLinking?: boolean;
  /** See the `redirectProxyUrl` configuration option. */
  redirectProxyUrl?: string;
  /** Whether an ID token is expected (OIDC). */
  idToken?: boolean;
  /**
   * Allow plain-HTTP endpoints on a non-loopback host. Off by default: provider endpoints must
   * be HTTPS, except on 127.0.0.1, ::1 and localhost.
   */
  allowInsecureRequests?: boolean;
  /** The user's settings, merged over the preset's defaults. */
  options?: OAuthUserConfig<P>;
  [customFetch]?: typeof fetch;
}

/** An OpenID Connect provider. */
export interface OIDCConfig<P = Profile> extends Omit<OAuth2Config<P>, "type"> {
  type: "oidc";
}

export type OAuthConfig<P = Profile> = OAuth2Config<P> | OIDCConfig<P>;

/** What a user passes to an OAuth preset: every field optional. */
export type OAuthUserConfig<P = Profile> = Omit<Partial<OAuth2Config<P>>, "options" | "type">;

/** A form field of the credentials provider, rendered as an `<input>` on the sign-in page. */
export interface CredentialInput {
  label?: string;
  type?: string;
  value?: string;
  placeholder?: string;
  [attribute: string]: unknown;
}

/** Username/password (or any other form) sign-in, validated by your `authorize`. */
export interface CredentialsConfig<
  C extends Record<string, CredentialInput> = Record<string, CredentialInput>,
> extends CommonProviderOptions {
  type: "credentials";
  credentials: C;
  /**
   * Return the user to sign in, `null` to reject (`CredentialsSignin`), or throw a
   * `CredentialsSignin` subclass carrying a client-safe `code`.
   */
  authorize: (
    credentials: Partial<Record<keyof C, unknown>>,
    request: Request,
  ) => Awaitable<User | null>;
  options?: Partial<Omit<CredentialsConfig<C>, "options" | "type">>;
}

/** What `sendVerificationRequest` receives. */
export interface SendVerificationRequestParams {
  identifier: string;
  url: string;
  expires: Date;
  provider: EmailConfig;
  token: string;
  theme: Theme;
  request: Request;
}

/** Magic-link sign-in. */
export interface EmailConfig extends CommonProviderOptions {
  type: "email";
  /** Sender address. */
  from?: string;
  /** Link lifetime in seconds. Default 24 hours. */
  maxAge?: number;
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>;
  /** Secret for hashing tokens; defaults to the configuration's secret. */
  secret?: string;
  generateVerificationToken?: () => Awaitable<string>;
  normalizeIdentifier?: (identifier: string) => string;
  /**
   * Whether a magic link may sign in to an existing user whose address nobody has verified and
   * who has no other sign-in method: a user your app created itself (an invitation, its own
   * sign-up form). Default `false`: such a row may be an attacker's pre-registration with the
   * victim's address (account pre-hijacking), so the sign-in is refused with
   * `OAuthAccountNotLinked`. Turn it on when your app creates users only for addresses it trusts
   * (invitations it sent). A user with a linked account from another sign-in method is refused
   * either way (with an adapter that lists accounts, as ours do). Not in Auth.js, which merges.
   */
  signInUnverifiedUsers?: boolean;
  /** SMTP connection (nodemailer-based providers). */
  server?: unknown;
  /**
   * Longest one send may take over SMTP, in milliseconds, from connecting to the server's last
   * answer; past it the connection is closed and the sign-in ends with `EmailSignInError`.
   * Default 10 000. Ours (nodemailer's own timeouts are per step).
   */
  sendTimeout?: number;
  apiKey?: string;
  options?: Partial<Omit<EmailConfig, "options" | "type">>;
}

/** Which mail the password provider sends. */
export type PasswordMailKind = "verify" | "reset" | "exists";

/** What the password provider's `sendMail` receives. */
export interface PasswordMailParams {
  /**
   * `verify`: confirm the address of a new account; `reset`: a link to choose a new password;
   * `exists`: someone tried to sign up with an address that already has an account.
   */
  kind: PasswordMailKind;
  identifier: string;
  url: string;
  provider: PasswordConfig;
  theme: Theme;
}

/** Email-and-password accounts stored by the adapter. See `@create-auth/runtime/providers/password`. */
export interface PasswordConfig extends CommonProviderOptions {
  type: "password";
  /** scrypt parameters of new hashes. Default OWASP's: `{ N: 2 ** 17, r: 8, p: 1 }`. */
  hash?: Partial<ScryptParams>;
  /**
   * Accept `hash` parameters below OWASP's, for test suites that sign in many times. Refused when
   * `NODE_ENV` is `production`; never set it in an app.
   */
  unsafeWeakHashForTesting?: boolean;
  /** Fewest characters a new password may have. Default 8; lower is refused. */
  minLength?: number;
  /** Whether an address must be confirmed before its first sign-in. Default `true`. */
  requireVerification?: boolean;
  /** Lifetime of a confirmation link, in seconds. Default 24 hours. */
  verificationMaxAge?: number;
  /** Lifetime of a password-reset link, in seconds. Default 1 hour. */
  resetMaxAge?: number;
  /** Sender address. Default `AUTH_EMAIL_FROM`. */
  from?: string;
  /** SMTP connection, as the email provider's `server`. Default `AUTH_EMAIL_SERVER`. */
  server?: unknown;
  /** Longest one send may take, in milliseconds. Default 10 000. */
  sendTimeout?: number;
  /** Sends the confirmation, reset and "account exists" mails. Default: SMTP or the console. */
  sendMail: (params: PasswordMailParams) => Awaitable<void>;
  /** Secret for hashing link tokens; defaults to the configuration's secret. */
  secret?: string;
  options?: Partial<Omit<PasswordConfig, "options" | "type">>;
}

/**
 * The WebAuthn relying party: `id` is the domain passkeys are bound to, `origin` the page origin
 * the browser must report. Arrays allow several; the first is used for new options.
 */
export interface RelyingParty {
  id?: string | string[];
  name?: string | string[];
  origin?: string | string[];
}

/** Passkeys / WebAuthn (experimental). See `@create-auth/runtime/providers/passkey`. */
export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn";
  enableConditionalUI?: boolean;
  formFields?: Record<string, CredentialInput>;
  simpleWebAuthnBrowserVersion?: string | false;
  /** Default: from the request (or `AUTH_URL`) origin: `{ id: hostname, name: host, origin }`. */
  relayingParty?: RelyingParty;
  /** Milliseconds the browser may take for a ceremony; also the challenge lifetime. */
  timeout?: number;
  /** `"required"` for passkeys: the authenticator must verify the user (PIN, biometrics). */
  userVerification?: "required" | "preferred" | "discouraged";
  /** `"required"` for passkeys: a discoverable credential, usable without typing a name. */
  residentKey?: "required" | "preferred" | "discouraged";
  [option: string]: unknown;
}

export type ProviderConfig =
  | OAuth2Config<any>
  | OIDCConfig<any>
  | CredentialsConfig<any>
  | EmailConfig
  | WebAuthnConfig
  | PasswordConfig;

/** A provider object, or a function returning one (called with no arguments). */
export type Provider = ProviderConfig | ((...args: any[]) => ProviderConfig);

/** A provider as the HTTP API describes it (`GET {base}/providers`). */
export interface PublicProvider {
  id: string;
  name: string;
  type: ProviderType;
  signinUrl: string;
  callbackUrl: string;
}
