/**
 * Email identifiers for magic links. Stricter than Auth.js's normaliser (reference §4.4): the
 * input must be exactly one plain address, never a list, a display name, a quoted local part
 * or something that only becomes an address after Unicode normalisation.
 */

const MAX_LENGTH = 254;
// RFC 5322 "atext" plus dots; no quotes, no spaces, no angle brackets or parentheses.
const localPart = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const domainLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
// What WHATWG URL's "ends in a number" reads as an IPv4 part: decimal, or 0x-prefixed hex.
const numericLabel = /^(?:\d+|0x[0-9a-f]*)$/;
const asciiLabel = /^[a-z0-9-]*$/;
// Characters that NFKC folds into "@": full-width (U+FF20) and small (U+FE6B) commercial at.
const atLookalikes = /[\uFF20\uFE6B]/;

/** Why an address was refused, for logs (never shown to the user verbatim). */
export class InvalidEmailAddress extends Error {
  override name = "InvalidEmailAddress";
}

/**
 * Returns the canonical form of one email address (Unicode NFKC, trimmed, lower-cased,
 * IDN domains in punycode) or throws {@link InvalidEmailAddress}.
 */
export function normalizeEmailAddress(input: unknown): string {
  if (typeof input !== "string" || input.trim() === "") {
    throw new InvalidEmailAddress("Missing email address");
  }
  if (atLookalikes.test(input)) throw new InvalidEmailAddress("Look-alike @ in email address");
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code < 0x20 || code === 0x7f)
      throw new InvalidEmailAddress("Control character in email address");
  }
  const value = input.normalize("NFKC").trim().toLowerCase();
  if (value.length > MAX_LENGTH) throw new InvalidEmailAddress("Email address is too long");
  const at = value.indexOf("@");
  if (at <= 0 || at !== value.lastIndexOf("@") || at === value.length - 1) {
    throw new InvalidEmailAddress("An email address has exactly one @ between two non-empty parts");
  }
  const local = value.slice(0, at);
  if (local.length > 64 || !localPart.test(local)) {
    throw new InvalidEmailAddress("Unsupported characters before the @");
  }
  const rawDomain = value.slice(at + 1);
  // Letters, digits, dots and hyphens only: no ports, paths, brackets or userinfo tricks.
  if (!/^[\p{L}\p{N}.-]+$/u.test(rawDomain)) throw new InvalidEmailAddress("Invalid domain");
  // The URL parser reads a host whose last label is a number as an IPv4 address in any of its
  // forms (`2130706433`, `0x7f.1`, `123` all become an address), so two inputs would be one
  // identity and mail could go to internal hosts. No top-level domain is numeric.
  const labels = rawDomain.split(".");
  if (numericLabel.test(labels.at(-1)!)) {
    throw new InvalidEmailAddress("IP addresses and numeric domains are not mail domains");
  }
  let domain: string;
  try {
    domain = new URL(`http://${rawDomain}`).hostname;
  } catch {
    throw new InvalidEmailAddress("Invalid domain");
  }
  if (!sameDomain(labels, domain.split("."))) throw new InvalidEmailAddress("Invalid domain");
  return `${local}@${domain}`;
}

/**
 * Whether the URL parser kept the domain as written, up to punycode: ASCII labels unchanged,
 * the others encoded (`xn--`). Anything it rewrote more than that names a different host.
 */
function sameDomain(written: string[], parsed: string[]): boolean {
  if (written.length !== parsed.length) return false;
  return written.every((label, i) => {
    const result = parsed[i]!;
    if (!domainLabel.test(result)) return false;
    return asciiLabel.test(label) ? result === label : result.startsWith("xn--");
  });
}
