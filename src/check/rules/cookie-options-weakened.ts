import type { Node } from "../../syntax/ts-morph.js";
import { propertyValue } from "../../syntax/values.js";
import { booleanValue, configSyntax, objectOf, stringValue } from "../config-syntax.js";
import type { Rule } from "../types.js";

/** One weakened attribute of one cookie, as the finding describes it. */
interface Weakening {
  node: Node;
  message: string;
  why: string;
  fix: string;
}

/**
 * `cookies: { <name>: { options: { … } } }` overrides that drop `httpOnly` or `secure`, or set
 * `sameSite: "none"` without `secure`. An error: each exposes or loses the auth cookies.
 * Values computed in code (`secure: isProduction`) are not judged.
 */
export const cookieOptionsWeakened: Rule = {
  id: "cookie-options-weakened",
  severity: "error",
  summary:
    'A cookie override without `httpOnly` or `secure`, or with `sameSite: "none"` and no `secure`.',
  check(context) {
    const syntax = configSyntax(context);
    const cookies = syntax && objectOf(propertyValue(syntax.object, "cookies"));
    if (!cookies) return [];
    const found: Weakening[] = [];
    for (const property of cookies.getProperties()) {
      if (!("getName" in property)) continue;
      const name = property.getName();
      const cookie = objectOf(propertyValue(cookies, name));
      const options = cookie && objectOf(propertyValue(cookie, "options"));
      if (!options) continue;
      const httpOnly = propertyValue(options, "httpOnly");
      const secure = propertyValue(options, "secure");
      const sameSite = propertyValue(options, "sameSite");
      if (httpOnly && booleanValue(httpOnly) === false)
        found.push({
          node: httpOnly,
          message: `The ${name} cookie is readable by the page's scripts (httpOnly: false).`,
          why: "Any script on the site (an XSS, a compromised dependency) can read it and send it elsewhere: for sessionToken, the session itself.",
          fix: "Remove httpOnly: false (the runtime sets httpOnly on every auth cookie). Read the session from /auth/session instead.",
        });
      if (secure && booleanValue(secure) === false)
        found.push({
          node: secure,
          message: `The ${name} cookie is sent over plain HTTP too (secure: false), in production as well.`,
          why: "A literal false applies to every deployment: one http:// request to the host exposes the cookie on the network.",
          fix: "Remove secure: false: the runtime sets Secure from AUTH_URL (https in production, off on http://localhost).",
        });
      if (
        sameSite &&
        stringValue(sameSite)?.toLowerCase() === "none" &&
        booleanValue(secure) !== true
      )
        found.push({
          node: sameSite,
          message: `The ${name} cookie has sameSite: "none" without secure: true.`,
          why: "Browsers reject SameSite=None cookies that are not Secure, so the cookie is never set and sign-in fails; where one is kept, it is sent with every cross-site request.",
          fix: 'Use sameSite: "lax" (the default), or add secure: true if the app really is embedded cross-site over HTTPS.',
        });
    }
    return found.map(({ node, ...rest }) => ({
      file: context.setup.config.file,
      line: node.getStartLineNumber(),
      ...rest,
    }));
  },
};
