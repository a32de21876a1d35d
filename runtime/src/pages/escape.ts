const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => escapes[c]!);
}

/** The URL when it is http(s), else undefined: keeps `javascript:` and friends out of links. */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An image source: http(s) or an inline `data:image/...` URL, else undefined. */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value === "string" && /^data:image\/(png|gif|jpeg|webp|svg\+xml);/i.test(value)) {
    return value;
  }
  return safeHttpUrl(value);
}

const colorFunction = /^(rgba?|hsla?|oklch|oklab|lab|lch|color)\([a-z0-9.,%/+\s-]*\)$/i;
const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const namedColor = /^[a-z]{3,20}$/i;

/**
 * The colour when it is a plain CSS colour (hex, keyword, or a colour function of numbers),
 * else undefined. Theme colours are written into a `<style>` element, so anything else could
 * close it.
 */
export function safeCssColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const color = value.trim();
  return hexColor.test(color) || namedColor.test(color) || colorFunction.test(color)
    ? color
    : undefined;
}
