import { booleanValue, configSyntax } from "../config-syntax.js";
import type { Rule } from "../types.js";

/**
 * `useSecureCookies: false` while AUTH_URL is https. An error: the session cookie loses its
 * Secure flag and prefix on a site that is meant to be HTTPS-only.
 */
export const secureCookiesOff: Rule = {
  id: "secure-cookies-off",
  severity: "error",
  summary: "`useSecureCookies: false` while AUTH_URL is https.",
  check(context) {
    const url = context.env.get("AUTH_URL");
    if (!url?.value.trim().toLowerCase().startsWith("https://")) return [];
    const property = configSyntax(context)?.object.getProperty("useSecureCookies");
    if (!property || !("getInitializer" in property)) return [];
    if (booleanValue(property.getInitializer()) !== false) return [];
    return [
      {
        file: context.setup.config.file,
        line: property.getStartLineNumber(),
        message: `useSecureCookies: false, but AUTH_URL is ${url.value}.`,
        why: "The session and CSRF cookies lose the Secure flag and the __Secure-/__Host- prefixes: the browser sends them over plain HTTP too, so one http:// request to the host (a link, a network without HSTS) exposes the session.",
        fix: "Remove useSecureCookies: the runtime sets it from AUTH_URL (on for https, off for http://localhost). Users sign in again once, as the cookie names change.",
      },
    ];
  },
};
