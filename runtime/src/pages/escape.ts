/**
 * HTML escaping for the built-in pages. Every interpolated value goes through `escapeHtml`,
 * whether it lands in text or in a double-quoted attribute.
 *
 * @module pages/escape
 */

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Characters the HTML parser reports as errors in the input stream (NUL and other controls,
 * lone surrogates, noncharacters). They are replaced so a hostile value cannot make the page
 * malformed. https://html.spec.whatwg.org/multipage/parsing.html#preprocessing-the-input-stream
 */
const unparseable = /(?![\t\n\f\r])[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/gu;

/**
 * Escapes `& < > " '` so `value` is inert both as element text and inside a double-quoted
 * attribute, and replaces characters the HTML parser rejects with U+FFFD.
 * https://html.spec.whatwg.org/multipage/syntax.html#attributes-2
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(unparseable, "\uFFFD")
    .replace(/[&<>"']/g, (char) => entities[char]!);
}
