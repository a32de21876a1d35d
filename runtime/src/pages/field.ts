/**
 * Labelled `<input>`s for configured form fields (credentials, WebAuthn `formFields`). The
 * configuration is the developer's, but it still goes through a filter: attribute names must be
 * plain, event handlers and form-redirecting attributes are dropped, values are escaped.
 *
 * @module pages/field
 */
import type { CredentialInput } from "../providers/types.js";
import { escapeHtml } from "./escape.js";
import { safeImageUrl } from "./url.js";

const attributeName = /^[a-zA-Z][a-zA-Z0-9-]*$/;

/**
 * Set by the page itself (`name`, `id`, `type`, `data-form-field`), used as the label text, or
 * able to send the form somewhere else (`form`, `formaction`, …).
 */
const reserved = new Set([
  "label",
  "name",
  "id",
  "type",
  "data-form-field",
  "form",
  "formaction",
  "formenctype",
  "formmethod",
  "formnovalidate",
  "formtarget",
]);

/** One attribute: bare for `true`, quoted for a string or number (`src` must be an image URL). */
function renderAttribute(name: string, value: unknown): string {
  if (value === true) return ` ${name}`;
  if (typeof value !== "string" && typeof value !== "number") return "";
  const text = name === "src" ? safeImageUrl(value) : String(value);
  return text === undefined ? "" : ` ${name}="${escapeHtml(text)}"`;
}

/**
 * The configured attributes worth rendering. Names are lower-cased, so React-style
 * `autoComplete` works and `Required`/`required` cannot both appear (the first one counts);
 * `false`, `null`, `undefined` and non-scalar values are skipped.
 */
function configuredAttributes(input: CredentialInput): string {
  const seen = new Set<string>();
  let html = "";
  for (const [key, value] of Object.entries(input)) {
    const name = key.toLowerCase();
    if (!attributeName.test(key) || name.startsWith("on") || reserved.has(name)) continue;
    const attribute = seen.has(name) ? "" : renderAttribute(name, value);
    if (attribute) seen.add(name);
    html += attribute;
  }
  return html;
}

/**
 * A label and an input for the form field `key` of provider `providerId`:
 * `id="input-<key>-for-<providerId>-provider"`, `name=<key>`, `type` default `"text"`, label
 * default `key`. `formField` adds `data-form-field` (WebAuthn forms).
 */
export function renderField(
  providerId: string,
  key: string,
  config: CredentialInput,
  formField = false,
): string {
  const input: CredentialInput = typeof config === "object" && config !== null ? config : {};
  const id = escapeHtml(`input-${key}-for-${providerId}-provider`);
  const label = typeof input.label === "string" ? input.label : key;
  const type = typeof input.type === "string" && input.type ? input.type : "text";
  return (
    `<div class="field"><label for="${id}">${escapeHtml(label)}</label>` +
    `<input name="${escapeHtml(key)}" id="${id}" type="${escapeHtml(type)}"` +
    `${formField ? " data-form-field" : ""}${configuredAttributes(input)}></div>`
  );
}
