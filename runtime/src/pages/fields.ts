import type { CredentialInput } from "../providers/types.js";
import { escapeHtml } from "./escape.js";

const attributeName = /^[a-zA-Z][a-zA-Z0-9-]*$/;
// Set by the page itself, or meaningless on an input.
const reserved = new Set(["id", "name", "type", "label", "form", "formaction"]);

/** Configured input attributes, minus event handlers and anything that is not a plain name. */
function extraAttributes(input: CredentialInput): string {
  let html = "";
  for (const [key, value] of Object.entries(input)) {
    const name = key.toLowerCase();
    if (!attributeName.test(key) || name.startsWith("on") || reserved.has(name)) continue;
    if (value === true) html += ` ${name}`;
    else if (typeof value === "string" || typeof value === "number")
      html += ` ${name}="${escapeHtml(value)}"`;
  }
  return html;
}

/** One labelled `<input>` per configured field (credentials and WebAuthn forms). */
export function renderFields(
  providerId: string,
  fields: Record<string, CredentialInput>,
  extra = "",
): string {
  return Object.entries(fields)
    .map(([key, input]) => {
      const id = `input-${key}-for-${providerId}-provider`;
      const type =
        typeof input.type === "string" && attributeName.test(input.type) ? input.type : "text";
      return `<label for="${escapeHtml(id)}">${escapeHtml(input.label ?? key)}</label>
<input id="${escapeHtml(id)}" name="${escapeHtml(key)}" type="${type}"${extraAttributes(input)}${extra}>`;
    })
    .join("\n");
}

/** A hidden input. */
export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
