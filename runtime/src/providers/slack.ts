/** Slack (OpenID Connect). Callback URL: `{origin}{base}/callback/slack`. @module providers/slack */
import { oidcPreset } from "./preset.js";
import type { OAuthUserConfig, OIDCConfig } from "./types.js";

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
      style: { brandColor: "#611f69" },
    },
    options,
  );
}
