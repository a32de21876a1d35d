/**
 * What the email senders that work over an HTTP API share (Resend, SendGrid, Postmark, Forward
 * Email, Loops, Mailgun): the preset's defaults, the sign-in message, and one bounded `POST` to
 * the sender's API. Each sender's module only says how its API wants the mail.
 *
 * A send is bounded like the SMTP provider's: `sendTimeout` (default 10 s) covers the whole
 * request, answer included; past it the request is aborted and the send fails with a
 * `DependencyTimeout`. Any failure (no key, refused, unreachable, too slow) is thrown, so the
 * sign-in ends at `EmailSignInError` and the link's token is deleted (core/flows/email.ts).
 */

import { Buffer } from "node:buffer";
import { assertTimeout } from "../core/deadline.js";
import { logText } from "../core/log-text.js";
import { DependencyTimeout } from "../errors.js";
import { fetchIsUntouched, freshConnectionFetch } from "../oauth/fresh-connection.js";
import { isRequestTimeout } from "../oauth/http.js";
import { customFetch } from "../symbols.js";
import { type SignInMessage, signInMessage } from "./email-message.js";
import { SEND_TIMEOUT } from "./smtp.js";
import type { EmailConfig, SendVerificationRequestParams } from "./types.js";

/** What every HTTP sender takes; every field is optional. */
export interface HttpEmailUserConfig
  extends Partial<Omit<EmailConfig, "type" | "options" | "server">> {
  /** The sender's API key. Default `AUTH_<ID>_KEY` (e.g. `AUTH_RESEND_KEY`). */
  apiKey?: string;
  /**
   * Longest the API request may take, answer included, in milliseconds. Default 10 000; past
   * it the request is aborted and the sign-in ends with `EmailSignInError`.
   */
  sendTimeout?: number;
  /** Your own `fetch` for the API request (a proxy, a test double). */
  [customFetch]?: typeof fetch;
}

/** The sign-in mail as a sender's request is built from it. */
export interface OutgoingMail extends SignInMessage {
  to: string;
  /** The configured `from`, as written (`Acme <auth@acme.example>` or a bare address). */
  from: string;
  /** The sign-in link. */
  url: string;
}

/** One request to a sender's API. */
export interface ApiRequest {
  url: string;
  headers: Record<string, string>;
  body: string | FormData;
}

export interface HttpSender {
  id: string;
  name: string;
  /** Whether the API needs `from` (Loops takes the sender from its template). */
  needsFrom: boolean;
  build(mail: OutgoingMail, provider: EmailConfig): ApiRequest;
}

/** At most this much of a refusal's body goes into the error (it is logged). */
const MAX_DETAIL = 300;

/**
 * Sent with every request: Resend refuses one without a `User-Agent` (403, its error 1010,
 * https://resend.com/docs/api-reference/introduction), and `freshConnectionFetch`, the default
 * transport, is `node:http`, which adds none of its own (Node's `fetch` would have said "node").
 */
const USER_AGENT = "create-auth";

/** `config` without its `undefined` fields, symbol keys (`customFetch`) kept. */
function definedOnly(config: object): Record<PropertyKey, unknown> {
  const result: Record<PropertyKey, unknown> = {};
  for (const key of Reflect.ownKeys(config)) {
    const value = (config as Record<PropertyKey, unknown>)[key];
    if (value !== undefined) result[key] = value;
  }
  return result;
}

/** `from` split into its display name and address: `Acme <a@b.example>` or `a@b.example`. */
export function parseAddress(from: string): { name?: string; address: string } {
  const match = /^\s*(?:"?([^"<]*?)"?\s*)?<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (match) return { ...(match[1] ? { name: match[1] } : {}), address: match[2]! };
  const bare = from.trim();
  if (/^[^\s<>@]+@[^\s<>@]+$/.test(bare)) return { address: bare };
  throw new TypeError(
    `The sender address ${JSON.stringify(logText(from))} is not an email address (write "auth@example.com" or "Name <auth@example.com>")`,
  );
}

/** `Basic` credentials for `user:password`. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}

/** The environment variable an option of `id` defaults to: `AUTH_<ID>_<NAME>`. */
export function senderEnvName(id: string, name: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}_${name}`;
}

/** What the API answered, shortened, one line, with the sign-in token blanked out. */
function detail(body: string, token: string): string {
  const text = logText(token ? body.replaceAll(token, "[token]") : body).trim();
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

/**
 * Posts one request to the sender's API within `sendTimeout`, through the provider's
 * `customFetch`, else a fresh connection (see `freshConnectionFetch`), else the app's `fetch`
 * when the app changed how `fetch` reaches the network. Throws unless the answer is a 2xx.
 */
async function post(sender: HttpSender, provider: EmailConfig, request: ApiRequest, token: string) {
  const ms = assertTimeout("sendTimeout", provider.sendTimeout ?? SEND_TIMEOUT);
  const own = (provider as { [customFetch]?: typeof fetch })[customFetch];
  const fetchImpl = own ?? (fetchIsUntouched() ? freshConnectionFetch : globalThis.fetch);
  let status: number;
  let body: string;
  try {
    const response = await fetchImpl(request.url, {
      method: "POST",
      headers: { "user-agent": USER_AGENT, ...request.headers, connection: "close" },
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(ms),
    });
    status = response.status;
    body = await response.text();
  } catch (cause) {
    if (isRequestTimeout(cause))
      throw new DependencyTimeout(`${sender.name} did not take the email within ${ms} ms`, {
        dependency: "http",
        cause,
      });
    throw new Error(`${sender.name} could not be reached`, { cause });
  }
  if (status < 200 || status > 299) {
    const said = detail(body, token);
    throw new Error(`${sender.name} refused the email (HTTP ${status})${said ? `: ${said}` : ""}`);
  }
}

/** The `sendVerificationRequest` of `sender`: checks the options, builds the request, posts it. */
function sendWith(sender: HttpSender) {
  return async (params: SendVerificationRequestParams): Promise<void> => {
    const { identifier, url, provider, theme, token } = params;
    if (!provider.apiKey)
      throw new TypeError(
        `${sender.name} has no API key: set \`apiKey\` (or ${senderEnvName(provider.id, "KEY")})`,
      );
    if (sender.needsFrom && !provider.from)
      throw new TypeError(
        `${sender.name} has no sender address: set \`from\` (or AUTH_EMAIL_FROM) to an address of a domain verified with ${sender.name}`,
      );
    const mail: OutgoingMail = {
      to: identifier,
      from: provider.from ?? "",
      url,
      ...signInMessage(url, theme),
    };
    await post(sender, provider, sender.build(mail, provider), token);
  };
}

/**
 * The preset of an HTTP sender: Auth.js's shape (`type: "email"`, `id`, `name`, `maxAge` one
 * day), `from` from `AUTH_EMAIL_FROM` (there is no working default: the API accepts only
 * addresses of domains verified with it), the key from `AUTH_<ID>_KEY` (filled in by the
 * runtime), and the user's options over those.
 */
export function httpEmailPreset(
  sender: HttpSender,
  config: HttpEmailUserConfig,
  defaults: Record<string, unknown> = {},
): EmailConfig {
  const env = globalThis.process?.env ?? {};
  if (config.sendTimeout !== undefined) assertTimeout("sendTimeout", config.sendTimeout);
  return {
    id: sender.id,
    name: sender.name,
    ...(env.AUTH_EMAIL_FROM ? { from: env.AUTH_EMAIL_FROM } : {}),
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWith(sender),
    ...defaults,
    ...definedOnly(config),
    type: "email",
  } as EmailConfig;
}
