/** Sign in with Apple (OpenID Connect, form_post). Callback URL: `{origin}{base}/callback/apple`. @module providers/apple */
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

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
      style: { brandColor: "#000000", text: "#ffffff" },
    },
    options,
  );
}
