/** Figma (OAuth 2). Callback URL: `{origin}{base}/callback/figma`. @module providers/figma */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { conformBearer } from "./token-response.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "figma",
  name: "Figma",
  kind: "oauth",
  importName: "Figma",
  console: "https://www.figma.com/developers/apps",
  scopes: "current_user:read",
  checks: ["state"],
  quirks:
    "Asks for the granular `current_user:read` scope (enable it on the app); a token response without `token_type` (as older ones were) is conformed to `Bearer`; the name is the user's `handle`.",
  brandColor: { light: "#0d0d0d", dark: "#ffffff" },
  logo: monogramLogo("Fg", "#0d0d0d", "#ffffff"),
});

/** `GET https://api.figma.com/v1/me`. */
export interface FigmaProfile {
  id: string;
  email: string;
  handle: string;
  img_url: string;
  [field: string]: unknown;
}

/** Figma sign-in. */
export default function Figma(options?: OAuthUserConfig<FigmaProfile>): OAuthConfig<FigmaProfile> {
  return preset<FigmaProfile>(
    {
      id: "figma",
      name: "Figma",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://www.figma.com/oauth",
        params: { scope: catalogue.scopes },
      },
      token: { url: "https://api.figma.com/v1/oauth/token", conform: conformBearer },
      userinfo: "https://api.figma.com/v1/me",
      profile: (profile) => ({
        id: profile.id,
        name: profile.handle,
        email: profile.email,
        image: profile.img_url,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
