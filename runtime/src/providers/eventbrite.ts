/** Eventbrite (OAuth 2). Callback URL: `{origin}{base}/callback/eventbrite`. @module providers/eventbrite */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "eventbrite",
  name: "Eventbrite",
  kind: "oauth",
  importName: "Eventbrite",
  console: "https://www.eventbrite.com/account-settings/apps",
  checks: ["state"],
  quirks:
    "The client id is the app's API key; Eventbrite has no scopes, so none is sent; client_secret_post, no PKCE; the email is the `primary` one of `emails`; the profile carries only an image id, so no image.",
  brandColor: { light: "#f05537", dark: "#f05537" },
  logo: monogramLogo("Eb", "#f05537", "#f05537"),
});

/** `GET https://www.eventbriteapi.com/v3/users/me/`. */
export interface EventbriteProfile {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  emails: { email: string; verified: boolean; primary: boolean }[];
  image_id: string | null;
  [field: string]: unknown;
}

/** Eventbrite sign-in. */
export default function Eventbrite(
  options?: OAuthUserConfig<EventbriteProfile>,
): OAuthConfig<EventbriteProfile> {
  return preset<EventbriteProfile>(
    {
      id: "eventbrite",
      name: "Eventbrite",
      type: "oauth",
      checks: ["state"],
      authorization: "https://www.eventbrite.com/oauth/authorize",
      token: "https://www.eventbrite.com/oauth/token",
      userinfo: "https://www.eventbriteapi.com/v3/users/me/",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: profile.emails.find((entry) => entry.primary)?.email ?? null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
