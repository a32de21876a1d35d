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
// `personalizations[].to[].email`, `from.email` (and `from.name`), `subject` and `content[]`
// (`text/plain` first, then `text/html`); SendGrid answers 202 when it takes the mail.
// https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send
// https://twilio.com/docs/sendgrid/for-developers/sending-email/v3-mail-send-faq
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
