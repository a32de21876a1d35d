import type { Adapter, adapterMethods } from "../adapters.js";
import {
  type AuthError,
  DuplicateConditionalUI,
  ExperimentalFeatureNotEnabled,
  InvalidEndpoints,
  InvalidProvider,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingSecret,
  MissingWebAuthnAutocomplete,
  UnsupportedStrategy,
  UntrustedHost,
} from "../errors.js";
import { type PendingRevocations, pendingRevocationsFor } from "../housekeeping/revocations.js";
import { type Housekeeping, resolveHousekeeping } from "../housekeeping/schedule.js";
import { decode } from "../jwt/decode.js";
import { DEFAULT_MAX_AGE, encode } from "../jwt/encode.js";
import { configuredEndpointError } from "../oauth/endpoints.js";
import { playgroundProviders } from "../playground/config.js";
import { isPlaygroundProvider } from "../playground/providers.js";
import { skipCSRFCheck } from "../symbols.js";
import type {
  AuthConfig,
  CallbacksOptions,
  EventCallbacks,
  JWTOptions,
  LoggerInstance,
  PagesOptions,
  SessionOptions,
  Theme,
  WarningCode,
} from "../types.js";
import { hasAdapterMethod, wrapAdapter } from "./adapter.js";
import { assertOptions } from "./assert-options.js";
import { type CookieMap, resolveCookies } from "./cookies.js";
import { randomBase64url } from "./crypto.js";
import { defaultCallbacks } from "./defaults.js";
import { authUrlFromEnv, type Env, trustHostFromEnv } from "./env.js";
import { createLogger } from "./logger.js";
import { assertPasswordProvider } from "./password-config.js";
import { type InternalProvider, normalizeProvider, withHttpTimeout } from "./providers.js";
import { type ResolvedRateLimit, resolveRateLimit } from "./rate-limit.js";
import { resolveSecrets } from "./secrets.js";

/** A configuration with every default and environment value applied, ready for requests. */
export interface ResolvedConfig {
  basePath: string;
  /** Every accepted secret: the issuing one first, accept-only ones (`AUTH_SECRET_NEXT`) last. */
  secret: string[];
  /** See `ResolvedSecrets` (secrets.ts). */
  joinedSecret?: string;
  /** See `ResolvedSecrets` (secrets.ts). */
  rateLimitSecret?: string;
  trustHost: boolean;
  /** `AUTH_URL`: when set, its origin is the origin of every link the runtime builds. */
  authUrl?: URL;
  useSecureCookies?: boolean;
  providers: InternalProvider[];
  providersById: Map<string, InternalProvider>;
  session: SessionOptions;
  jwt: JWTOptions & {
    secret: string[];
    /** The secret as `jwt.encode`/`jwt.decode` are given it (see `jwtCallParams`). */
    secretParam: string | string[];
  };
  callbacks: CallbacksOptions;
  /** Whether `callbacks.jwt` is the default (then an unchanged token needs no re-encryption). */
  defaultJwtCallback: boolean;
  events: Partial<EventCallbacks>;
  pages: Partial<PagesOptions>;
  theme: Theme;
  logger: LoggerInstance;
  adapter?: Adapter;
  skipCSRFCheck: boolean;
  redirectProxyUrl?: string;
  debug: boolean;
  experimental: { enableWebAuthn?: boolean };
  cookies: { secure: CookieMap; plain: CookieMap };
  /** Rate limiting of credentials and email sign-in; `false` when turned off. */
  rateLimit: ResolvedRateLimit | false;
  /** Automatic pruning of the adapter's expired rows; `false` when off or not possible. */
  housekeeping: Housekeeping | false;
  /** Sign-outs whose session row could not be deleted yet (per adapter object; none without one). */
  revocations?: PendingRevocations;
  /** The first configuration error, if any: such a configuration never yields a session. */
  error?: AuthError;
  warnings: WarningCode[];
  /** `NODE_ENV` is not `production`: the configuration error page may explain the cause. */
  development: boolean;
}

const cache = new WeakMap<AuthConfig, ResolvedConfig>();

/**
 * Resolves a configuration once per configuration object (the caller's object is never
 * modified). Providers, keys and assertions are computed here, not on every request.
 */
export function resolveConfig(config: AuthConfig, env: Env = process.env): ResolvedConfig {
  if (typeof config !== "object" || config === null) {
    const error = assertOptions(config)!;
    let unusable = notObjects.get(error.message);
    if (!unusable) {
      unusable = unusableConfig(error, {}, env);
      // The message names the value received (`number 7`), so the keys are not a fixed set.
      if (notObjects.size >= NOT_OBJECTS_LIMIT) notObjects.clear();
      notObjects.set(error.message, unusable);
    }
    return unusable;
  }
  let resolved = cache.get(config);
  if (!resolved) {
    const invalid = assertOptions(config);
    resolved = invalid ? unusableConfig(invalid, config, env) : buildConfig(config, env);
    cache.set(config, resolved);
  }
  return resolved;
}

/** The resolutions of what is not a configuration object (`undefined`, say), by message. */
const notObjects = new Map<string, ResolvedConfig>();
/** Most resolutions of non-objects remembered. */
export const NOT_OBJECTS_LIMIT = 32;
/** How many are remembered now (tests check the bound). */
export const notObjectsRemembered = () => notObjects.size;

/**
 * A configuration that fails every request with `error` (and gives no session), built from
 * nothing of the user's but a logger that passed its checks: the rest cannot be trusted.
 */
function unusableConfig(error: AuthError, config: object, env: Env): ResolvedConfig {
  const { logger } = config as AuthConfig;
  const loggerValid = logger !== undefined && !assertOptions({ logger });
  const resolved = buildConfig({ providers: [], ...(loggerValid ? { logger } : {}) }, env);
  resolved.error = error;
  return resolved;
}

function normalizeBasePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, "");
  if (!trimmed) return "";
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

function buildConfig(config: AuthConfig, env: Env): ResolvedConfig {
  const logger = createLogger(config);
  const authUrl = authUrlFromEnv(env);
  const warnings: WarningCode[] = [];
  if (config.debug) warnings.push("debug-enabled");

  let basePath = config.basePath;
  if (basePath === undefined && authUrl && authUrl.pathname !== "/") basePath = authUrl.pathname;
  else if (basePath !== undefined && authUrl && authUrl.pathname !== "/") {
    if (normalizeBasePath(authUrl.pathname) !== normalizeBasePath(basePath)) {
      warnings.push("env-url-basepath-mismatch");
    }
  }

  const { secret, joinedSecret, rateLimitSecret } = resolveSecrets(config, env);

  let error: AuthError | undefined;
  let providers: InternalProvider[] = [];
  try {
    providers = (config.providers ?? []).map((provider) =>
      withHttpTimeout(normalizeProvider(provider, env), config.httpTimeout),
    );
  } catch (cause) {
    error = new InvalidProvider("A provider could not be created from its configuration", {
      cause,
    });
  }

  const playground = playgroundProviders(config.playground, providers, env);
  if (playground.error) error ??= playground.error;
  else providers = playground.providers;

  const adapter = wrapAdapter(config.adapter, logger);
  const maxAge = config.session?.maxAge ?? DEFAULT_MAX_AGE;
  const session: SessionOptions = {
    strategy: config.session?.strategy ?? (config.adapter ? "database" : "jwt"),
    maxAge,
    updateAge: config.session?.updateAge ?? 24 * 60 * 60,
    generateSessionToken: config.session?.generateSessionToken ?? randomSessionToken,
    absoluteMaxAge: config.session?.absoluteMaxAge,
  };
  const rateLimit = resolveRateLimit(config.rateLimit);

  const resolved: ResolvedConfig = {
    basePath: normalizeBasePath(basePath ?? "/auth"),
    secret,
    joinedSecret,
    rateLimitSecret,
    trustHost: config.trustHost ?? trustHostFromEnv(env),
    authUrl,
    useSecureCookies: config.useSecureCookies,
    providers,
    providersById: new Map(providers.map((provider) => [provider.id, provider])),
    session,
    jwt: {
      maxAge: config.jwt?.maxAge ?? maxAge,
      encode: config.jwt?.encode ?? encode,
      decode: config.jwt?.decode ?? decode,
      secret,
      secretParam: typeof config.secret === "string" && secret.length === 1 ? secret[0]! : secret,
    },
    callbacks: { ...defaultCallbacks, ...definedEntries(config.callbacks) },
    defaultJwtCallback: !config.callbacks?.jwt,
    events: config.events ?? {},
    pages: config.pages ?? {},
    theme: config.theme ?? {},
    logger,
    adapter,
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    redirectProxyUrl: config.redirectProxyUrl ?? env.AUTH_REDIRECT_PROXY_URL,
    debug: Boolean(config.debug),
    experimental: config.experimental ?? {},
    cookies: {
      secure: resolveCookies(true, config.cookies),
      plain: resolveCookies(false, config.cookies),
    },
    rateLimit,
    housekeeping: false,
    revocations: config.adapter ? pendingRevocationsFor(config.adapter) : undefined,
    warnings,
    development: env.NODE_ENV !== "production",
  };
  resolved.error = error ?? assertConfig(resolved, config);
  // A configuration that cannot serve requests prunes nothing (nor warns about it).
  if (!resolved.error) {
    resolved.housekeeping = resolveHousekeeping(config.housekeeping, config.adapter, logger);
  }
  if (
    resolved.providers.some((p) => p.type === "webauthn") &&
    resolved.experimental.enableWebAuthn
  ) {
    warnings.push("experimental-webauthn");
  }
  for (const warning of warnings) logger.warn(warning);
  if (!resolved.error && playground.served.length > 0) playground.announce(resolved.basePath);
  return resolved;
}

function definedEntries<T extends object>(object: T | undefined): Partial<T> {
  const result: Partial<T> = {};
  if (!object) return result;
  for (const [key, value] of Object.entries(object)) {
    if (value !== undefined) (result as Record<string, unknown>)[key] = value;
  }
  return result;
}

/** 256 random bits, base64url: stronger than Auth.js's `randomUUID()` (122 bits). */
export function randomSessionToken(): string {
  return randomBase64url(32);
}

const sessionAdapterMethods = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "linkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
] as const;
const emailAdapterMethods = [
  "createVerificationToken",
  "useVerificationToken",
  "getUserByEmail",
] as const;
const webAuthnAdapterMethods = [
  "createUser",
  "getUser",
  "linkAccount",
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
] as const;

/**
 * The request-independent checks of reference §7.1, in its order, computed per configuration
 * object. Stricter than Auth.js: duplicate provider ids are rejected, and the adapter is
 * checked for every feature in use rather than for the first one found.
 */
function assertConfig(config: ResolvedConfig, raw: AuthConfig): AuthError | undefined {
  if (!config.trustHost) {
    return new UntrustedHost(
      "Host must be trusted: set AUTH_URL to the app's public URL, or AUTH_TRUST_HOST=true behind a proxy you control",
    );
  }
  if (config.secret.length === 0) {
    return new MissingSecret(
      "Please define a `secret` (set AUTH_SECRET; `npx create-auth secret` makes one)",
    );
  }
  const seen = new Set<string>();
  for (const provider of config.providers) {
    if (!provider?.id || typeof provider.id !== "string") {
      return new InvalidProvider("Every provider needs a string `id`");
    }
    if (seen.has(provider.id)) {
      return new InvalidProvider(`Two providers have the id "${provider.id}"; ids must be unique`);
    }
    seen.add(provider.id);
    // Its issuer is the request's origin + basePath, known per request (see core/context).
    if (isPlaygroundProvider(provider)) continue;
    if ((provider.type === "oauth" || provider.type === "oidc") && !provider.issuer) {
      for (const key of ["authorization", "token", "userinfo"] as const) {
        const endpoint = provider[key];
        if (!endpoint?.url && !(key === "userinfo" && endpoint?.request)) {
          return new InvalidEndpoints(
            `Provider "${provider.id}" is missing both \`issuer\` and \`${key}\` endpoint config. At least one of them is required`,
          );
        }
      }
    }
    if (provider.type === "oauth" || provider.type === "oidc") {
      const insecure = configuredEndpointError(provider);
      if (insecure) return insecure;
    }
  }

  const webAuthnProviders = config.providers.filter((p) => p.type === "webauthn");
  const conditional = webAuthnProviders.filter((p) => p.enableConditionalUI);
  if (conditional.length > 1) {
    return new DuplicateConditionalUI("Only one WebAuthn provider may enable conditional UI");
  }
  for (const provider of conditional) {
    const fields = Object.values(provider.formFields ?? {});
    if (!fields.some((field) => String(field.autocomplete ?? "").includes("webauthn"))) {
      return new MissingWebAuthnAutocomplete(
        `Provider "${provider.id}" enables conditional UI but no form field has "webauthn" in its autocomplete`,
      );
    }
  }

  const credentials = config.providers.filter((p) => p.type === "credentials");
  if (credentials.length > 0) {
    if (credentials.length === config.providers.length && raw.session?.strategy === "database") {
      return new UnsupportedStrategy(
        'Signing in with credentials only is supported with the JWT strategy: set session.strategy to "jwt" or add another provider',
      );
    }
    const missing = credentials.find((p) => typeof p.authorize !== "function");
    if (missing) {
      return new MissingAuthorize(
        `Must define an authorize() handler to use credentials authentication provider "${missing.id}"`,
      );
    }
  }

  const required = new Set<(typeof adapterMethods)[number]>();
  const hasEmail = config.providers.some((p) => p.type === "email");
  if (hasEmail) {
    if (!config.adapter) return new MissingAdapter("Email login requires an adapter");
    for (const method of emailAdapterMethods) required.add(method);
  }
  // As Auth.js: with an email provider only the email methods are required up front, so an
  // adapter written for magic links alone is accepted. A flow that reaches a missing method
  // still fails closed (`Configuration`, no session).
  if (!hasEmail && config.session.strategy === "database") {
    if (!config.adapter) return new MissingAdapter("Database session requires an adapter");
    for (const method of sessionAdapterMethods) required.add(method);
  }
  if (webAuthnProviders.length > 0) {
    if (!config.experimental.enableWebAuthn) {
      return new ExperimentalFeatureNotEnabled(
        "WebAuthn is an experimental feature: set experimental.enableWebAuthn to true",
      );
    }
    if (!config.adapter) return new MissingAdapter("WebAuthn requires an adapter");
    for (const method of webAuthnAdapterMethods) required.add(method);
  }
  const missing = [...required].filter((method) => !hasAdapterMethod(config.adapter, method));
  if (missing.length > 0) {
    return new MissingAdapterMethods(
      `Required adapter methods were missing: ${missing.join(", ")}`,
    );
  }
  return assertPasswordProvider(
    config.providers,
    config.adapter,
    config.session.strategy ?? "jwt",
    !config.development,
  );
}
