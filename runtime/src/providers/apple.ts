/** Sign in with Apple (OpenID Connect, form_post). Callback URL: `{origin}{base}/callback/apple`. @module providers/apple */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "apple",
  name: "Apple",
  kind: "oidc",
  importName: "Apple",
  console: "https://developer.apple.com/account/resources/identifiers",
  scopes: "name email",
  checks: ["nonce", "state"],
  options: "`clientId` is the Services ID; `clientSecret` is the JWT you sign with your Apple key",
  quirks:
    "The callback is a cross-site POST (`response_mode=form_post`), so serve the app over HTTPS; the name arrives once, in the `user` form field of the first sign-in; client_secret_post.",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("A", "#000000", "#ffffff"),
  order: 6,
});

export interface AppleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean | "true" | "false";
  is_private_email?: boolean | "true" | "false";
  /** Sent once, on the first sign-in, as the `user` form field (JSON). */
  user?: { name?: { firstName?: string; lastName?: string }; email?: string };
  [claim: string]: unknown;
}

/**
 * Sign in with Apple. Apple posts the callback (`response_mode=form_post`), so the check cookies
 * are `SameSite=None; Secure`: use HTTPS (Apple requires it anyway). `clientSecret` is the JWT you
 * sign with your Apple key.
 */
export default function Apple(options?: OAuthUserConfig<AppleProfile>): OIDCConfig<AppleProfile> {
  return oidcPreset<AppleProfile>(
    {
      id: "apple",
      name: "Apple",
      issuer: "https://appleid.apple.com",
      authorization: { params: { scope: "name email", response_mode: "form_post" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["nonce", "state"],
      profile: (profile) => {
        const name = [profile.user?.name?.firstName, profile.user?.name?.lastName]
          .filter(Boolean)
          .join(" ");
        return {
          id: profile.sub,
          name: name || profile.email || null,
          email: profile.email ?? null,
          image: null,
        };
      },
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
