/** Notion (public integration, OAuth 2). Callback URL: `{origin}{base}/callback/notion`. @module providers/notion */
import { customFetch } from "../symbols.js";
import type { Profile, TokenSet } from "../types.js";
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "notion",
  name: "Notion",
  kind: "oauth",
  importName: "Notion",
  console: "https://www.notion.so/profile/integrations",
  checks: ["state"],
  quirks:
    "A public integration; asks for `owner=user`, no scope, no PKCE; the user is the bot's owner from `/v1/users/me` (sent with a `Notion-Version` header).",
  brandColor: { light: "#000000", dark: "#ffffff" },
  logo: monogramLogo("N", "#000000", "#ffffff"),
});

/** The person who installed the integration (`bot.owner.user` of `GET /v1/users/me`). */
export interface NotionProfile {
  object: "user";
  id: string;
  name: string | null;
  avatar_url: string | null;
  type: "person";
  person?: { email?: string };
  [claim: string]: unknown;
}

/** The Notion API version the profile request is written against. */
export const notionVersion = "2022-06-28";

/** Notion sign-in (a public integration's OAuth). */
export default function Notion(
  options?: OAuthUserConfig<NotionProfile>,
): OAuthConfig<NotionProfile> {
  return preset<NotionProfile>(
    {
      id: "notion",
      name: "Notion",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://api.notion.com/v1/oauth/authorize",
        params: { owner: "user" },
      },
      token: "https://api.notion.com/v1/oauth/token",
      userinfo: {
        url: "https://api.notion.com/v1/users/me",
        async request({ tokens, provider }: { tokens: TokenSet; provider: OAuthConfig }) {
          const userinfo = provider.userinfo;
          const url =
            (typeof userinfo === "string" ? userinfo : userinfo?.url) ??
            "https://api.notion.com/v1/users/me";
          const response = await (provider[customFetch] ?? fetch)(url, {
            headers: {
              authorization: `Bearer ${tokens.access_token}`,
              "notion-version": notionVersion,
            },
          });
          if (!response.ok) throw new Error(`Notion /v1/users/me answered ${response.status}`);
          const me = (await response.json()) as { bot?: { owner?: { user?: NotionProfile } } };
          const owner = me.bot?.owner?.user;
          if (!owner) throw new Error("Notion /v1/users/me has no bot.owner.user");
          return owner as unknown as Profile;
        },
      },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: profile.person?.email ?? null,
        image: profile.avatar_url,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
