import {
  AuthError,
  CredentialsSignin,
  ErrorPageLoop,
  isClientSafeErrorType,
  RateLimited,
  RateLimitUnavailable,
  UnknownAction,
} from "../errors.js";
import { retryRevocations } from "../housekeeping/revocations.js";
import { schedulePrune } from "../housekeeping/schedule.js";
import { errorPage } from "../pages/index.js";
import { servePlayground } from "../playground/serve.js";
import { webAuthnOptionsAction } from "../webauthn/options.js";
import { webAuthnScriptResponse } from "../webauthn/script.js";
import { callbackAction } from "./actions/callback.js";
import { csrfAction } from "./actions/csrf.js";
import { errorAction } from "./actions/error.js";
import { passwordAction } from "./actions/password.js";
import { providersAction } from "./actions/providers.js";
import type { ActionResult } from "./actions/result.js";
import { sessionAction } from "./actions/session.js";
import { signInAction } from "./actions/signin.js";
import { signOutAction } from "./actions/signout.js";
import { verifyRequestAction } from "./actions/verify-request.js";
import type { ResolvedConfig } from "./config.js";
import { configurationDiagnosis } from "./configuration-diagnosis.js";
import {
  type AuthContext,
  createContext,
  isRejectedCallbackUrl,
  requestOrigin,
} from "./context.js";
import type { Cookie } from "./cookies.js";
import { rateLimitedResponse } from "./rate-limited-response.js";
import { type AuthRequest, type ParsedAction, parseAction } from "./request.js";
import { type AuthResponse, jsonResponse, locationHeader } from "./response.js";
import { htmlHeaders, redirectHeaders } from "./security-headers.js";
import { isStoreFailure } from "./store-failure.js";
import { storeUnavailableResponse } from "./store-unavailable.js";

const configurationMessage = {
  message:
    "There was a problem with the server configuration. Check the server logs for more information.",
};
const pageActions = new Set(["signin", "signout", "error", "verify-request"]);

/** The request pipeline of reference §0, on a framework-neutral request. */
export async function handleAuthRequest(
  request: AuthRequest,
  config: ResolvedConfig,
): Promise<AuthResponse> {
  const parsed = parseAction(request.url.pathname, config.basePath);
  if (!parsed || (request.method !== "GET" && request.method !== "POST")) {
    config.logger.error(unknownAction(request.method, request.url.pathname));
    return jsonResponse("Bad request.", 400);
  }
  if (parsed.action === "playground") return servePlayground(request, config, parsed.endpoint);
  if (config.error) return configurationFailure(config.error, parsed, request, config);
  schedulePrune(config.housekeeping, config.logger);
  retryRevocations(config);
  if (parsed.action === "webauthn-script.js" && request.method === "GET") {
    // Static and cookie-free: no CSRF cookie, no callback URL, cacheable.
    if (config.providers.some((p) => p.type === "webauthn")) return webAuthnScriptResponse();
    return jsonResponse("Bad request.", 400);
  }

  let ctx: AuthContext | undefined;
  try {
    ctx = await createContext(request, config, parsed);
    const result = await runAction(ctx, parsed);
    return toResponse(ctx.outgoing, result, request);
  } catch (error) {
    if (isRejectedCallbackUrl(error)) {
      // A malformed `callbackUrl` in the query is the client's mistake, not the server's:
      // 400 for every action (Auth.js answers 500 and shows "Server error").
      config.logger.error(error);
      return jsonResponse("Bad request.", 400);
    }
    return errorResponse(error, ctx, parsed, request, config);
  }
}

/** The error logged for a request that names no endpoint, worded as Auth.js's. */
export function unknownAction(method: string, pathname: string): UnknownAction {
  return new UnknownAction(
    method !== "GET" && method !== "POST"
      ? "Only GET and POST requests are supported"
      : `Cannot parse action at ${pathname}`,
  );
}

type Action = (ctx: AuthContext) => Promise<ActionResult> | ActionResult;

/** Which action answers each method; anything missing is `UnknownAction` (reference §1). */
const routes: Record<"GET" | "POST", Partial<Record<ParsedAction["action"], Action>>> = {
  GET: {
    providers: providersAction,
    session: sessionAction,
    csrf: csrfAction,
    signin: signInAction,
    signout: signOutAction,
    callback: callbackAction,
    "verify-request": verifyRequestAction,
    error: errorAction,
    "webauthn-options": webAuthnOptionsAction,
    password: passwordAction,
  },
  POST: {
    session: sessionAction,
    signin: signInAction,
    signout: signOutAction,
    callback: callbackAction,
    password: passwordAction,
  },
};

function runAction(
  ctx: AuthContext,
  { action }: ParsedAction,
): Promise<ActionResult> | ActionResult {
  const method = ctx.request.method as "GET" | "POST";
  const run = routes[method][action];
  if (!run) throw new UnknownAction(`Cannot handle action: ${action}`);
  return run(ctx);
}

function toResponse(cookies: Cookie[], result: ActionResult, request: AuthRequest): AuthResponse {
  let response: AuthResponse;
  if ("redirect" in result) {
    response = {
      status: 302,
      headers: { location: locationHeader(result.redirect), ...redirectHeaders },
      cookies,
      body: null,
    };
  } else if ("json" in result) {
    response = jsonResponse(result.json, result.status, result.headers);
    response.cookies = cookies;
  } else if ("page" in result) {
    response = {
      status: result.page.status,
      headers: { ...(result.page.headers ?? htmlHeaders) },
      cookies,
      body: result.page.html,
    };
  } else {
    response = { status: result.status, headers: {}, cookies, body: null };
  }
  if (cookies.length > 0 && !response.headers["cache-control"]) {
    response.headers["cache-control"] = "no-store";
  }
  return withReturnRedirect(response, request);
}

/**
 * `X-Auth-Return-Redirect`: a redirect becomes 200 JSON `{ url }`. Auth.js checks only that the
 * header is present, so an empty value counts too (`get` answers `""` for it, `null` or
 * `undefined` when absent).
 */
function withReturnRedirect(response: AuthResponse, request: AuthRequest): AuthResponse {
  const location = response.headers.location;
  if (location === undefined || request.headers.get("x-auth-return-redirect") == null) {
    return response;
  }
  return {
    ...response,
    status: 200,
    headers: { ...response.headers, "content-type": "application/json" },
    body: JSON.stringify({ url: location }),
  };
}

/** A configuration error: the built-in error page for page actions, else 500 JSON. */
function configurationFailure(
  error: AuthError,
  parsed: ParsedAction,
  request: AuthRequest,
  config: ResolvedConfig,
): AuthResponse {
  config.logger.error(error);
  if (!pageActions.has(parsed.action) || request.method !== "GET") {
    return jsonResponse(configurationMessage, 500);
  }
  const origin = requestOrigin(request, config);
  const base = `${origin}${config.basePath}`;
  const errorPath = config.pages.error;
  const callbackUrl = request.url.searchParams.get("callbackUrl");
  if (errorPath && !callbackUrl?.startsWith(errorPath)) {
    const location = `${absolute(origin, errorPath)}${errorPath.includes("?") ? "&" : "?"}error=Configuration`;
    return errorRedirect(location, [], request);
  }
  if (errorPath) config.logger.error(new ErrorPageLoop("The custom error page itself failed"));
  const page = errorPage({
    error: "Configuration",
    signInUrl: `${base}/signin`,
    homeUrl: origin,
    theme: config.theme,
    diagnosis: config.development ? configurationDiagnosis(config) : undefined,
  });
  return { status: page.status, headers: { ...htmlHeaders }, cookies: [], body: page.html };
}

function absolute(origin: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path}`;
}

/**
 * Any failure of an action (reference §0 step 6): logged in full, then the user is sent to the
 * sign-in or error page with a client-safe `error` code (`Configuration` for everything that
 * is not). Unlike Auth.js, cookies that clean up (expired check cookies, a new CSRF cookie)
 * are kept; nothing that would create a session is.
 */
function errorResponse(
  error: unknown,
  ctx: AuthContext | undefined,
  parsed: ParsedAction,
  request: AuthRequest,
  config: ResolvedConfig,
): AuthResponse {
  config.logger.error(error instanceof Error ? error : new AuthError(String(error)));
  const origin = requestOrigin(request, config);
  const sessionName = ctx?.cookies.sessionToken.name;
  if (isStoreFailure(error)) {
    const legacyName = ctx?.cookies.sessionToken.legacyName;
    // Not a broken session but an unknown one: no session cookie is set, nor cleared.
    const errorPath = config.pages.error ?? `${config.basePath}/error`;
    return storeUnavailableResponse(error, {
      action: parsed.action,
      returnRedirect: request.headers.get("x-auth-return-redirect") != null,
      errorUrl: `${absolute(origin, errorPath)}${errorPath.includes("?") ? "&" : "?"}error=SessionStoreUnavailable`,
      signInUrl: `${origin}${config.basePath}/signin`,
      homeUrl: origin,
      theme: config.theme,
      cookies: (ctx?.outgoing ?? []).filter(
        (cookie) =>
          !(sessionName && cookie.name.startsWith(sessionName)) &&
          !(legacyName && cookie.name.startsWith(legacyName)),
      ),
    });
  }
  if (request.method === "POST" && parsed.action === "session") return jsonResponse(null, 400);

  const type = isClientSafeErrorType(error) ? error.type : "Configuration";
  const params = new URLSearchParams({ error: type });
  if (error instanceof CredentialsSignin) params.set("code", error.code);
  const kind = error instanceof AuthError ? error.kind : "error";
  const custom = kind === "signIn" ? config.pages.signIn : config.pages.error;
  const path = custom ?? `${config.basePath}/${kind === "signIn" ? "signin" : "error"}`;
  const location = `${absolute(origin, path)}${path.includes("?") ? "&" : "?"}${params}`;

  const cookies = (ctx?.outgoing ?? []).filter(
    (cookie) => !(sessionName && cookie.name.startsWith(sessionName) && cookie.value !== ""),
  );
  if ((error instanceof RateLimited || error instanceof RateLimitUnavailable) && ctx)
    return rateLimitedResponse(ctx, error, cookies);
  return errorRedirect(location, cookies, request);
}

/**
 * The redirect to an error or sign-in page: 302, or with `X-Auth-Return-Redirect` 200 JSON
 * `{ url }` and no `Location` (Auth.js answers errors with a bare `Response.json`, so a client
 * that follows redirects cannot land on the page instead of reading the URL).
 */
function errorRedirect(location: string, cookies: Cookie[], request: AuthRequest): AuthResponse {
  const url = locationHeader(location);
  const headers = { ...redirectHeaders, "cache-control": "no-store" };
  if (request.headers.get("x-auth-return-redirect") == null) {
    return { status: 302, headers: { location: url, ...headers }, cookies, body: null };
  }
  return { ...jsonResponse({ url }, 200, headers), cookies };
}
