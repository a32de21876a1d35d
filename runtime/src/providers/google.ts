/** Google (OpenID Connect). Callback URL: `{origin}{base}/callback/google`. @module providers/google */
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
  given_name?: string;
  family_name?: string;
  hd?: string;
  [claim: string]: unknown;
}

/** Google sign-in; everything comes from discovery at `https://accounts.google.com`. */
export default function Google(
  options?: OAuthUserConfig<GoogleProfile>,
): OIDCConfig<GoogleProfile> {
  return oidcPreset<GoogleProfile>(
    {
      id: "google",
      name: "Google",
      issuer: "https://accounts.google.com",
      style: { brandColor: "#1a73e8" },
    },
    options,
  );
}
