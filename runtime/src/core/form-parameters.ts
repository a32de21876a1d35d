/**
 * The request body as the client sent it, for the one reader that must see every field as sent:
 * an OAuth `form_post` callback. The flat body object (last duplicate wins, as Auth.js) hides a
 * repeated `code` or `state`, which RFC 6749 §3.1 forbids and oauth4webapi refuses
 * ("parameter must be provided only once"), so the parsed form is kept beside it.
 */
const forms = new WeakMap<object, URLSearchParams>();

/** Parses an `application/x-www-form-urlencoded` body into the flat object handlers read. */
export function parseForm(text: string): Record<string, string> {
  const params = new URLSearchParams(text);
  const body = Object.fromEntries(params);
  forms.set(body, params);
  return body;
}

/**
 * Every field of a body, duplicates included: the form {@link parseForm} read, or, for a body an
 * app-level parser produced (Express's `urlencoded()` turns a repeated field into an array),
 * its string values and string array items. Other values are not form fields and are left out.
 */
export function formParameters(body: Record<string, unknown> | undefined): URLSearchParams {
  if (!body) return new URLSearchParams();
  const parsed = forms.get(body);
  if (parsed) return new URLSearchParams(parsed);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string") params.append(key, value);
    else if (Array.isArray(value)) {
      for (const item of value) if (typeof item === "string") params.append(key, item);
    }
  }
  return params;
}
