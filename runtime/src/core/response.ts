import { type Cookie, serializeCookie } from "./cookies.js";

/** A framework-neutral response; adapters write it to their own response objects. */
export interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  cookies: Cookie[];
  body: string | null;
}

/** Headers that keep an answer out of every cache (Auth.js sends the same three). */
export const noStore: Record<string, string> = {
  "cache-control": "private, no-cache, no-store",
  expires: "0",
  pragma: "no-cache",
};

/** Converts to a Web `Response`, one `Set-Cookie` header per cookie. */
export function toWebResponse(response: AuthResponse): Response {
  const headers = new Headers(response.headers);
  for (const cookie of response.cookies) headers.append("set-cookie", serializeCookie(cookie));
  return new Response(response.body, { status: response.status, headers });
}

/** A JSON answer, never sniffed as anything else (ASVS 14.4.4). */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): AuthResponse {
  return {
    status,
    headers: {
      "content-type": "application/json",
      "x-content-type-options": "nosniff",
      ...headers,
    },
    cookies: [],
    body: JSON.stringify(body),
  };
}

/** Printable ASCII: what a `Location` value may carry as it is. */
const plainLocation = /^[\x21-\x7e]*$/;

/**
 * `target` as a `Location` (or `X-Auth-Return-Redirect` `url`) value. Header values are bytes,
 * so a URL with anything but printable ASCII (a callback URL `/ünïcode/路径`, say) would make
 * `Headers` throw: it is percent-encoded as the WHATWG URL serialiser does (`new URL().href`),
 * a path byte by byte in UTF-8. An ASCII URL is sent exactly as built, as Auth.js sends it.
 */
export function locationHeader(target: string): string {
  if (plainLocation.test(target)) return target;
  try {
    return new URL(target).href;
  } catch {
    let encoded = "";
    for (const byte of new TextEncoder().encode(target)) {
      encoded +=
        byte > 0x20 && byte < 0x7f
          ? String.fromCharCode(byte)
          : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
    return encoded;
  }
}
