/** Facebook (OAuth 2). Callback URL: `{origin}{base}/callback/facebook`. @module providers/facebook */
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

export interface FacebookProfile {
  id: string;
  name: string;
  email?: string;
  picture?: { data?: { url?: string } };
  [claim: string]: unknown;
}

/** Facebook Login (Graph API v19). */
export default function Facebook(
  options?: OAuthUserConfig<FacebookProfile>,
): OAuthConfig<FacebookProfile> {
  return preset<FacebookProfile>(
    {
      id: "facebook",
      name: "Facebook",
      type: "oauth",
      authorization: {
        url: "https://www.facebook.com/v19.0/dialog/oauth",
        params: { scope: "email" },
      },
      token: "https://graph.facebook.com/oauth/access_token",
      userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture",
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: profile.email ?? null,
        image: profile.picture?.data?.url ?? null,
      }),
      style: { brandColor: "#006aff", text: "#ffffff" },
    },
    options,
  );
}
