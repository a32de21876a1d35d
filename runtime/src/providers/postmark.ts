/**
 * Magic-link sign-in by email, sent through Postmark's HTTP API. Auth.js's `Postmark` provider:
 * same id, options and environment (`AUTH_POSTMARK_KEY`, a server API token).
 *
 * @module providers/postmark
 */
import { type HttpEmailUserConfig, type HttpSender, httpEmailPreset } from "./http-email.js";
import type { EmailConfig } from "./types.js";

export type { HttpEmailUserConfig as PostmarkUserConfig };

// POST https://api.postmarkapp.com/email, the server token in `X-Postmark-Server-Token`,
// `Accept` and `Content-Type` both `application/json` (the reference marks both required), JSON
// with `From` ("Name <address>" allowed), `To`, `Subject`, `TextBody`, `HtmlBody`,
// `MessageStream` ("outbound", the default transactional stream). It answers 200 with
// `ErrorCode: 0` and a `MessageID`; a refusal is 401 (wrong or missing token) or 422 with
// `{ ErrorCode, Message }` (e.g. an unconfirmed sender).
// https://postmarkapp.com/developer/api/email-api (headers, body fields)
// https://postmarkapp.com/developer/api/overview (status codes, the 422 body)
const sender: HttpSender = {
  id: "postmark",
  name: "Postmark",
  needsFrom: true,
  build: ({ from, to, subject, text, html }, provider) => ({
    url: "https://api.postmarkapp.com/email",
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      "x-postmark-server-token": provider.apiKey!,
    },
    body: JSON.stringify({
      From: from,
      To: to,
      Subject: subject,
      TextBody: text,
      HtmlBody: html,
      MessageStream: "outbound",
    }),
  }),
};

/**
 * Sends sign-in links with Postmark. `apiKey` (a server API token) defaults to
 * `AUTH_POSTMARK_KEY`, `from` to `AUTH_EMAIL_FROM` (a confirmed sender signature). Needs an
 * adapter.
 */
export default function Postmark(config: HttpEmailUserConfig = {}): EmailConfig {
  return httpEmailPreset(sender, config);
}
