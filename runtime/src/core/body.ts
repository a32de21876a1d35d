/**
 * Request bodies: which content types are read, how a body is parsed, and how one an app's own
 * parser already produced (`express.json()`, a Fastify content-type parser) is judged, without
 * ever serialising untrusted data (`JSON.stringify` of a deeply nested object overflows the
 * stack and escapes every guard as a `RangeError`).
 */
import { parseForm } from "./form-parameters.js";

/** Largest request body accepted (forms and JSON of the auth endpoints are tiny). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Deepest nesting accepted in a JSON body (`POST /session`'s `data` is the only nested one). */
export const MAX_BODY_DEPTH = 32;

/** The kinds of body the endpoints read: a form, or JSON (the client's `signIn`, `update`). */
export type BodyKind = "form" | "json";

/**
 * The kind of body a `Content-Type` announces, judged by its media type alone (RFC 9110
 * §8.3.1: `type/subtype`, case-insensitive, parameters after `;` ignored): `text/plain` — which
 * a cross-site form may send without a preflight — is neither, whatever its parameters say.
 */
export function bodyKind(contentType: string | null | undefined): BodyKind | undefined {
  if (!contentType) return undefined;
  const semicolon = contentType.indexOf(";");
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon))
    .trim()
    .toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "application/json") return "json";
  return undefined;
}

/** Why a body is refused: 400 (not an object, too deep, unreadable) or 413 (too large). */
export type BodyRefusal = 400 | 413;

/**
 * Parses a form or JSON body into a flat object: `undefined` for no body or a content type the
 * endpoints do not read, a refusal for a malformed, non-object or too deeply nested one.
 */
export function parseBody(
  contentType: string | null | undefined,
  text: string,
): Record<string, unknown> | undefined | BodyRefusal {
  const kind = bodyKind(contentType);
  if (!kind || text === "") return undefined;
  if (kind === "form") return parseForm(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 400;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return 400;
  return measureBody(value) ?? (value as Record<string, unknown>);
}

/**
 * A body an app-level parser already produced: used as it is when its content type is one the
 * endpoints read and it is a plain object within the size and depth bounds (measured by a
 * bounded walk, never serialised); `undefined` for another content type (an app that parses
 * `text/plain` as JSON does not make it a JSON body here); a refusal otherwise.
 */
export function parsedBody(
  contentType: string | null | undefined,
  value: unknown,
): Record<string, unknown> | undefined | BodyRefusal {
  if (value === undefined || value === null) return undefined;
  if (!bodyKind(contentType)) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) return 400;
  return measureBody(value) ?? (value as Record<string, unknown>);
}

/**
 * Walks a parsed body (iteratively, so depth costs no stack) and refuses it when its JSON form
 * would pass {@link MAX_BODY_BYTES} (413) or it nests past {@link MAX_BODY_DEPTH}, repeats an
 * object, or cannot be read (400). Stops at the first bound crossed: the cost is bounded by the
 * limits, not by the input.
 */
export function measureBody(root: object): BodyRefusal | undefined {
  const stack: [unknown, number][] = [[root, 1]];
  const seen = new Set<object>();
  let size = 0;
  try {
    while (stack.length > 0) {
      const [value, depth] = stack.pop()!;
      if (typeof value === "string") size += value.length + 2;
      else if (value === null || typeof value !== "object") size += String(value).length;
      else {
        if (depth > MAX_BODY_DEPTH || seen.has(value)) return 400;
        seen.add(value);
        size += 2;
        for (const key of Object.keys(value)) {
          size += key.length + 4;
          if (size > MAX_BODY_BYTES) return 413;
          stack.push([(value as Record<string, unknown>)[key], depth + 1]);
        }
      }
      if (size > MAX_BODY_BYTES) return 413;
    }
  } catch {
    // A getter or proxy that throws: not a body a parser made.
    return 400;
  }
  return undefined;
}
