/**
 * Every error the runtime raises is an {@link AuthError} with a stable `type` code. The codes
 * are the ones Auth.js uses, so `?error=<type>` on the sign-in and error pages means the same
 * thing in both. Only the client-safe codes ({@link isClientSafeErrorType}) ever reach a URL;
 * every other failure is reported to the browser as `Configuration` and logged in full.
 *
 * @module errors
 */

/** Where a failure sends the user: back to the sign-in page, or to the error page. */
export type ErrorKind = "signIn" | "error";

export type ErrorType =
  | "AccessDenied"
  | "AccountNotLinked"
  | "AdapterError"
  | "AuthError"
  | "CallbackRouteError"
  | "CredentialsSignin"
  | "DependencyOverloaded"
  | "DependencyTimeout"
  | "DependencyUnavailable"
  | "DuplicateConditionalUI"
  | "EmailSignInError"
  | "ErrorPageLoop"
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidConfig"
  | "InvalidEndpoints"
  | "InvalidProvider"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "MissingWebAuthnAutocomplete"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "OAuthSignInError"
  | "RateLimited"
  | "RateLimitUnavailable"
  | "SessionStoreUnavailable"
  | "SessionTokenError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError";

/** The base class of every runtime error. */
export class AuthError extends Error {
  static type: ErrorType = "AuthError";
  static kind: ErrorKind = "error";
  /** Stable code, safe to compare against. */
  type: ErrorType;
  /** `signIn` errors send the user back to the sign-in page, the others to the error page. */
  kind: ErrorKind;

  constructor(message?: string | Error, options?: ErrorOptions) {
    if (message instanceof Error) {
      super(message.message, { cause: options?.cause ?? message });
    } else {
      super(message, options);
    }
    const ctor = new.target as typeof AuthError;
    this.name = ctor.name;
    this.type = ctor.type;
    this.kind = ctor.kind;
  }
}

/** Errors that send the user back to the sign-in page with `?error=<type>`. */
export class SignInError extends AuthError {
  static override kind: ErrorKind = "signIn";
}

/** The `signIn` callback returned false or threw. */
export class AccessDenied extends AuthError {
  static override type: ErrorType = "AccessDenied";
}
/** A passkey belongs to another user, or its email is already taken. */
export class AccountNotLinked extends SignInError {
  static override type: ErrorType = "AccountNotLinked";
}
/** An adapter method failed; the log names the method. */
export class AdapterError extends AuthError {
  static override type: ErrorType = "AdapterError";
  /** The adapter method that threw, when the runtime's adapter wrapper raised it. */
  method?: string;
}
/** An unexpected failure inside the callback route. */
export class CallbackRouteError extends AuthError {
  static override type: ErrorType = "CallbackRouteError";
}
/**
 * Throw it (or a subclass with its own `code`) from `authorize` to reject a sign-in. The user
 * lands on `{base}/signin?error=CredentialsSignin&code=<code>`.
 *
 * @example
 * ```ts
 * class InvalidLogin extends CredentialsSignin { code = "invalid_login" }
 * ```
 */
export class CredentialsSignin extends SignInError {
  static override type: ErrorType = "CredentialsSignin";
  /** Short, client-safe reason put in the `code` query parameter. Never put secrets here. */
  code = "credentials";
}
/** Seconds a client is told to wait after a dependency failure, unless the error says otherwise. */
const DEFAULT_RETRY_AFTER = 5;

/** What failed to answer: the database, Redis, an SMTP server or an HTTP endpoint. */
export type Dependency = "database" | "redis" | "smtp" | "http";

/**
 * A dependency (database, Redis, SMTP server, a provider's HTTP endpoint) failed, or did not
 * answer within its time bound. Ours: Auth.js has no time bounds. `retryAfter` is the number of
 * whole seconds after which a retry may succeed (a `Retry-After` value); `dependency` names what
 * failed. Thrown by the runtime's own helpers (`postgresDatabase`, `redisRateLimitStore`), so an
 * outage costs a request a bounded time and can be told apart from any other failure.
 */
export class DependencyUnavailable extends AuthError {
  static override type: ErrorType = "DependencyUnavailable";
  /** Whole seconds after which a retry may succeed (the `Retry-After` value). */
  retryAfter: number;
  /** What failed (absent when unknown). */
  dependency?: Dependency;

  constructor(
    message?: string | Error,
    options?: ErrorOptions & { retryAfter?: number; dependency?: Dependency },
  ) {
    super(message, options);
    this.retryAfter = options?.retryAfter ?? DEFAULT_RETRY_AFTER;
    this.dependency = options?.dependency;
  }
}
/** A dependency did not answer within its bound (connect, query, command, request or send). */
export class DependencyTimeout extends DependencyUnavailable {
  static override type: ErrorType = "DependencyTimeout";
}
/**
 * Too many requests already wait for the dependency (the pool's wait queue is full): refused at
 * once, so a stalled database cannot pile up requests without bound.
 */
export class DependencyOverloaded extends DependencyUnavailable {
  static override type: ErrorType = "DependencyOverloaded";
}
export class DuplicateConditionalUI extends AuthError {
  static override type: ErrorType = "DuplicateConditionalUI";
}
/** Sending the sign-in email failed. */
export class EmailSignInError extends SignInError {
  static override type: ErrorType = "EmailSignInError";
}
export class ErrorPageLoop extends AuthError {
  static override type: ErrorType = "ErrorPageLoop";
}
/** An `events.*` handler threw. Logged only; the flow goes on. */
export class EventError extends AuthError {
  static override type: ErrorType = "EventError";
}
export class ExperimentalFeatureNotEnabled extends AuthError {
  static override type: ErrorType = "ExperimentalFeatureNotEnabled";
}
export class InvalidCallbackUrl extends AuthError {
  static override type: ErrorType = "InvalidCallbackUrl";
}
/** A state, PKCE, nonce or challenge check failed. */
export class InvalidCheck extends AuthError {
  static override type: ErrorType = "InvalidCheck";
}
/**
 * An option of the configuration has the wrong type or range; the message names it. Ours:
 * Auth.js does not check option types.
 */
export class InvalidConfig extends AuthError {
  static override type: ErrorType = "InvalidConfig";
}
export class InvalidEndpoints extends AuthError {
  static override type: ErrorType = "InvalidEndpoints";
}
export class InvalidProvider extends AuthError {
  static override type: ErrorType = "InvalidProvider";
}
/** The session JWT could not be decrypted or has expired. Logged; the session is null. */
export class JWTSessionError extends AuthError {
  static override type: ErrorType = "JWTSessionError";
}
export class MissingAdapter extends AuthError {
  static override type: ErrorType = "MissingAdapter";
}
export class MissingAdapterMethods extends AuthError {
  static override type: ErrorType = "MissingAdapterMethods";
}
export class MissingAuthorize extends AuthError {
  static override type: ErrorType = "MissingAuthorize";
}
/** A state-changing request came without a valid CSRF token. */
export class MissingCSRF extends SignInError {
  static override type: ErrorType = "MissingCSRF";
}
export class MissingSecret extends AuthError {
  static override type: ErrorType = "MissingSecret";
}
export class MissingWebAuthnAutocomplete extends AuthError {
  static override type: ErrorType = "MissingWebAuthnAutocomplete";
}
/** The OAuth account belongs to another user, or its email is already used by another one. */
export class OAuthAccountNotLinked extends SignInError {
  static override type: ErrorType = "OAuthAccountNotLinked";
}
/** The provider answered the callback with an error, or the token exchange failed. */
export class OAuthCallbackError extends SignInError {
  static override type: ErrorType = "OAuthCallbackError";
}
export class OAuthProfileParseError extends AuthError {
  static override type: ErrorType = "OAuthProfileParseError";
}
/** Starting an OAuth sign-in failed (discovery, configuration). */
export class OAuthSignInError extends SignInError {
  static override type: ErrorType = "OAuthSignInError";
}
/**
 * Too many sign-in attempts from one client address or for one identifier (`rateLimit`). Ours:
 * Auth.js has no rate limiting. Answered with 429 and `Retry-After`, never a redirect.
 */
export class RateLimited extends SignInError {
  static override type: ErrorType = "RateLimited";
  /** Whole seconds until the window that was exceeded ends (the `Retry-After` value). */
  retryAfter?: number;

  constructor(message?: string | Error, options?: ErrorOptions & { retryAfter?: number }) {
    super(message, options);
    this.retryAfter = options?.retryAfter;
  }
}

/**
 * The rate-limit store failed or timed out, and `rateLimit.failClosed` (the default) refused the
 * sign-in rather than let it through uncounted. Ours. Answered with 503 and `Retry-After`.
 */
export class RateLimitUnavailable extends SignInError {
  static override type: ErrorType = "RateLimitUnavailable";
  /** Whole seconds after which a retry may succeed (the `Retry-After` value). */
  retryAfter: number;

  constructor(message?: string | Error, options?: ErrorOptions & { retryAfter?: number }) {
    super(message, options);
    this.retryAfter = options?.retryAfter ?? DEFAULT_RETRY_AFTER;
  }
}

/** The first whole, non-negative `retryAfter` along an error's `cause` chain. */
function retryAfterOf(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const value = (current as { retryAfter?: unknown }).retryAfter;
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) return Math.ceil(value);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The session store (the adapter) failed while a session was read, a sign-in was stored or a
 * session was ended: the answer is unknown, not "signed out". Ours: Auth.js answers `/session`
 * with `200 null` and treats the user as signed out. `/session` and `requireAuth` answer 503
 * with `Retry-After`; the framework adapters' `getSession` throws it; `cause` is the adapter's
 * error. An adapter error that already carries a `retryAfter` (an overloaded pool) keeps it.
 */
export class SessionStoreUnavailable extends AdapterError {
  static override type: ErrorType = "SessionStoreUnavailable";
  /** Stable code, for code that cannot rely on `instanceof` (two copies of the runtime). */
  readonly code = "session_store_unavailable";
  /** Whole seconds to wait before trying again (the `Retry-After` value). */
  retryAfter: number;

  constructor(message?: string, options?: ErrorOptions & { retryAfter?: number }) {
    super(message ?? "The session store is unavailable", options);
    this.retryAfter = options?.retryAfter ?? retryAfterOf(options?.cause) ?? DEFAULT_RETRY_AFTER;
  }

  /** `error` itself when it is one, else a new one with `error` as its cause. */
  static from(error: unknown): SessionStoreUnavailable {
    if (error instanceof SessionStoreUnavailable) return error;
    const detail = error instanceof Error ? `: ${error.message}` : "";
    return new SessionStoreUnavailable(`The session store is unavailable${detail}`, {
      cause: error,
    });
  }
}

/** Reading a database session failed. Logged; the session is null. */
export class SessionTokenError extends AuthError {
  static override type: ErrorType = "SessionTokenError";
}
export class SignOutError extends AuthError {
  static override type: ErrorType = "SignOutError";
}
/** The path under the base path is not an auth endpoint, or the method is not supported. */
export class UnknownAction extends AuthError {
  static override type: ErrorType = "UnknownAction";
}
export class UnsupportedStrategy extends AuthError {
  static override type: ErrorType = "UnsupportedStrategy";
}
export class UntrustedHost extends AuthError {
  static override type: ErrorType = "UntrustedHost";
}
/** The magic link is unknown, used, expired or for another address. */
export class Verification extends AuthError {
  static override type: ErrorType = "Verification";
}
export class WebAuthnVerificationError extends AuthError {
  static override type: ErrorType = "WebAuthnVerificationError";
}

const clientSafeErrorTypes = new Set<string>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
  // Not client-safe in Auth.js: a refused address or a failed send is the user's to fix/retry.
  "EmailSignInError",
  // Ours (rate limiting): the user's to wait out.
  "RateLimited",
  // Ours: the rate-limit store is down; the user's to retry.
  "RateLimitUnavailable",
  // Ours: the store is down; the user's to retry.
  "SessionStoreUnavailable",
]);

/** Whether an error's `type` may be shown to the user; every other type becomes `Configuration`. */
export function isClientSafeErrorType(error: unknown): error is AuthError {
  return error instanceof AuthError && clientSafeErrorTypes.has(error.type);
}
