import { envPrefix } from "../../catalog/providers.js";
import type { Rule } from "../types.js";
import { playgroundOn } from "./playground-in-production.js";

export const providerEnvMissing: Rule = {
  id: "provider-env-missing",
  severity: "error",
  summary: "A configured OAuth/OIDC provider without its client id, secret or issuer.",
  check(context) {
    const { config } = context.setup;
    return config.providers.flatMap((provider) => {
      const preset = provider.id ? context.presets.get(provider.id) : undefined;
      if (!provider.id || !preset || (preset.kind !== "oauth" && preset.kind !== "oidc")) return [];
      const prefix = envPrefix(provider.id);
      const wanted = [
        [`${prefix}_ID`, provider.options.clientId],
        [`${prefix}_SECRET`, provider.options.clientSecret],
        ...(preset.needsIssuer ? [[`${prefix}_ISSUER`, provider.options.issuer] as const] : []),
      ] as const;
      const missing = wanted
        .filter(([key, inCode]) => !inCode && !context.env.get(key)?.value)
        .map(([key]) => key);
      if (!missing.length) return [];
      const playground =
        playgroundOn(context.env.get("AUTH_PLAYGROUND")?.value) &&
        context.env.get("NODE_ENV")?.value !== "production";
      return [
        {
          file: config.file,
          line: provider.line,
          message: `${provider.id} needs ${missing.join(", ")}, which ${missing.length === 1 ? "is" : "are"} not set in ${context.envFile} or the environment.`,
          why: playground
            ? "The sign-in playground (AUTH_PLAYGROUND) stands in for it in development only: wherever the playground is off, production included, the provider cannot start a sign-in and users see the Configuration error page."
            : "Without them the provider cannot start a sign-in: users see the Configuration error page.",
          fix: `Create an app at ${preset.console ?? "the provider's console"}, then set ${missing.join(", ")} in ${context.envFile} (and where you deploy).`,
        },
      ];
    });
  },
};
