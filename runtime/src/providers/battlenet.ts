/**
 * Battle.net (OpenID Connect). Callback URL: `{origin}{base}/callback/battlenet`.
 *
 * @module providers/battlenet
 */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "battlenet",
  name: "Battle.net",
  kind: "oidc",
  importName: "BattleNet",
  console: "https://develop.battle.net/access/clients",
  scopes: "openid",
  checks: ["state"],
  options:
    "`issuer` for another region (`https://oauth.battlenet.com.cn` for China); default `https://oauth.battle.net`",
  quirks:
    "Only the `openid` scope for sign-in; the name is the `battle_tag` claim; no email; endpoints come from discovery.",
  brandColor: { light: "#148eff", dark: "#148eff" },
  logo: monogramLogo("B", "#148eff", "#148eff"),
});

/** The issuers Battle.net publishes. */
export type BattleNetIssuer =
  | "https://oauth.battle.net"
  | "https://oauth.battlenet.com.cn"
  | "https://www.battlenet.com.cn/oauth"
  | `https://${"us" | "eu" | "kr" | "tw"}.battle.net/oauth`;

/** The ID token's claims. */
export interface BattleNetProfile {
  sub: string;
  battle_tag: string;
  [claim: string]: unknown;
}

/** Battle.net sign-in. */
export default function BattleNet(
  options?: OAuthUserConfig<BattleNetProfile> & { issuer?: BattleNetIssuer | (string & {}) },
): OIDCConfig<BattleNetProfile> {
  return oidcPreset<BattleNetProfile>(
    {
      id: "battlenet",
      name: "Battle.net",
      issuer: "https://oauth.battle.net",
      checks: ["state"],
      authorization: { params: { scope: catalogue.scopes } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.battle_tag,
        email: null,
        image: null,
      }),
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
