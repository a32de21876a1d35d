import { booleanValue, configSyntax } from "../config-syntax.js";
import type { Rule } from "../types.js";

/**
 * `allowDangerousEmailAccountLinking: true` on a provider. A warning, not an error: with a
 * provider that verifies every address it is a deliberate choice the rule cannot judge.
 */
export const emailAccountLinking: Rule = {
  id: "email-account-linking",
  severity: "warning",
  summary: "`allowDangerousEmailAccountLinking: true` on a provider.",
  check(context) {
    const syntax = configSyntax(context);
    if (!syntax) return [];
    return syntax.providers.flatMap(({ info, options }) => {
      const property = options?.getProperty("allowDangerousEmailAccountLinking");
      if (!property || !("getInitializer" in property)) return [];
      if (booleanValue(property.getInitializer()) !== true) return [];
      const name = info?.id ?? "a provider";
      return [
        {
          file: context.setup.config.file,
          line: property.getStartLineNumber(),
          message: `${name} signs people in to any existing account with the same email address.`,
          why: "The account is linked without the owner signing in first: whoever holds that address at this provider, or controls an account there whose email it never verified, takes over the user's account.",
          fix: "Remove allowDangerousEmailAccountLinking unless this provider verifies every address it reports (and you trust it with every account); otherwise let signed-in users link accounts themselves.",
        },
      ];
    });
  },
};
