import type { Rule } from "../types.js";

export const httpsWithoutTrustProxy: Rule = {
  id: "https-without-trust-proxy",
  severity: "warning",
  summary: "AUTH_URL is https but Express does not trust the proxy in front of it.",
  check(context) {
    if (context.framework.framework !== "express") return [];
    const url = context.env.get("AUTH_URL");
    if (!url?.value.startsWith("https://")) return [];
    const trust = context.setup.trustProxy;
    if (trust && trust.value !== false) return [];
    return [
      {
        file: trust?.file ?? url.file,
        line: trust?.line ?? url.line,
        message: `AUTH_URL is ${url.value}, but Express has no \`app.set("trust proxy", …)\`${trust ? " (it is disabled)" : ""}.`,
        why: "HTTPS usually ends at a proxy, so Express sees plain HTTP: req.protocol, req.secure and req.ip describe the proxy, and code or libraries that decide cookie security from them (Auth.js's getSession does) disagree with the runtime, which goes by AUTH_URL.",
        fix: 'Add `app.set("trust proxy", 1)` (the number of proxies in front of the app) after `express()`.',
      },
    ];
  },
};
