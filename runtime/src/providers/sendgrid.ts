/**
 * Magic-link sign-in by email, sent through SendGrid's v3 Mail Send API. Auth.js's `SendGrid`
 * provider: same id, options and environment (`AUTH_SENDGRID_KEY`).
 *
 * @module providers/sendgrid
 */
import {
  type HttpEmailUserConfig,
  type HttpSender,
  httpEmailPreset,
  parseAddress,
} from "./http-email.js";
import type { EmailConfig } from "./types.js";

export type { HttpEmailUserConfig as SendGridUserConfig };

// POST https://api.sendgrid.com/v3/mail/send, `Authorization: Bearer <key>`, JSON with
// `personalizations[].to[].email`, `from.email` (and `from.name`), `subject` and `content[]` of
// `{ type, value }` (`text/plain` first, then `text/html`). SendGrid answers 202 with no body
// when it takes the mail; a refusal is a 4xx or 5xx with `{ errors: [{ message, field }] }`.
// https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send (its OpenAPI source:
// https://github.com/twilio/sendgrid-oai, spec/yaml/tsg_mail_v3.yaml)
const sender: HttpSender = {
  id: "sendgrid",
  name: "SendGrid",
  needsFrom: true,
  build: ({ from, to, subject, text, html }, provider) => {
    // SendGrid takes the display name apart from the address (Auth.js sends `from` whole as
    // the address, which SendGrid refuses when it carries a name).
    const { name, address } = parseAddress(from);
    return {
      url: "https://api.sendgrid.com/v3/mail/send",
      headers: { authorization: `Bearer ${provider.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: to }] }],
        from: name ? { email: address, name } : { email: address },
        subject,
        content: [
          { type: "text/plain", value: text },
          { type: "text/html", value: html },
        ],
      }),
    };
  },
};

/**
 * Sends sign-in links with SendGrid. `apiKey` defaults to `AUTH_SENDGRID_KEY`, `from` to
 * `AUTH_EMAIL_FROM` (a verified sender). Needs an adapter.
 */
export default function SendGrid(config: HttpEmailUserConfig = {}): EmailConfig {
  return httpEmailPreset(sender, config);
}
