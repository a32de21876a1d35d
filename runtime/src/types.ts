/**
 * Public types. They match Auth.js's field for field, so code written against `@auth/core`
 * types compiles against ours. Extend `Session`, `User` or `JWT` with module augmentation:
 *
 * ```ts
 * declare module "@create-auth/runtime/types" {
 *   interface Session { user: { role: string } & DefaultSession["user"] }
 * }
 * ```
 *
 * @module types
 */
import type { TokenEndpointResponse } from "oauth4webapi";
import type { Adapter, AdapterSession, AdapterUser } from "./adapters.js";
import type { ErrorType } from "./errors.js";
import type { HousekeepingOptions } from "./housekeeping/types.js";
import type { CredentialInput, Provider, ProviderType } from "./providers/types.js";
import type { RateLimitOptions, RateLimitStore } from "./rate-limit/types.js";
import type { skipCSRFCheck } from "./symbols.js";

export type { ProviderType, RateLimitOptions, RateLimitStore };
export type Awaitable<T> = T | PromiseLike<T>;

/** Look of the built-in pages. */
export interface Theme {
  colorScheme?: "auto" | "dark" | "light";
  /** Absolute URL of a logo shown above the card. */
  logo?: string;
  /** Accent colour: a hex colour, a CSS colour name or a colour function; anything else is ignored. */
  brandColor?: string;
  /** Text colour on accent-coloured buttons (same rules); computed for contrast when unset. */
  buttonText?: string;
}

/** What the token endpoint returned, plus the absolute expiry computed from `expires_in`. */
export type TokenSet = Partial<TokenEndpointResponse> & {
  /** Seconds since the epoch. */
  expires_at?: number;
};

/** A user's account at a provider, with the provider's tokens. */
export interface Account extends Partial<TokenEndpointResponse> {
  provider: string;
  providerAccountId: string;
  type: ProviderType;
  userId?: string;
  /** Seconds since the epoch. */
  expires_at?: number;
}

/** The user's profile as the provider returned it (OIDC standard claims and any others). */
export interface Profile {
  id?: string | null;
  sub?: string | null;
  name?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  middle_name?: string | null;
  nickname?: string | null;
  preferred_username?: string | null;
  profile?: string | null;
  picture?: string | null | any;
  website?: string | null;
  email?: string | null;
  email_verified?: boolean | null;
  gender?: string | null;
  birthdate?: string | null;
  zoneinfo?: string | null;
  locale?: string | null;
  phone_number?: string | null;
  updated_at?: Date | string | number | null;
  address?: {
    formatted?: string | null;
    street_address?: string | null;
    locality?: string | null;
    region?: string | null;
    postal_code?: string | null;
    country?: string | null;
  } | null;
  [claim: string]: unknown;
}

/** Attributes of a cookie the runtime writes. */
export interface CookieSerializeOptions {
  domain?: string;
  expires?: Date;
  httpOnly?: boolean;
  maxAge?: number;
  partitioned?: boolean;
  path?: string;
  priority?: "low" | "medium" | "high";
  sameSite?: boolean | "lax" | "strict" | "none";
  secure?: boolean;
}

export interface CookieOption {
  name: string;
  options: CookieSerializeOptions;
}

/** Per-cookie overrides of names and attributes, merged over the defaults. */
export interface CookiesOptions {
  sessionToken: Partial<CookieOption>;
  callbackUrl: Partial<CookieOption>;
  csrfToken: Partial<CookieOption>;
  pkceCodeVerifier: Partial<CookieOption>;
  state: Partial<CookieOption>;
  nonce: Partial<CookieOption>;
  webauthnChallenge: Partial<CookieOption>;
}

/** Paths of your own pages that replace the built-in ones. */
export interface PagesOptions {
  signIn: string;
  signOut: string;
  error: string;
  verifyRequest: string;
  /** Where new users go after their first sign-in. */
  newUser: string;
}

export type ErrorPageParam = "Configuration" | "AccessDenied" | "Verification";
export type SignInPageErrorParam =
  | "Signin"
  | "OAuthSignin"
  | "OAuthCallbackError"
  | "OAuthCreateAccount"
  | "EmailCreateAccount"
  | "Callback"
  | "OAuthAccountNotLinked"
  | "EmailSignin"
  | "CredentialsSignin"
  | "SessionRequired"
  | "RateLimited"
  | "RateLimitUnavailable";

type ISODateString = string;

export interface DefaultSession {
  user?: User;
  expires: ISODateString;
}

/** What `GET {base}/session` and `getSession()` return. Augment to add fields. */
export interface Session extends DefaultSession {}

export interface DefaultUser {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** The signed-in user. Augment to add fields. */
export interface User extends DefaultUser {}

export type AuthAction =
  | "callback"
  | "csrf"
  | "error"
  | "providers"
  | "session"
  | "signin"
  | "signout"
  | "verify-request"
  | "webauthn-options"
  /** Ours: the password provider's pages and forms, `{base}/password/<operation>`. */
  | "password"
  /** Ours: the built-in sign-in page's passkey script (GET only). */
  | "webauthn-script.js";

/** A WebAuthn credential. */
export interface Authenticator {
  userId?: string;
  providerAccountId: string;
  counter: number;
  credentialBackedUp: boolean;
  credentialID: string;
  credentialPublicKey: string;
  transports?: string | null;
  credentialDeviceType: string;
}

export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null;
  email?: string | null;
  picture?: string | null;
  sub?: string;
  iat?: number;
  exp?: number;
  jti?: string;
}

/** The decrypted session token. Augment to add fields. */
export interface JWT extends Record<string, unknown>, DefaultJWT {}

export interface JWTEncodeParams<Payload = JWT> {
  /** Seconds until the token expires. Default 30 days. */
  maxAge?: number;
  /** Key-derivation salt: the name of the cookie the token lives in. */
  salt: string;
  /** Encrypts with the first secret of an array. */
  secret: string | string[];
  token?: Payload;
}

export interface JWTDecodeParams {
  salt: string;
  /** Any secret of an array decrypts. */
  secret: string | string[];
  token?: string;
}

/** How session tokens are made. Replace `encode`/`decode` only if you must. */
export interface JWTOptions {
  maxAge: number;
  encode: (params: JWTEncodeParams) => Awaitable<string>;
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>;
}

export type LoggerLevel = "error" | "warn" | "debug";

/** Replace any level to send logs elsewhere. */
export interface LoggerInstance {
  warn: (code: WarningCode) => void;
  error: (error: Error) => void;
  debug: (message: string, metadata?: unknown) => void;
}

export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  | "housekeeping-unsupported"
  | "rate-limit-store-failed-open"
  // The Express adapter's own (see docs/express.md).
  | "express-root-mount"
  | "express-mount-basepath-mismatch"
  | "express-basepath-unknown";

export interface SignInCallbackParams {
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  email?: { verificationRequest?: boolean };
  credentials?: Record<string, CredentialInput | unknown>;
}

export interface JWTCallbackParams {
  token: JWT;
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  trigger?: "signIn" | "signUp" | "update";
  /** @deprecated use `trigger === "signUp"` */
  isNewUser?: boolean;
  /** With `trigger: "update"`: the data the client sent. */
  session?: any;
}

export type SessionCallbackParams = (
  | { session: Session; token: JWT; user?: undefined }
  | {
      session: Session & AdapterSession & { user: AdapterUser };
      user: AdapterUser;
      token?: undefined;
    }
) & {
  /** With `trigger: "update"`: the data the client sent. */
  newSession?: any;
  trigger?: "update";
};

/** Hooks that decide what happens at each step. */
export interface CallbacksOptions {
  /** Allow (`true`), deny (`false`) or redirect (a URL string) a sign-in. */
  signIn: (params: SignInCallbackParams) => Awaitable<boolean | string>;
  /** Where to send the user after sign-in or sign-out. The default allows same-origin only. */
  redirect: (params: { url: string; baseUrl: string }) => Awaitable<string>;
  /** Shape what `/session` and `getSession()` return. */
  session: (params: SessionCallbackParams) => Awaitable<Session | DefaultSession>;
  /** Shape what is stored in the session token (JWT strategy). Return `null` to sign out. */
  jwt: (params: JWTCallbackParams) => Awaitable<JWT | null>;
}

/** Notifications; their errors are logged and never break the flow. */
export interface EventCallbacks {
  signIn: (message: {
    user: User;
    account: Account | null;
    profile?: Profile;
    isNewUser?: boolean;
  }) => Awaitable<void>;
  signOut: (
    message: { session: AdapterSession | null | undefined } | { token: JWT | null },
  ) => Awaitable<void>;
  createUser: (message: { user: User }) => Awaitable<void>;
  updateUser: (message: { user: User }) => Awaitable<void>;
  linkAccount: (message: {
    user: User | AdapterUser;
    account: Account;
    profile: User | AdapterUser;
  }) => Awaitable<void>;
  session: (message: { session: Session; token: JWT }) => Awaitable<void>;
}

export interface SessionOptions {
  /** `"jwt"` (an encrypted cookie) or `"database"` (a row per session). Default: database when an adapter is set. */
  strategy: "jwt" | "database";
  /** Idle timeout in seconds. Default 30 days. */
  maxAge: number;
  /** How often (seconds) a session is extended while used. Default 1 day. */
  updateAge: number;
  /** Database session tokens. Default: 256 random bits, base64url. */
  generateSessionToken: () => string;
  /**
   * Hard cap in seconds on a session's total lifetime, counted from sign-in; renewal never
   * extends a session past it. Off by default (Auth.js has none).
   */
  absoluteMaxAge?: number;
}

/** The configuration object, the same one Auth.js takes. */
export interface AuthConfig {
  providers: Provider[];
  /**
   * Encrypts session tokens and signs CSRF tokens. An array enables rotation: the first entry
   * encrypts, every entry decrypts. Default: `AUTH_SECRET` (and `AUTH_SECRET_1..3`).
   */
  secret?: string | string[];
  /**
   * Secrets accepted (sessions decrypt, CSRF, e-mail and check tokens verify) but never used to
   * issue: the first phase of a rolling rotation, deployed to every instance before the new
   * secret is moved to the front of `secret`. Default: `AUTH_SECRET_NEXT` when `secret` comes
   * from the environment. Not in Auth.js.
   */
  acceptSecrets?: string | string[];
  session?: Partial<SessionOptions>;
  jwt?: Partial<JWTOptions>;
  pages?: Partial<PagesOptions>;
  callbacks?: Partial<CallbacksOptions>;
  events?: Partial<EventCallbacks>;
  adapter?: Adapter;
  debug?: boolean;
  logger?: Partial<LoggerInstance>;
  theme?: Theme;
  /** Default: whether the request is HTTPS. */
  useSecureCookies?: boolean;
  cookies?: Partial<CookiesOptions>;
  /**
   * Trust the host of the incoming request for building URLs. Default: true when `AUTH_URL`
   * or `AUTH_TRUST_HOST` is set (the string "false" means false) or `NODE_ENV` is not
   * "production".
   */
  trustHost?: boolean;
  skipCSRFCheck?: typeof skipCSRFCheck;
  /** Where the endpoints live. Default `/auth`. */
  basePath?: string;
  /** A stable deployment that receives OAuth callbacks for preview deployments. */
  redirectProxyUrl?: string;
  /**
   * Development only: every OAuth/OIDC provider without a client id is served by a local
   * OpenID provider under `{basePath}/playground`, with test users to pick from, so sign-in
   * works before any app is registered. Default: `AUTH_PLAYGROUND` (`1` or `true`), else off.
   * With `NODE_ENV=production` it is a configuration error (`InvalidConfig`). See
   * docs/playground.md.
   */
  playground?: boolean;
  /**
   * Longest wait, in milliseconds, for each request to an OAuth/OIDC provider (discovery, token,
   * userinfo, JWKS, a preset's profile requests), body included; past it the request is aborted
   * and the callback ends with `OAuthCallbackError`. Also bounds a provider's `[customFetch]`
   * (through the `signal` it is given). Default 5 000. Not in Auth.js.
   */
  httpTimeout?: number;
  experimental?: { enableWebAuthn?: boolean };
  /**
   * Rate limiting of credentials and email sign-in, per client address and per identifier. On
   * by default (10 attempts per identifier and 100 per address every 5 minutes, counted in
   * memory); `false` turns it off. Not in Auth.js. See `docs/security.md`, "Rate limiting".
   */
  rateLimit?: false | RateLimitOptions;
  /**
   * Deleting expired sessions, verification tokens and rate-limit rows from the adapter's
   * database, started from normal requests at most once per `intervalMs` per process, in the
   * background and in bounded batches. On by default for the built-in adapters; `false` turns it
   * off (prune from a cron job with `create-auth prune` instead). Not in Auth.js. See
   * `docs/operations.md`, "Housekeeping".
   */
  housekeeping?: false | HousekeepingOptions;
}

/** The shape of an auth error's `type`, re-exported for page props. */
export type { ErrorType };
