/** Salesforce (OpenID Connect). Callback URL: `{origin}{base}/callback/salesforce`. @module providers/salesforce */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "salesforce",
  name: "Salesforce",
  kind: "oidc",
  importName: "Salesforce",
  console: "https://login.salesforce.com/lightning/setup/NavigationMenus/home",
  scopes: "openid profile email",
  checks: ["pkce", "state", "nonce"],
  options: "`issuer` for a sandbox (`https://test.salesforce.com`) or a My Domain",
  quirks:
    "The profile comes from the userinfo endpoint (as in Auth.js), whose `sub` is the user's identity URL; create a Connected App (or External Client App) with the `openid` scope.",
  brandColor: { light: "#00a1e0", dark: "#1ab9ff" },
  logo: monogramLogo("sf", "#00a1e0", "#1ab9ff"),
});

/** Salesforce's userinfo (`/services/oauth2/userinfo`). */
export interface SalesforceProfile {
  sub: string;
  user_id: string;
  organization_id: string;
  name?: string;
  preferred_username?: string;
  nickname?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/** Salesforce sign-in (production login by default). */
export default function Salesforce(
  options?: OAuthUserConfig<SalesforceProfile>,
): OIDCConfig<SalesforceProfile> {
  return oidcPreset<SalesforceProfile>(
    {
      id: "salesforce",
      name: "Salesforce",
      issuer: "https://login.salesforce.com",
      idToken: false,
      checks: ["pkce", "state", "nonce"],
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
