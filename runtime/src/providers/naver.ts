/** Naver (OAuth 2). Callback URL: `{origin}{base}/callback/naver`. @module providers/naver */
import type { Profile } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { conformJson } from "./conform.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "naver",
  name: "Naver",
  kind: "oauth",
  importName: "Naver",
  console: "https://developers.naver.com/apps/",
  checks: ["state"],
  quirks:
    "Requires `state`, no PKCE; client_secret_post; the token response's `expires_in` is a string and its errors come with status 200, both conformed before validation; the profile is wrapped in `response`.",
  brandColor: { light: "#03c75a", dark: "#03c75a" },
  logo: monogramLogo("N", "#03c75a", "#03c75a"),
});

/** `GET https://openapi.naver.com/v1/nid/me`. */
export interface NaverProfile extends Profile {
  resultcode: string;
  message: string;
  response: {
    id: string;
    nickname?: string;
    name?: string;
    email?: string;
    profile_image?: string;
    [field: string]: unknown;
  };
}

/**
 * Naver's token endpoint answers `expires_in` as a string and its errors with status 200; RFC
 * 6749 §5.1-5.2 wants a number and a 400. Rewritten into the standard shape before validation.
 */
const conform = conformJson((body, response) => {
  if (typeof body.error === "string" && response.ok) return { body, status: 400 };
  if (typeof body.expires_in === "string" && /^\d+$/.test(body.expires_in))
    return { body: { ...body, expires_in: Number(body.expires_in) } };
  return undefined;
});

/** Naver Login. */
export default function Naver(options?: OAuthUserConfig<NaverProfile>): OAuthConfig<NaverProfile> {
  return preset<NaverProfile>(
    {
      id: "naver",
      name: "Naver",
      type: "oauth",
      checks: ["state"],
      authorization: "https://nid.naver.com/oauth2.0/authorize",
      token: { url: "https://nid.naver.com/oauth2.0/token", conform },
      userinfo: "https://openapi.naver.com/v1/nid/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ response }) => ({
        id: response.id,
        name: response.nickname ?? response.name ?? null,
        email: response.email ?? null,
        image: response.profile_image ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
