/**
 * EVE Online SSO (OAuth 2). Callback URL: `{origin}{base}/callback/eveonline`.
 *
 * EVE's access token is a JWT naming the character. The preset verifies it against EVE's
 * published keys (signature, issuer, audience, expiry) before reading a single claim: an
 * unverified JWT is never trusted.
 *
 * @module providers/eveonline
 */
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import { customFetch } from "../symbols.js";
import type { Profile, TokenSet } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "eveonline",
  name: "EVE Online",
  kind: "oauth",
  importName: "EVEOnline",
  console: "https://developers.eveonline.com/applications",
  scopes: "publicData",
  checks: ["state"],
  quirks:
    "No profile endpoint: the character is read from the JWT access token after verifying it against EVE's JWKS (`/oauth/jwks`: signature, issuer, audience with your client id and `EVE Online`, expiry); the deprecated `/oauth/verify` is not used. No email.",
  brandColor: { light: "#1a1a1a", dark: "#d6d6d6" },
  logo: monogramLogo("EVE", "#1a1a1a", "#d6d6d6"),
});

/** EVE's documented key set (from `/.well-known/oauth-authorization-server`). */
const JWKS_URL = "https://login.eveonline.com/oauth/jwks";
/** Both forms of the issuer EVE's tokens carry. */
const ISSUERS = ["login.eveonline.com", "https://login.eveonline.com"];

/**
 * The character, from the verified access token, in the shape Auth.js's preset gave (from
 * the former `/oauth/verify`), so `profile.CharacterID` in callbacks keeps working.
 */
export interface EVEOnlineProfile {
  CharacterID: number;
  CharacterName: string;
  CharacterOwnerHash: string;
  /** Space-separated scopes granted. */
  Scopes: string;
  /** ISO time the access token expires. */
  ExpiresOn: string;
  TokenType: "Character";
  IntellectualProperty: "EVE";
  [claim: string]: unknown;
}

/** The verified claims of an EVE SSO access token, as a profile. */
async function characterFromToken({
  tokens,
  provider,
}: {
  tokens: TokenSet;
  provider: OAuthConfig<Profile>;
}): Promise<EVEOnlineProfile> {
  const token = tokens.access_token;
  if (!token) throw new Error("EVE Online answered no access token");
  const fetchKeys = provider[customFetch] ?? fetch;
  const response = await fetchKeys(provider.jwks_endpoint ?? JWKS_URL, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`EVE Online JWKS request answered ${response.status}`);
  const keys = createLocalJWKSet((await response.json()) as JSONWebKeySet);
  const { payload } = await jwtVerify(token, keys, {
    issuer: ISSUERS,
    audience: provider.clientId,
    algorithms: ["RS256", "ES256"],
  });
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audience.includes("EVE Online"))
    throw new Error('EVE Online access token: "EVE Online" is not in its audience');
  const character = /^CHARACTER:EVE:(\d+)$/.exec(payload.sub ?? "")?.[1];
  if (!character) throw new Error("EVE Online access token: its subject is not a character");
  const scopes = Array.isArray(payload.scp) ? payload.scp : payload.scp ? [payload.scp] : [];
  return {
    CharacterID: Number(character),
    CharacterName: String(payload.name ?? ""),
    CharacterOwnerHash: String(payload.owner ?? ""),
    Scopes: scopes.join(" "),
    ExpiresOn: new Date((payload.exp ?? 0) * 1000).toISOString(),
    TokenType: "Character",
    IntellectualProperty: "EVE",
  };
}

/** EVE Online sign-in: one character. */
export default function EVEOnline(
  options?: OAuthUserConfig<EVEOnlineProfile>,
): OAuthConfig<EVEOnlineProfile> {
  return preset<EVEOnlineProfile>(
    {
      id: "eveonline",
      name: "EVE Online",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://login.eveonline.com/v2/oauth/authorize",
        params: { scope: catalogue.scopes },
      },
      token: "https://login.eveonline.com/v2/oauth/token",
      jwks_endpoint: JWKS_URL,
      userinfo: { url: JWKS_URL, request: characterFromToken as never },
      profile: (profile) => ({
        id: String(profile.CharacterID),
        name: profile.CharacterName,
        email: null,
        image: `https://images.evetech.net/characters/${profile.CharacterID}/portrait?size=128`,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
