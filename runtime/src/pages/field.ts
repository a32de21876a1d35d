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
  // The page focuses its own first field, once.
  "autofocus",
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

/** The configured value of attribute `name` (any letter case; the first one counts). */
function configuredValue(input: CredentialInput, name: string): unknown {
  return Object.entries(input).find(([key]) => key.toLowerCase() === name)?.[1];
}

/**
 * The `autocomplete` a sign-in field gets when its configuration sets none, so password
 * managers fill it: `current-password` for a password, `username` for the identifier (a field
 * named `username`, `email`, `login` or `user`, or of type `email`), otherwise none.
 * https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill
 */
export function defaultAutocomplete(
  key: string,
  config: CredentialInput,
): "current-password" | "username" | undefined {
  const input: CredentialInput = typeof config === "object" && config !== null ? config : {};
  const type = typeof input.type === "string" ? input.type.toLowerCase() : "text";
  if (type === "password") return "current-password";
  if (type === "email" || /^(username|email|login|user)$/i.test(key)) return "username";
  return undefined;
}

/** How the page wants one field drawn, besides its configuration. */
export interface FieldOptions {
  /** WebAuthn forms: `data-form-field`, and no `required` (a passkey needs no typed value). */
  formField?: boolean;
  /** The page's first field gets `autofocus`. */
  autofocus?: boolean;
  /** Replaces the label text (the page keeps labels distinct). */
  label?: string | undefined;
  /** A value to put back (the username of a refused attempt); never used for a password. */
  value?: string | undefined;
}

/** The label text a field shows: its configured `label`, else its key. */
export function fieldLabel(key: string, config: CredentialInput): string {
  return typeof config === "object" && config !== null && typeof config.label === "string"
    ? config.label
    : key;
}

/**
 * A label and an input for the form field `key` of provider `providerId`:
 * `id="input-<key>-for-<providerId>-provider"`, `name=<key>`, `type` default `"text"`, label
 * default `key`. Unless configured otherwise, a field is `required` (not in WebAuthn forms) and
 * gets the {@link defaultAutocomplete}.
 */
export function renderField(
  providerId: string,
  key: string,
  config: CredentialInput,
  options: FieldOptions = {},
): string {
  const input: CredentialInput = typeof config === "object" && config !== null ? config : {};
  const id = escapeHtml(`input-${key}-for-${providerId}-provider`);
  const label = options.label ?? fieldLabel(key, input);
  const type = typeof input.type === "string" && input.type ? input.type : "text";
  const configured = configuredAttributes(input);
  const autocomplete = defaultAutocomplete(key, input);
  const extra =
    (options.formField ? " data-form-field" : "") +
    (autocomplete && configuredValue(input, "autocomplete") === undefined
      ? ` autocomplete="${autocomplete}"`
      : "") +
    (!options.formField && configuredValue(input, "required") === undefined ? " required" : "") +
    (options.value !== undefined &&
    type.toLowerCase() !== "password" &&
    configuredValue(input, "value") === undefined
      ? ` value="${escapeHtml(options.value)}"`
      : "") +
    (options.autofocus ? " autofocus" : "");
  return (
    `<div class="field"><label for="${id}">${escapeHtml(label)}</label>` +
    `<input name="${escapeHtml(key)}" id="${id}" type="${escapeHtml(type)}"${extra}${configured}></div>`
  );
}
