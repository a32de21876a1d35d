/**
 * Magic-link sign-in by email, sent through Mailgun's HTTP API. Auth.js's `Mailgun` provider:
 * same id, options (`apiKey`, `from`, `region`) and environment (`AUTH_MAILGUN_KEY`).
 *
 * @module providers/mailgun
 */
import {
  basicAuth,
  type HttpEmailUserConfig,
  type HttpSender,
  httpEmailPreset,
  parseAddress,
} from "./http-email.js";
import type { EmailConfig } from "./types.js";

export interface MailgunUserConfig extends HttpEmailUserConfig {
  /** Where the sending domain was created: `"US"` (default) or `"EU"`. */
  region?: "US" | "EU";
}

// POST https://api.mailgun.net/v3/<domain>/messages (EU domains: api.eu.mailgun.net), HTTP
// Basic with user `api` and the API key as password, a `multipart/form-data` body with `from`
// ("Name <address>" allowed), `to`, `subject`, `text`, `html`. It answers 200 with an `id`; a
// refusal is a 4xx (400 with a JSON `message`, 403 an authentication error) or a 5xx.
// https://documentation.mailgun.com/docs/mailgun/api-reference (base URLs, authentication)
// https://documentation.mailgun.com/docs/mailgun/api-reference/openapi-final/tag/Messages/
// (the form fields) https://documentation.mailgun.com/docs/mailgun/quickstart-guide/responses
const hosts = { US: "api.mailgun.net", EU: "api.eu.mailgun.net" } as const;

function sender(region: keyof typeof hosts): HttpSender {
  return {
    id: "mailgun",
    name: "Mailgun",
    needsFrom: true,
    build: ({ from, to, subject, text, html }, provider) => {
      // The sending domain is the sender address's domain, as in Auth.js.
      const domain = parseAddress(from).address.split("@")[1]!;
      const form = new FormData();
      form.append("from", from);
      form.append("to", to);
      form.append("subject", subject);
      form.append("text", text);
      form.append("html", html);
      return {
        url: `https://${hosts[region]}/v3/${encodeURIComponent(domain)}/messages`,
        headers: { authorization: basicAuth("api", provider.apiKey!) },
        body: form,
      };
    },
  };
}

/**
 * Sends sign-in links with Mailgun. `apiKey` defaults to `AUTH_MAILGUN_KEY`, `from` to
 * `AUTH_EMAIL_FROM` (an address of the sending domain). Needs an adapter.
 */
export default function Mailgun(config: MailgunUserConfig = {}): EmailConfig {
  const { region = "US", ...rest } = config;
  if (!Object.hasOwn(hosts, region))
    throw new TypeError(
      `Mailgun's region must be "US" or "EU", received ${JSON.stringify(region)}`,
    );
  return httpEmailPreset(sender(region), rest);
}
