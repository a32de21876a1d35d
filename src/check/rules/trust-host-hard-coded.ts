import type { Rule } from "../types.js";

/**
 * `trustHost: true` written in the configuration, with no AUTH_URL. A warning: behind a proxy
 * that rewrites the forwarded headers it is right, but the code cannot say whether one is there
 * on every deployment. Hono has its own rule for this (the adapter never reads X-Forwarded-*).
 */
export const trustHostHardCoded: Rule = {
  id: "trust-host-hard-coded",
  severity: "warning",
  summary: "`trustHost: true` written in the configuration, without AUTH_URL.",
  check(context) {
    const { config } = context.setup;
    if (config.trustHost?.value !== true || context.framework.framework === "hono") return [];
    if (context.env.get("AUTH_URL")?.value) return [];
    return [
      {
        file: config.file,
        line: config.trustHost.line,
        message:
          "trustHost: true is committed: every deployment takes its origin from the request's Host and X-Forwarded-Host headers.",
        why: "The setting says a proxy you control sets those headers. Where none does (a preview, a container reached directly), a client chooses the host that sign-in links, magic-link emails and callback URLs are built with.",
        fix: "Remove trustHost and set AUTH_URL to the public URL in each deployment's environment (or AUTH_TRUST_HOST=true only where a proxy sets the headers).",
      },
    ];
  },
};
