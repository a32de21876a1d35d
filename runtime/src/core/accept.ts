/**
 * The `Accept` header (RFC 9110 §12.5.1), parsed as far as deciding between a page and JSON
 * needs: media ranges with their parameters and weight. Small and dependency-free; its answers
 * are tested against `negotiator` (what Express's `req.accepts` uses) on generated headers.
 */

interface MediaRange {
  type: string;
  subtype: string;
  params: Record<string, string>;
  q: number;
}

/** Splits `text` on `separator` outside quoted strings. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === "\\" && quoted) i++;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const rangePattern = /^\s*([^\s/;]+)\/([^;\s]+)\s*$/;

function parseRange(text: string): MediaRange | undefined {
  const [head = "", ...rest] = splitOutsideQuotes(text, ";");
  const match = rangePattern.exec(head);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  let q = 1;
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    }
    // Parameters after the weight are accept extensions, not part of the range.
    if (key === "q") {
      q = Number.parseFloat(value);
      break;
    }
    params[key] = value;
  }
  return { type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), params, q };
}

/** The media ranges of an `Accept` header, in order; malformed ones are skipped. */
export function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const part of splitOutsideQuotes(accept, ",")) {
    const range = parseRange(part);
    if (range) ranges.push(range);
  }
  return ranges;
}

/**
 * The weight the client gives `mediaType` (`type/subtype`, no parameters): that of the most
 * specific range matching it (`text/html` before `text/*` before `*\/*`; a range with parameters
 * matches only a type with the same ones), the highest weight among equally specific ones, 0
 * when none matches.
 */
export function acceptWeight(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.toLowerCase().split("/") as [string, string];
  let best = { specificity: -1, q: 0 };
  for (const range of ranges) {
    let specificity = 0;
    if (range.type === type) specificity |= 4;
    else if (range.type !== "*") continue;
    if (range.subtype === subtype) specificity |= 2;
    else if (range.subtype !== "*") continue;
    const keys = Object.keys(range.params);
    if (keys.length > 0) {
      // The type has no parameters: only a range whose parameters are all wildcards matches.
      if (!keys.every((key) => range.params[key] === "*")) continue;
      specificity |= 1;
    }
    const q = Number.isNaN(range.q) ? 0 : range.q;
    if (specificity > best.specificity || (specificity === best.specificity && q > best.q)) {
      best = { specificity, q };
    }
  }
  return best.q;
}

/**
 * The weight of JSON among the ranges the client names explicitly: `application/json` and any
 * `application/*+json` (`problem+json`). Wildcards do not count: `*\/*` is what a browser's
 * fetch sends by default, not a request for JSON.
 */
export function explicitJsonWeight(ranges: readonly MediaRange[]): number {
  let q = 0;
  for (const range of ranges) {
    const json = range.subtype === "json" || range.subtype.endsWith("+json");
    if (range.type === "application" && json && !Number.isNaN(range.q)) q = Math.max(q, range.q);
  }
  return q;
}
