/**
 * Headers for the built-in pages: nothing loads but inline styles and images, no framing, no
 * sniffing, no referrer (ASVS 3.4; RFC 9700 §4.2.4 for pages reached from a callback).
 */
export const htmlHeaders: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'none'; base-uri 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};

/** Redirects may carry codes or tokens in the URL they leave: never leak it as a referrer. */
export const redirectHeaders: Record<string, string> = {
  "referrer-policy": "no-referrer",
};
