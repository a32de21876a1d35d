/**
 * `@create-auth/runtime`: authentication for Web-standard servers, configured like Auth.js.
 *
 * @module
 */
export type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "./adapters.js";
export { Auth } from "./core/web.js";
export { AuthError, CredentialsSignin, SessionStoreUnavailable } from "./errors.js";
export type {
  HousekeepingOptions,
  PruneCounts,
  PruneExpired,
  PruneOptions,
} from "./housekeeping/types.js";
export type {
  CredentialInput,
  EmailConfig,
  OAuth2Config,
  OAuthConfig,
  OAuthUserConfig,
  OIDCConfig,
  Provider,
  ProviderType,
  PublicProvider,
} from "./providers/types.js";
export { customFetch, pruneExpired, skipCSRFCheck } from "./symbols.js";
export type {
  Account,
  AuthAction,
  AuthConfig,
  Awaitable,
  CallbacksOptions,
  CookieOption,
  CookiesOptions,
  DefaultSession,
  DefaultUser,
  EventCallbacks,
  JWT,
  JWTOptions,
  LoggerInstance,
  PagesOptions,
  Profile,
  Session,
  SessionOptions,
  Theme,
  TokenSet,
  User,
} from "./types.js";
