/**
 * Magic-link sign-in by email, sent through Forward Email's HTTP API. Auth.js's `ForwardEmail`
 * provider: same id, options and environment (`AUTH_FORWARDEMAIL_KEY`).
 *
 * @module providers/forwardemail
 */
import {
  basicAuth,
  type HttpEmailUserConfig,
  type HttpSender,
  httpEmailPreset,
} from "./http-email.js";
import type { EmailConfig } from "./types.js";

export type { HttpEmailUserConfig as ForwardEmailUserConfig };

// POST https://api.forwardemail.net/v1/emails ("Create outbound SMTP email"), HTTP Basic with
// the API token as the user name and an empty password, a body with `from` (an alias of the
// domain), `to`, `subject`, `text`, `html` (Nodemailer's message fields). The page's examples
// post a URL-encoded form; the route also parses JSON (koa-bodyparser, routes/api/v1/index.js in
// https://github.com/forwardemail/forwardemail.net), which is what we send. It answers 200 with
// the queued email; a refusal is a 4xx or 5xx whose body says why.
// https://forwardemail.net/en/email-api (base URI, authentication, errors, the endpoint's fields)
const sender: HttpSender = {
  id: "forwardemail",
  name: "Forward Email",
  needsFrom: true,
  build: ({ from, to, subject, text, html }, provider) => ({
    url: "https://api.forwardemail.net/v1/emails",
    headers: { authorization: basicAuth(provider.apiKey!, ""), "content-type": "application/json" },
    body: JSON.stringify({ from, to, subject, html, text }),
  }),
};

/**
 * Sends sign-in links with Forward Email. `apiKey` defaults to `AUTH_FORWARDEMAIL_KEY`, `from`
 * to `AUTH_EMAIL_FROM`. Needs an adapter.
 */
export default function ForwardEmail(config: HttpEmailUserConfig = {}): EmailConfig {
  return httpEmailPreset(sender, config);
}
