/** LINE Login (OpenID Connect). Callback URL: `{origin}{base}/callback/line`. @module providers/line */
import { customFetch } from "../symbols.js";
import type { Profile, TokenSet } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { conformJson } from "./conform.js";
import { oidcPreset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "line",
  name: "LINE",
  kind: "oidc",
  importName: "LINE",
  console: "https://developers.line.biz/console/",
  scopes: "openid profile email",
  checks: ["pkce", "state"],
  options: "`clientId` is the LINE Login channel ID, `clientSecret` the channel secret",
  quirks:
    "Web-login ID tokens are signed with the channel secret (HS256), which this runtime never accepts as a signature: the ID token is checked by LINE's own verify endpoint instead, which also returns the email (apply for email permission in the console).",
  brandColor: { light: "#06c755", dark: "#06c755" },
  logo: monogramLogo("L", "#06c755", "#06c755"),
});

/** The claims LINE's verify endpoint returns for an ID token. */
export interface LineProfile {
  iss: string;
  sub: string;
  aud: string;
  name?: string;
  picture?: string;
  email?: string;
  [claim: string]: unknown;
}

const verifyUrl = "https://api.line.me/oauth2/v2.1/verify";

/**
 * The ID token is moved aside before the runtime validates the token response: LINE signs it
 * with the channel secret (HS256), which the runtime refuses as a signature (anyone holding the
 * secret could mint one). `verify` below has LINE check it instead.
 */
const conform = conformJson((body, response) => {
  if (!response.ok || typeof body.id_token !== "string") return undefined;
  const { id_token, ...rest } = body;
  return { body: { ...rest, line_id_token: id_token } };
});

/** POSTs the ID token to LINE's verify endpoint, which checks it and answers its claims. */
async function verify({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig }) {
  const idToken = tokens.line_id_token;
  if (typeof idToken !== "string") throw new Error("LINE returned no ID token (scope openid?)");
  const userinfo = provider.userinfo;
  const url = (typeof userinfo === "string" ? userinfo : userinfo?.url) ?? verifyUrl;
  const response = await (provider[customFetch] ?? fetch)(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id_token: idToken, client_id: provider.clientId ?? "" }),
  });
  if (!response.ok) throw new Error(`LINE's ID-token verification answered ${response.status}`);
  const claims = (await response.json()) as LineProfile;
  if (claims.aud !== provider.clientId) throw new Error("LINE's ID token is for another channel");
  return claims as unknown as Profile;
}

/** LINE Login v2.1. */
export default function LINE(options?: OAuthUserConfig<LineProfile>): OIDCConfig<LineProfile> {
  return oidcPreset<LineProfile>(
    {
      id: "line",
      name: "LINE",
      issuer: "https://access.line.me",
      checks: ["pkce", "state"],
      idToken: false,
      token: { conform },
      userinfo: { url: verifyUrl, request: verify },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
