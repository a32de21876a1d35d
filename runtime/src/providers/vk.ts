/** VK (OAuth 2, authorization code flow). Callback URL: `{origin}{base}/callback/vk`. @module providers/vk */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { preset } from "./preset.js";
import { profileRequest } from "./profile-request.js";
import { conformBearer } from "./token-response.js";
import type { OAuthConfig, OAuthUserConfig } from "./types.js";

/** The VK API version the requests are written against. */
export const vkApiVersion = "5.131";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "vk",
  name: "VK",
  kind: "oauth",
  importName: "VK",
  console: "https://id.vk.com/about/business/go",
  scopes: "email",
  checks: ["state"],
  quirks:
    "VK's older OAuth ВКонтакте flow (`oauth.vk.com`, as Auth.js's preset): VK still documents it (apps are made in the VK ID business cabinet) but calls it outdated and recommends VK ID, which is not a preset here (docs/providers.md, “VK and VK ID”); the email comes in the token answer (not from the API) and only when the user shares it; the token answer has no `token_type`; client_secret_post; the profile is the API method `users.get`, with the token as a parameter.",
  brandColor: { light: "#0077ff", dark: "#4d9fff" },
  logo: monogramLogo("VK", "#0077ff", "#4d9fff"),
});

/** One user of `users.get` (`response[0]`) with `fields=photo_100`, and the token answer's email. */
export interface VkProfile {
  id: number;
  first_name: string;
  last_name: string;
  photo_100?: string;
  [field: string]: unknown;
}

interface UsersGetAnswer {
  response?: VkProfile[];
  error?: { error_code?: number; error_msg?: string };
}

/** VK sign-in. */
export default function VK(options?: OAuthUserConfig<VkProfile>): OAuthConfig<VkProfile> {
  return preset<VkProfile>(
    {
      id: "vk",
      name: "VK",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: "https://oauth.vk.com/authorize",
        params: { scope: catalogue.scopes, v: vkApiVersion },
      },
      token: { url: "https://oauth.vk.com/access_token", conform: conformBearer },
      client: { token_endpoint_auth_method: "client_secret_post" },
      userinfo: profileRequest({
        url: `https://api.vk.com/method/users.get?fields=photo_100&v=${vkApiVersion}`,
        // The API takes the token as a parameter; it answers errors with HTTP 200 and `error`.
        target: (url, token) => `${url}&access_token=${encodeURIComponent(token)}`,
        headers: () => ({}),
        select: (body) => {
          const { response, error } = body as UsersGetAnswer;
          const user = response?.[0];
          if (!user) throw new Error(`VK users.get answered ${error?.error_msg ?? "no user"}`);
          return user;
        },
      }),
      profile: (profile, tokens) => ({
        id: String(profile.id),
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: typeof tokens.email === "string" ? tokens.email : null,
        image: profile.photo_100 ?? null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
