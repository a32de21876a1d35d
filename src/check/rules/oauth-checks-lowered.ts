import { providers } from "../../catalog/providers.js";
import { Node } from "../../syntax/ts-morph.js";
import { propertyValue } from "../../syntax/values.js";
import { configSyntax, stringValue } from "../config-syntax.js";
import type { Rule } from "../types.js";

/**
 * The checks each preset of the runtime sends, from the provider catalogue (each
 * runtime/src/providers/<id>.ts `catalogue.checks`): every other OAuth or OIDC provider gets
 * `["pkce"]`, the runtime's default.
 */
export const PRESET_CHECKS: Record<string, string[]> = Object.fromEntries(
  providers.flatMap((provider) => (provider.checks ? [[provider.id, provider.checks]] : [])),
);

/** What each check stops, for the finding. */
const GUARDS: Record<string, string> = {
  pkce: "pkce (a stolen authorization code redeemed by someone else)",
  state: "state (a sign-in CSRF: the victim lands in the attacker's account)",
};

/**
 * `checks` lowered on an OAuth/OIDC provider: `["none"]`, `[]`, or a list without the `pkce` or
 * `state` its preset sends (a provider written by hand: only `["none"]` or `[]`). An error: the callback then accepts a code it cannot tie to the
 * browser that started the sign-in.
 */
export const oauthChecksLowered: Rule = {
  id: "oauth-checks-lowered",
  severity: "error",
  summary: "`checks` on an OAuth provider set to none, empty, or without the preset's pkce/state.",
  check(context) {
    const syntax = configSyntax(context);
    if (!syntax) return [];
    return syntax.providers.flatMap(({ info, options }) => {
      const value = options && propertyValue(options, "checks");
      if (!Node.isArrayLiteralExpression(value)) return [];
      const preset = info?.id ? context.presets.get(info.id) : undefined;
      const type = options && stringValue(propertyValue(options, "type"));
      const oauth = preset
        ? preset.kind === "oauth" || preset.kind === "oidc"
        : type === "oauth" || type === "oidc";
      if (!oauth) return [];
      const written = value.getElements().map((element) => stringValue(element));
      if (written.some((check) => check === undefined)) return [];
      // A preset's checks are known to work with its provider; a provider written by hand may
      // not support PKCE, so there only an empty list or "none" counts as lowered.
      const expected = preset ? (PRESET_CHECKS[preset.id] ?? ["pkce"]) : ["pkce"];
      const dropped = preset
        ? expected.filter((check) => check in GUARDS && !written.includes(check))
        : [];
      const none = written.length === 0 || written.includes("none");
      if (!none && dropped.length === 0) return [];
      const lost = (none ? expected.filter((check) => check in GUARDS) : dropped).map(
        (check) => GUARDS[check],
      );
      const name = info?.id ?? "An OAuth provider";
      return [
        {
          file: context.setup.config.file,
          line: value.getStartLineNumber(),
          message: `${name} signs in with checks: ${value.getText()}${written.length === 0 ? " (Auth.js sends no check at all; this runtime falls back to pkce)" : ""}.`,
          why: `The callback accepts an authorization code without tying it to the browser that started the sign-in. Lost: ${lost.join("; ") || "every check"}.`,
          fix: `Remove checks (the preset's ${JSON.stringify(expected)} apply), or keep ${expected.map((check) => `"${check}"`).join(" and ")} in the list.`,
        },
      ];
    });
  },
};
