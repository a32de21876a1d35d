import type { Rule } from "../../../check/types.js";

/**
 * Hono: trusting the host (what a proxy set-up does) without AUTH_URL. The Hono adapter has no
 * trust-proxy setting and never reads `X-Forwarded-*`, so behind a proxy the origin is the
 * proxy's request to the app: plain HTTP, maybe an internal host.
 */
export const honoAuthUrlBehindProxy: Rule = {
  id: "hono-auth-url-behind-proxy",
  severity: "warning",
  summary: "Hono behind a proxy (the host is trusted) without AUTH_URL.",
  check(context) {
    if (context.env.get("AUTH_URL")?.value) return [];
    const fromEnv = context.env.get("AUTH_TRUST_HOST");
    const fromConfig = context.setup.config.trustHost;
    const trusted =
      fromConfig?.value === true
        ? { file: context.setup.config.file, line: fromConfig.line, what: "trustHost: true" }
        : fromEnv && /^(true|1|yes|on)$/i.test(fromEnv.value.trim())
          ? { file: fromEnv.file, line: fromEnv.line, what: `AUTH_TRUST_HOST=${fromEnv.value}` }
          : undefined;
    if (!trusted) return [];
    return [
      {
        file: trusted.file,
        line: trusted.line,
        message: `${trusted.what} says the app runs behind a proxy, but AUTH_URL is not set.`,
        why: "Hono has no trust-proxy setting and the runtime never reads X-Forwarded-* headers, so the origin is that of the proxy's request to the app: http:// links and callback URLs (a provider's redirect_uri mismatch), and cookies without the __Host- prefix behind an HTTPS proxy.",
        fix: "Set AUTH_URL to the public URL of the endpoints (https://app.example.com/auth) in the deployment's environment.",
      },
    ];
  },
};
