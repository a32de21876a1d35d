/**
 * Magic-link sign-in by email, sent through Resend's HTTP API. Auth.js's `Resend` provider:
 * same id, options and environment (`AUTH_RESEND_KEY`).
 *
 * @module providers/resend
 */
import { type HttpEmailUserConfig, type HttpSender, httpEmailPreset } from "./http-email.js";
import type { EmailConfig } from "./types.js";

export type { HttpEmailUserConfig as ResendUserConfig };

// POST https://api.resend.com/emails, `Authorization: Bearer <key>`, a JSON body with `from`
// ("Name <address>" allowed), `to`, `subject`, `html`, `text`. It answers 200 with the mail's
// `id`; a refusal is a 4xx (e.g. 400 bad fields, 401 no key, 403 a wrong key or no
// `User-Agent`, 429 too many) or a 5xx. The `User-Agent` is set for every sender (http-email.ts).
// https://resend.com/docs/api-reference/emails/send-email (body fields, answer)
// https://resend.com/docs/api-reference/introduction (base URL, header, status codes)
const sender: HttpSender = {
  id: "resend",
  name: "Resend",
  needsFrom: true,
  build: ({ from, to, subject, text, html }, provider) => ({
    url: "https://api.resend.com/emails",
    headers: { authorization: `Bearer ${provider.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ from, to, subject, html, text }),
  }),
};

/**
 * Sends sign-in links with Resend. `apiKey` defaults to `AUTH_RESEND_KEY`, `from` to
 * `AUTH_EMAIL_FROM` (an address of a domain verified with Resend). Needs an adapter.
 *
 * @example
 * ```ts
 * Resend({ from: "Acme <auth@acme.example>" })
 * ```
 */
export default function Resend(config: HttpEmailUserConfig = {}): EmailConfig {
  return httpEmailPreset(sender, config);
}
