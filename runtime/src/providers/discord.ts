/** Discord (OAuth 2). Callback URL: `{origin}{base}/callback/discord`. @module providers/discord */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "discord",
  name: "Discord",
  kind: "oauth",
  importName: "Discord",
  console: "https://discord.com/developers/applications",
  scopes: "identify email",
  checks: ["pkce"],
  quirks: "The avatar URL is built from the avatar hash (a default avatar when there is none).",
  brandColor: { light: "#5865f2", dark: "#7983f5" },
  logo: monogramLogo("D", "#5865f2", "#7983f5"),
  order: 4,
});

export interface DiscordProfile {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  email: string | null;
  verified: boolean;
  [claim: string]: unknown;
}

function avatarUrl(profile: DiscordProfile): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png";
    return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`;
  }
  // Default avatars: new usernames index by (id >> 22) % 6, legacy ones by discriminator % 5.
  const index =
    profile.discriminator === "0"
      ? Number((BigInt(profile.id) >> 22n) % 6n)
      : Number(profile.discriminator) % 5;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

/** Discord sign-in. */
export default function Discord(
  options?: OAuthUserConfig<DiscordProfile>,
): OAuthConfig<DiscordProfile> {
  return preset<DiscordProfile>(
    {
      id: "discord",
      name: "Discord",
      type: "oauth",
      authorization: {
        url: "https://discord.com/api/oauth2/authorize",
        params: { scope: "identify email" },
      },
      token: "https://discord.com/api/oauth2/token",
      userinfo: "https://discord.com/api/users/@me",
      profile: (profile) => ({
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email,
        image: avatarUrl(profile),
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
