/** Bungie.net (OAuth 2). Callback URL: `{origin}{base}/callback/bungie`. @module providers/bungie */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "bungie",
  name: "Bungie",
  kind: "oauth",
  importName: "Bungie",
  console: "https://www.bungie.net/en/Application",
  checks: ["state"],
  options: "`apiKey`: the application's API key, sent as `X-API-Key` with the profile request",
  quirks:
    "A confidential client; scopes are set on the application, so none is sent; no PKCE; HTTPS callback only; the profile is `bungieNetUser` of `GetMembershipsForCurrentUser`, which needs the app's API key; no email.",
  brandColor: { light: "#0076c8", dark: "#52a8e8" },
  logo: monogramLogo("B", "#0076c8", "#52a8e8"),
});

/** `GET /Platform/User/GetMembershipsForCurrentUser/` (its `Response`, wrapped as documented). */
export interface BungieProfile {
  Response: {
    bungieNetUser: {
      membershipId: string;
      uniqueName?: string;
      displayName: string;
      profilePicturePath?: string;
      [field: string]: unknown;
    };
    destinyMemberships?: unknown[];
    [field: string]: unknown;
  };
  ErrorCode: number;
  ErrorStatus: string;
  [field: string]: unknown;
}

export interface BungieOptions extends OAuthUserConfig<BungieProfile> {
  /** The application's API key (`X-API-Key`), from its page on bungie.net. */
  apiKey?: string;
}

const site = "https://www.bungie.net";

/** Bungie.net sign-in. */
export default function Bungie({
  apiKey,
  ...options
}: BungieOptions = {}): OAuthConfig<BungieProfile> {
  return preset<BungieProfile>(
    {
      id: "bungie",
      name: "Bungie",
      type: "oauth",
      checks: ["state"],
      authorization: `${site}/en/OAuth/Authorize`,
      token: `${site}/platform/app/oauth/token/`,
      userinfo: profileRequest({
        url: `${site}/Platform/User/GetMembershipsForCurrentUser/`,
        headers: (token) => ({
          authorization: `Bearer ${token}`,
          ...(apiKey ? { "x-api-key": apiKey } : {}),
        }),
      }),
      profile: ({ Response: { bungieNetUser: user } }) => ({
        id: user.membershipId,
        name: user.displayName,
        email: null,
        image: user.profilePicturePath ? new URL(user.profilePicturePath, site).toString() : null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
