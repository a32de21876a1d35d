/**
 * Hugging Face (OpenID Connect). Callback URL: `{origin}{base}/callback/huggingface`.
 *
 * @module providers/huggingface
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "huggingface",
  name: "Hugging Face",
  kind: "oidc",
  importName: "HuggingFace",
  console: "https://huggingface.co/settings/connected-applications",
  scopes: "openid profile email",
  checks: ["pkce", "state"],
  quirks:
    "Everything comes from discovery at `https://huggingface.co`; the email needs the `email` scope; the name falls back to `preferred_username`.",
  brandColor: { light: "#ffd21e", dark: "#ffd21e" },
  logo: monogramLogo("HF", "#ffd21e", "#ffd21e"),
});

/** The ID token's claims. */
export interface HuggingFaceProfile {
  sub: string;
  name?: string;
  preferred_username: string;
  profile?: string;
  picture?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
  isPro?: boolean;
  [claim: string]: unknown;
}

/** Sign in with Hugging Face. */
export default function HuggingFace(
  options?: OAuthUserConfig<HuggingFaceProfile>,
): OIDCConfig<HuggingFaceProfile> {
  return oidcPreset<HuggingFaceProfile>(
    {
      id: "huggingface",
      name: "Hugging Face",
      issuer: "https://huggingface.co",
      checks: ["pkce", "state"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
