/** Slack (OpenID Connect). Callback URL: `{origin}{base}/callback/slack`. @module providers/slack */
import { catalogueStyle, defineCatalogue, monogramLogo } from "./catalogue.js";
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "slack",
  name: "Slack",
  kind: "oidc",
  importName: "Slack",
  console: "https://api.slack.com/apps",
  scopes: "openid profile email",
  checks: ["nonce"],
  quirks: "Sign in with Slack (OIDC); the team id is the `https://slack.com/team_id` claim.",
  brandColor: { light: "#611f69", dark: "#c39bc9" },
  logo: monogramLogo("S", "#611f69", "#c39bc9"),
  order: 14,
});

export interface SlackProfile {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  picture?: string;
  "https://slack.com/team_id"?: string;
  [claim: string]: unknown;
}

/** Sign in with Slack. */
export default function Slack(options?: OAuthUserConfig<SlackProfile>): OIDCConfig<SlackProfile> {
  return oidcPreset<SlackProfile>(
    {
      id: "slack",
      name: "Slack",
      issuer: "https://slack.com",
      checks: ["nonce"],
      style: catalogueStyle(catalogue),
    },
    options,
  );
}
