/**
 * Cookie names, attributes, parsing, serialisation and session-cookie chunking: the Auth.js names
 * and defaults (reference §2), with `__Host-` instead of `__Secure-` wherever the attributes
 * allow it (so no sibling subdomain can plant one).
 */
import type { CookieOption, CookieSerializeOptions, CookiesOptions } from "../types.js";
import { cookieDomain, cookiePath } from "./assert-options.js";

/** A cookie to send in `Set-Cookie`. */
export interface Cookie {
  name: string;
  value: string;
  options: CookieSerializeOptions;
}

export type CookieKey = keyof CookiesOptions;

/** The session cookie as the runtime uses it: its name, and Auth.js's name to migrate from. */
export interface SessionCookieOption extends CookieOption {
  /**
   * `__Secure-authjs.session-token` when the name is the default `__Host-` one: the name Auth.js
   * (and this runtime before it used `__Host-`) gives the session cookie over HTTPS, read only
   * while no cookie has the current name (see `session-cookie.ts`).
   */
  legacyName?: string;
}

export type CookieMap = Record<CookieKey, CookieOption> & { sessionToken: SessionCookieOption };

const FIFTEEN_MINUTES = 15 * 60;

/** The Auth.js cookie names without their prefix. */
const baseNames: Record<CookieKey, string> = {
  sessionToken: "authjs.session-token",
  callbackUrl: "authjs.callback-url",
  csrfToken: "authjs.csrf-token",
  pkceCodeVerifier: "authjs.pkce.code_verifier",
  state: "authjs.state",
  nonce: "authjs.nonce",
  webauthnChallenge: "authjs.challenge",
};

/**
 * The prefix a cookie with these attributes can carry. `__Host-` whenever the browser allows it
 * (`Secure`, `Path=/`, no `Domain`): no other host, a sibling subdomain included, can set or
 * overwrite such a cookie, which is what keeps a planted check, session or callback-URL cookie
 * out (cookie tossing). A cookie shared across subdomains (`domain`) or narrowed to a path can
 * only be `__Secure-`; one that is not `Secure` (plain HTTP) has no prefix. Auth.js uses
 * `__Host-` for the CSRF cookie only.
 */
export function cookiePrefix(options: CookieSerializeOptions): "" | "__Secure-" | "__Host-" {
  if (!options.secure) return "";
  return !options.domain && (options.path ?? "/") === "/" ? "__Host-" : "__Secure-";
}

/**
 * The cookies for a secure (HTTPS) or plain origin, with the user's `cookies` overrides merged
 * in key by key. A name the user gives is used as given; otherwise it is the Auth.js name with
 * the strongest prefix the final attributes allow (see {@link cookiePrefix}).
 */
export function resolveCookies(secure: boolean, overrides?: Partial<CookiesOptions>): CookieMap {
  const base = { httpOnly: true, sameSite: "lax", path: "/", secure } as const;
  const cookies = {} as CookieMap;
  for (const key of Object.keys(baseNames) as CookieKey[]) {
    const lifetime =
      key === "pkceCodeVerifier" || key === "state" || key === "webauthnChallenge"
        ? { maxAge: FIFTEEN_MINUTES }
        : {};
    const override = overrides?.[key];
    const options = { ...base, ...lifetime, ...override?.options };
    const prefix = cookiePrefix(options);
    cookies[key] = { name: override?.name ?? `${prefix}${baseNames[key]}`, options };
  }
  if (!overrides?.sessionToken?.name && cookies.sessionToken.name.startsWith("__Host-")) {
    cookies.sessionToken.legacyName = `__Secure-${baseNames.sessionToken}`;
  }
  return cookies;
}

/** The default cookies for a secure (HTTPS) or plain origin. */
export function defaultCookies(secure: boolean): CookieMap {
  return resolveCookies(secure);
}

/**
 * Parses a `Cookie` header. The first occurrence of a name wins (browsers send the most
 * specific path first); values are percent-decoded when they can be.
 *
 * @param only keep just this cookie and its chunks (`only.0`, `only.1`, …): a session read
 *   skips the values of every other cookie the browser sends.
 */
export function parseCookieHeader(
  header: string | null | undefined,
  only?: string,
): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  let start = 0;
  // With `only`: where it next occurs. A pair whose name part ends before that cannot match.
  let next = 0;
  const length = header.length;
  while (start < length) {
    if (only !== undefined) {
      if (next < start) next = header.indexOf(only, start);
      if (next === -1) break;
    }
    let end = header.indexOf(";", start);
    if (end === -1) end = length;
    const eq = header.indexOf("=", start);
    if (eq !== -1 && eq < end && (only === undefined || next < eq)) {
      const sliced = header.slice(start, eq).trim();
      // The wanted name itself (an internalised constant) as the key: a sliced name would be
      // hashed and looked up in V8's string table on every request.
      const name = sliced === only ? only : sliced;
      const wanted = only === undefined || name === only || isChunkOf(name, only);
      if (name && wanted && !(name in cookies)) {
        let value = header.slice(eq + 1, end).trim();
        if (value.charCodeAt(0) === 34 && value.charCodeAt(value.length - 1) === 34) {
          value = value.slice(1, -1);
        }
        cookies[name] = decodeValue(value);
      }
    }
    start = end + 1;
  }
  return cookies;
}

function decodeValue(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const cookieNamePattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Serialises one cookie for a `Set-Cookie` header. */
export function serializeCookie(cookie: Cookie): string {
  const { name, value, options } = cookie;
  if (!cookieNamePattern.test(name)) throw new TypeError(`Invalid cookie name: ${name}`);
  // Checked at start-up too (`assertOptions`); here so that nothing can add an attribute.
  if (options.domain !== undefined && !cookieDomain.test(options.domain)) {
    throw new TypeError(`Invalid cookie domain for ${name}`);
  }
  if (options.path !== undefined && !cookiePath.test(options.path)) {
    throw new TypeError(`Invalid cookie path for ${name}`);
  }
  let header = `${name}=${encodeURIComponent(value)}`;
  if (options.maxAge !== undefined) header += `; Max-Age=${Math.floor(options.maxAge)}`;
  if (options.domain) header += `; Domain=${options.domain}`;
  if (options.path) header += `; Path=${options.path}`;
  if (options.expires) header += `; Expires=${options.expires.toUTCString()}`;
  if (options.httpOnly) header += "; HttpOnly";
  if (options.secure) header += "; Secure";
  if (options.partitioned) header += "; Partitioned";
  if (options.priority) {
    header += `; Priority=${options.priority[0]!.toUpperCase()}${options.priority.slice(1)}`;
  }
  if (options.sameSite) {
    const sameSite = options.sameSite === true ? "strict" : options.sameSite;
    header += `; SameSite=${sameSite[0]!.toUpperCase()}${sameSite.slice(1)}`;
  }
  return header;
}

/** A cookie that removes `option` from the browser. */
export function expireCookie(option: CookieOption): Cookie {
  const { expires: _expires, ...options } = option.options;
  return { name: option.name, value: "", options: { ...options, maxAge: 0 } };
}

/** Largest value per cookie: 4096 bytes minus an estimate of the attributes (Auth.js). */
export const CHUNK_SIZE = 4096 - 160;

/** Names of the session cookie and its chunks (`name.0`, `name.1`, …) present in a request. */
export function sessionChunkNames(cookies: Record<string, string>, name: string): string[] {
  const names: string[] = [];
  for (const key in cookies) {
    if (key === name || isChunkOf(key, name)) names.push(key);
  }
  return names;
}

function isChunkOf(key: string, name: string): boolean {
  if (key.length <= name.length + 1 || !key.startsWith(name) || key[name.length] !== ".") {
    return false;
  }
  for (let i = name.length + 1; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Reads a possibly chunked session cookie. Only the exact name and its numbered chunks count,
 * so an unprefixed twin of a `__Secure-` cookie is never read over HTTPS.
 */
export function readChunkedCookie(
  cookies: Record<string, string>,
  name: string,
): string | undefined {
  const whole = cookies[name];
  if (whole) return whole;
  const chunks: [number, string][] = [];
  for (const key in cookies) {
    const value = cookies[key];
    if (value && isChunkOf(key, name)) chunks.push([Number(key.slice(name.length + 1)), value]);
  }
  if (chunks.length === 0) return undefined;
  chunks.sort((a, b) => a[0] - b[0]);
  // A gap means a lost chunk: the concatenation could never decrypt, so don't try.
  for (let i = 0; i < chunks.length; i++) if (chunks[i]![0] !== i) return undefined;
  return chunks.map((chunk) => chunk[1]).join("");
}

/**
 * The cookies that store `value` under `option`, split into chunks when needed, preceded by
 * removals of every stale chunk the request carried.
 */
export function writeChunkedCookie(
  option: CookieOption,
  value: string,
  requestCookies: Record<string, string>,
  extra: CookieSerializeOptions = {},
): Cookie[] {
  const options = { ...option.options, ...extra };
  const count = Math.ceil(value.length / CHUNK_SIZE);
  const written = new Map<string, Cookie>();
  if (count <= 1) {
    written.set(option.name, { name: option.name, value, options });
  } else {
    for (let i = 0; i < count; i++) {
      const name = `${option.name}.${i}`;
      written.set(name, {
        name,
        value: value.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE),
        options,
      });
    }
  }
  const cookies: Cookie[] = [];
  for (const stale of sessionChunkNames(requestCookies, option.name)) {
    if (!written.has(stale)) cookies.push(expireCookie({ name: stale, options: option.options }));
  }
  cookies.push(...written.values());
  return cookies;
}

/** Removals for the session cookie and every chunk of it the request carried. */
export function clearChunkedCookie(
  option: CookieOption,
  requestCookies: Record<string, string>,
): Cookie[] {
  return sessionChunkNames(requestCookies, option.name).map((name) =>
    expireCookie({ name, options: option.options }),
  );
}
