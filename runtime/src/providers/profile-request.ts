/**
 * A userinfo endpoint whose request is not the standard `GET` with a bearer token: another
 * method, another `Authorization` scheme, an API key header, the token in the URL or in a form
 * body. The
 * request goes through the provider's `customFetch` when set, and to a user's `userinfo.url`
 * when they override it.
 *
 * @module providers/profile-request
 */
import { customFetch } from "../symbols.js";
import type { Profile, TokenSet } from "../types.js";
import type { OAuthConfig, UserinfoEndpointHandler } from "./types.js";

export interface ProfileRequest {
  /** The documented profile URL (the default `userinfo.url`). */
  url: string;
  /** Default `GET`. */
  method?: "GET" | "POST";
  /**
   * The request's headers from the access token (and the provider, for its resolved
   * `clientId`). Default `Authorization: Bearer <token>`.
   */
  headers?: (accessToken: string, provider: OAuthConfig) => Record<string, string>;
  /** The final URL from the configured one and the access token (e.g. the token in the path). */
  target?: (url: string, accessToken: string) => string;
  /**
   * A form body (`application/x-www-form-urlencoded`) from the access token and the provider:
   * an introspection endpoint that takes the token and the client's credentials as fields.
   */
  form?: (accessToken: string, provider: OAuthConfig) => Record<string, string>;
  /** The profile from the response's JSON body (e.g. unwrapped). Default: the body. */
  select?: (body: unknown) => unknown;
}

/** Builds the `userinfo` handler for a {@link ProfileRequest}. */
export function profileRequest(spec: ProfileRequest): UserinfoEndpointHandler {
  return {
    url: spec.url,
    async request({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig }) {
      const token = tokens.access_token ?? "";
      const configured = provider.userinfo;
      const base = (typeof configured === "string" ? configured : configured?.url) ?? spec.url;
      const url = spec.target ? spec.target(base, token) : base;
      const form = spec.form?.(token, provider);
      const response = await (provider[customFetch] ?? fetch)(url, {
        method: spec.method ?? "GET",
        headers: {
          accept: "application/json",
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...(spec.headers?.(token, provider) ?? bearer(token)),
        },
        ...(form ? { body: new URLSearchParams(form) } : {}),
      });
      if (!response.ok)
        throw new Error(`${provider.name} profile request answered ${response.status}`);
      const body: unknown = await response.json();
      return (spec.select ? spec.select(body) : body) as Profile;
    },
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
