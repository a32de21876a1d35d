/**
 * Email identifiers for magic links. Stricter than Auth.js's normaliser (reference §4.4): the
 * input must be exactly one plain address, never a list, a display name, a quoted local part
 * or something that only becomes an address after Unicode normalisation.
 */

const MAX_LENGTH = 254;
// RFC 5322 "atext" plus dots; no quotes, no spaces, no angle brackets or parentheses.
const localPart = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const domainLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
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
  let domain: string;
  try {
    domain = new URL(`http://${rawDomain}`).hostname;
  } catch {
    throw new InvalidEmailAddress("Invalid domain");
  }
  if (!domain.split(".").every((label) => domainLabel.test(label))) {
    throw new InvalidEmailAddress("Invalid domain");
  }
  return `${local}@${domain}`;
}
