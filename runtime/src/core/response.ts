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

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): AuthResponse {
  return {
    status,
    headers: { "content-type": "application/json", ...headers },
    cookies: [],
    body: JSON.stringify(body),
  };
}
