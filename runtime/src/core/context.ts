import { InvalidCallbackUrl, InvalidProvider } from "../errors.js";
import { playgroundProviderFor } from "../playground/loopback.js";
import { isPlaygroundProvider } from "../playground/providers.js";
import type { AuthAction } from "../types.js";
import type { ResolvedConfig } from "./config.js";
import type { Cookie, CookieMap } from "./cookies.js";
import { createCsrfToken, isCsrfTokenEchoed, verifyCsrfCookie } from "./csrf.js";
import type { InternalProvider } from "./providers.js";
import { type AuthRequest, bodyString, type ParsedAction, queryObject } from "./request.js";
import { tokenHashSecrets } from "./secrets.js";

/** Everything an action needs about the current request. */
export interface AuthContext {
  request: AuthRequest;
  config: ResolvedConfig;
  action: AuthAction;
  provider?: InternalProvider;
  /** `{base}/password/<operation>`: the password page or form asked for. */
  operation?: string;
  /** Origin of every link the runtime builds: AUTH_URL's when set, else the request's. */
  origin: string;
  /** `origin` + base path, e.g. `https://app.test/auth`. */
  base: string;
  secure: boolean;
  cookies: CookieMap;
  query: Record<string, string>;
  csrfToken: string;
  /** Whether this is a POST whose body echoed the CSRF token of a valid CSRF cookie. */
  csrfVerified: boolean;
  /** The validated post-action destination (see {@link resolveCallbackUrl}). */
  callbackUrl: string;
  /** Cookies to send with the response. */
  outgoing: Cookie[];
}

/**
 * Whether a request settles the callback URL (and writes its cookie when it changes). Auth.js
 * does it on every action but `providers`, so the first `/csrf` of a browser already records
 * the origin and a later sign-out without `callbackUrl` goes where Auth.js's would. GET
 * `/session` is left out for the same reason as the CSRF cookie (see {@link usesCsrf}).
 */
function usesCallbackUrl(action: AuthAction, method: string): boolean {
  return usesCsrf(action, method) && action !== "webauthn-script.js";
}

export function requestOrigin(request: AuthRequest, config: ResolvedConfig): string {
  return config.authUrl?.origin ?? request.url.origin;
}

/** Whether cookies are `Secure` and `__Secure-`/`__Host-` prefixed for this request. */
export function isSecure(origin: string, config: ResolvedConfig): boolean {
  return config.useSecureCookies ?? origin.startsWith("https:");
}

/**
 * The first-stage work of every request (reference §0 step 4): find the provider, verify or
 * mint the CSRF token, and settle the callback URL.
 */
export async function createContext(
  request: AuthRequest,
  config: ResolvedConfig,
  parsed: ParsedAction,
): Promise<AuthContext> {
  const origin = requestOrigin(request, config);
  const secure = isSecure(origin, config);
  const ctx: AuthContext = {
    request,
    config,
    action: parsed.action,
    origin,
    base: `${origin}${config.basePath}`,
    secure,
    cookies: secure ? config.cookies.secure : config.cookies.plain,
    query: queryObject(request.url),
    csrfToken: "",
    csrfVerified: false,
    callbackUrl: origin,
    outgoing: [],
  };

  if (parsed.providerId !== undefined) {
    const provider = config.providersById.get(parsed.providerId);
    if (!provider) {
      const available = config.providers.map((p) => p.id).join(", ");
      throw new InvalidProvider(
        `Provider with id "${parsed.providerId}" not found. Available providers: [${available}].`,
      );
    }
    // The playground's issuer is this origin's: its endpoints are discovered per request.
    ctx.provider = isPlaygroundProvider(provider)
      ? playgroundProviderFor(provider, request, ctx.base)
      : provider;
  }

  if (parsed.action === "password") {
    // One password provider per configuration (asserted): its pages need no id in the URL.
    ctx.provider = config.providers.find((p) => p.type === "password");
    if (!ctx.provider) throw new InvalidProvider("No password provider is configured");
    ctx.operation = parsed.operation;
  }

  if (config.skipCSRFCheck) {
    ctx.csrfVerified = true;
  } else if (usesCsrf(parsed.action, request.method)) {
    settleCsrf(ctx);
  }

  if (usesCallbackUrl(parsed.action, request.method)) await resolveCallbackUrl(ctx);
  return ctx;
}

/**
 * Whether a request verifies or hands out a CSRF token. Auth.js settles it on every action but
 * `providers`; GET `/session` neither shows the token nor checks one, yet minting it there (a new
 * cookie on every poll by a browser without one) was about a tenth of that endpoint's cost. The
 * cookie is still set by `/csrf` and the sign-in and sign-out pages, which show the token, and
 * every POST still verifies it (POST `/session` included).
 */
function usesCsrf(action: AuthAction, method: string): boolean {
  return action !== "providers" && !(action === "session" && method === "GET");
}

function settleCsrf(ctx: AuthContext): void {
  const option = ctx.cookies.csrfToken;
  const existing = verifyCsrfCookie(ctx.request.cookies[option.name], tokenHashSecrets(ctx.config));
  if (existing) {
    ctx.csrfToken = existing;
    ctx.csrfVerified =
      ctx.request.method === "POST" && isCsrfTokenEchoed(existing, ctx.request.body?.csrfToken);
    return;
  }
  const fresh = createCsrfToken(ctx.config.secret[0]!);
  ctx.csrfToken = fresh.token;
  ctx.outgoing.push({ name: option.name, value: fresh.cookieValue, options: option.options });
}

function isHttpUrlOrPath(value: string, origin: string): boolean {
  try {
    const url = new URL(value, origin);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      (value.startsWith("/") || /^https?:\/\//i.test(value))
    );
  } catch {
    return false;
  }
}

/**
 * The `InvalidCallbackUrl` errors raised for the request's own `callbackUrl` parameter: only these
 * are the client's mistake (400). The same type thrown by app code (a `signIn` callback, say)
 * is a server failure like any other.
 */
const rejectedCallbackUrls = new WeakSet<InvalidCallbackUrl>();

/** Whether `error` is the refusal of the request's `callbackUrl` parameter. */
export function isRejectedCallbackUrl(error: unknown): error is InvalidCallbackUrl {
  return error instanceof InvalidCallbackUrl && rejectedCallbackUrls.has(error);
}

/**
 * The callback URL: body `callbackUrl`, else query, else the callback-URL cookie, else the
 * origin, passed through `callbacks.redirect`. The cookie is (re)written when the result
 * changes. An invalid query value is a client error (`InvalidCallbackUrl`); an invalid cookie
 * value is ignored and replaced rather than failing every request, because a cookie can be
 * planted by a sibling subdomain.
 */
export async function resolveCallbackUrl(ctx: AuthContext): Promise<void> {
  const option = ctx.cookies.callbackUrl;
  const fromQuery = ctx.query.callbackUrl;
  if (fromQuery !== undefined && !isHttpUrlOrPath(fromQuery, ctx.origin)) {
    const error = new InvalidCallbackUrl(`Invalid callback URL. Received: ${fromQuery}`);
    rejectedCallbackUrls.add(error);
    throw error;
  }
  let fromCookie: string | undefined = ctx.request.cookies[option.name];
  if (fromCookie !== undefined && !isHttpUrlOrPath(fromCookie, ctx.origin)) fromCookie = undefined;
  const requested = bodyString(ctx.request.body, "callbackUrl") ?? fromQuery ?? fromCookie;

  const url = requested
    ? await ctx.config.callbacks.redirect({ url: requested, baseUrl: ctx.origin })
    : ctx.origin;
  ctx.callbackUrl = url;
  if (url !== ctx.request.cookies[option.name]) {
    ctx.outgoing.push({ name: option.name, value: url, options: option.options });
  }
}

/** `{base}/signin/<id>` and `{base}/callback/<id>` for a provider. */
export function providerUrls(ctx: Pick<AuthContext, "base">, provider: { id: string }) {
  return {
    signinUrl: `${ctx.base}/signin/${provider.id}`,
    callbackUrl: `${ctx.base}/callback/${provider.id}`,
  };
}
