/**
 * URL checks for `href`, `action` and `src`: only http(s) URLs (and `data:image/` for images)
 * reach the page, so a configured or injected `javascript:` URL never does.
 *
 * @module pages/url
 */

function parse(value: unknown): URL | undefined {
  if (typeof value !== "string") return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The URL, normalised, when it is absolute http(s); otherwise `undefined`. */
export function safeHttpUrl(value: unknown): string | undefined {
  const url = parse(value);
  return url && (url.protocol === "https:" || url.protocol === "http:") ? url.href : undefined;
}

/**
 * An image URL: absolute http(s), or a `data:image/…` URL (scripts never run in an `<img>`,
 * SVG included); otherwise `undefined`.
 */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value === "string" && /^data:image\/[a-z0-9.+-]+[;,]/i.test(value.trim())) {
    return value.trim();
  }
  return safeHttpUrl(value);
}

/** `host` (with port) of an http(s) URL, for link text such as "app.example.com". */
export function hostOf(value: unknown): string | undefined {
  const href = safeHttpUrl(value);
  return href ? new URL(href).host : undefined;
}
