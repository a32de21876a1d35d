/** LinkedIn (OpenID Connect). Callback URL: `{origin}{base}/callback/linkedin`. @module providers/linkedin */
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

export interface LinkedInProfile {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/** Sign In with LinkedIn using OpenID Connect. */
export default function LinkedIn(
  options?: OAuthUserConfig<LinkedInProfile>,
): OIDCConfig<LinkedInProfile> {
  return oidcPreset<LinkedInProfile>(
    {
      id: "linkedin",
      name: "LinkedIn",
      issuer: "https://www.linkedin.com/oauth",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      style: { brandColor: "#006699", text: "#ffffff" },
    },
    options,
  );
}
