import type { AuthAction } from "../types.js";

/** Read access to request headers (a Web `Headers` satisfies it). */
export interface HeaderReader {
  get(name: string): string | null | undefined;
  entries(): Iterable<[string, string]>;
}

/**
 * A framework-neutral request. The Web `Auth()` entry builds one from a `Request`; framework
 * adapters build it straight from their own request objects, so the hot paths never construct
 * Web `Request`s.
 */
export interface AuthRequest {
  /** Upper-case HTTP method. */
  method: string;
  /** The absolute request URL as the server sees it (the origin may be replaced by AUTH_URL's). */
  url: URL;
  headers: HeaderReader;
  cookies: Record<string, string>;
  /** The parsed form or JSON body of a POST; undefined otherwise. */
  body?: Record<string, unknown>;
  /**
   * The client's IP address as the framework adapter knows it (Express's `req.ip`, which follows
   * `trust proxy`; SolidStart's `event.clientAddress`). Undefined for a bare `Auth(request)`.
   * Used only by rate limiting.
   */
  clientAddress?: string;
}

const actions = new Set<AuthAction>([
  "providers",
  "session",
  "csrf",
  "signin",
  "signout",
  "callback",
  "verify-request",
  "error",
  "webauthn-options",
  "webauthn-script.js",
  "password",
]);
const actionsWithProvider = new Set<AuthAction>(["signin", "callback", "webauthn-options"]);

export interface ParsedAction {
  action: AuthAction;
  providerId?: string;
  /** `{base}/password/<operation>`: which password page or form. */
  operation?: string;
}

/** A request to the development playground's OpenID provider (`{base}/playground/...`). */
export interface ParsedPlayground {
  action: "playground";
  /** The path after `playground/`: `authorize`, `token`, `.well-known/openid-configuration`… */
  endpoint: string;
}

/**
 * The action and provider id of a path under `basePath` (reference §0): one or two non-empty
 * segments, the second only for `signin`, `callback` and `webauthn-options`. Unlike Auth.js the
 * base path is matched literally (not as a regular expression) and must end at a `/`, so
 * `/authsignin` is not `/auth` + `signin`. `playground/<endpoint>` (up to two segments) is the
 * development playground's OpenID provider, which answers 404 unless it is on.
 */
export function parseAction(
  pathname: string,
  basePath: string,
): ParsedAction | ParsedPlayground | undefined {
  let rest: string;
  if (basePath === "" || basePath === "/") rest = pathname;
  else if (pathname.startsWith(`${basePath}/`)) rest = pathname.slice(basePath.length);
  else return undefined;
  const segments = rest.split("/").filter(Boolean);
  if (segments[0] === "playground" && segments.length > 1 && segments.length <= 3)
    return { action: "playground", endpoint: segments.slice(1).join("/") };
  if (segments.length < 1 || segments.length > 2) return undefined;
  const action = segments[0] as AuthAction;
  if (!actions.has(action)) return undefined;
  if (action === "password")
    return segments.length === 2 ? { action, operation: segments[1] } : undefined;
  if (segments.length === 1) return { action };
  if (!actionsWithProvider.has(action)) return undefined;
  const providerId = segments[1]!;
  return providerId === "undefined" ? { action } : { action, providerId };
}

/** The query string as a flat object; the last duplicate wins (as in Auth.js). */
export function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = value;
  return query;
}

/** A string field of the body, ignoring non-strings (forms never send anything else). */
export function bodyString(body: AuthRequest["body"], key: string): string | undefined {
  const value = body?.[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * A Web `Request` equivalent to an {@link AuthRequest}, for user callbacks that take one
 * (`authorize`, `sendVerificationRequest`). Built only on those rare paths.
 */
export function toWebRequest(request: AuthRequest, body: unknown, url: URL = request.url): Request {
  const headers = new Headers();
  for (const [name, value] of request.headers.entries()) {
    if (name !== "content-length") headers.append(name, value);
  }
  headers.set("content-type", "application/json");
  return new Request(url, {
    method: request.method === "GET" ? "POST" : request.method,
    headers,
    body: JSON.stringify(body ?? {}),
  });
}
