/**
 * Headers for the built-in pages: nothing loads but inline styles and images, no framing, no
 * sniffing, no referrer (ASVS 3.4; RFC 9700 §4.2.4 for pages reached from a callback), and never
 * stored by a cache: the sign-in and sign-out forms hold the browser's CSRF token, which a
 * shared cache would hand to the next visitor (also when no cookie is set on that response).
 */
export const htmlHeaders: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
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

/**
 * The HTML headers for a page that runs one same-origin script (the sign-in page's passkey
 * form): the same policy, plus exactly that script and `fetch` to the `connect` URL prefix.
 */
export function scriptPageHeaders(scriptUrl: string, connect: string): Record<string, string> {
  return {
    ...htmlHeaders,
    "content-security-policy": `${htmlHeaders["content-security-policy"]}; script-src ${scriptUrl}; connect-src ${connect}`,
  };
}
