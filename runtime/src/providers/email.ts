/**
 * Magic-link sign-in by email, sent over SMTP with `nodemailer` (an optional peer dependency),
 * or printed to the console during development.
 *
 * @module providers/email
 */

import { logText } from "../core/log-text.js";
import { defineCatalogue } from "./catalogue.js";
import { signInMessage } from "./email-message.js";
import { sendSmtp } from "./smtp.js";
import type { EmailConfig, SendVerificationRequestParams } from "./types.js";

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "email",
  name: "Email (magic links)",
  kind: "email",
  importName: "Email",
  needsDatabase: true,
  peer: "nodemailer",
  order: 101,
});

export type { EmailConfig, SendVerificationRequestParams };

/** What `Email()` and `Nodemailer()` take; every field is optional. */
export interface EmailUserConfig extends Partial<Omit<EmailConfig, "type" | "options" | "server">> {
  /**
   * An SMTP URL (`smtp://user:pass@host:587`), nodemailer transport options, or `"console"` to
   * print links instead of sending them. Unset or empty: console in development; in production
   * every send fails (the user sees "could not be sent") until a server is configured.
   * Connection, greeting and socket timeouts default to 10 s (set them here to change that),
   * a whole send is bounded by `sendTimeout`, and the transport is closed after each mail; pass
   * your own nodemailer transporter to keep a pool open across sign-ins.
   */
  server?: string | Record<string, unknown>;
}

const DAY = 24 * 60 * 60;

/** Whether mail goes to the console: asked for, or no server set outside production. */
export function usesConsole(server: unknown): boolean {
  return (
    server === "console" ||
    ((server === undefined || server === "") && process.env.NODE_ENV !== "production")
  );
}

/** The default `sendVerificationRequest`: SMTP through nodemailer, or the console. */
export async function sendVerificationRequest(
  params: SendVerificationRequestParams,
): Promise<void> {
  const { identifier, url, provider, theme } = params;
  const server = provider.server as EmailUserConfig["server"];
  const message = signInMessage(url, theme);
  if (usesConsole(server)) {
    console.info(
      `\n[auth] Sign-in link for ${logText(identifier)} (console delivery):\n${logText(url)}\n`,
    );
    return;
  }
  if (server === undefined || server === "") {
    throw new Error(
      "No email server is configured: set `server` (for example from AUTH_EMAIL_SERVER)",
    );
  }
  await sendSmtp(server, { to: identifier, from: provider.from, ...message }, provider.sendTimeout);
}

/**
 * The email provider, id `email`: compatible with Auth.js's `Email`/`Nodemailer` options
 * (`server`, `from`, `maxAge`, `sendVerificationRequest`, `generateVerificationToken`,
 * `normalizeIdentifier`). `server` and `from` default to `AUTH_EMAIL_SERVER` and
 * `AUTH_EMAIL_FROM`. It needs an adapter to store the single-use tokens.
 *
 * @example
 * ```ts
 * Email({ server: process.env.AUTH_EMAIL_SERVER, from: "Acme <auth@acme.example>" })
 * ```
 */
export default function Email(config: EmailUserConfig = {}): EmailConfig {
  // Read when the provider is created (on the first request when passed uncalled), so an env file
  // loaded at start-up is already in process.env.
  const env = globalThis.process?.env ?? {};
  return {
    id: "email",
    name: "Email",
    from: env.AUTH_EMAIL_FROM || "Auth <no-reply@localhost>",
    ...(env.AUTH_EMAIL_SERVER ? { server: env.AUTH_EMAIL_SERVER } : {}),
    maxAge: DAY,
    sendVerificationRequest,
    ...definedOnly(config),
    type: "email",
  } as EmailConfig;
}

/** `object` without its `undefined` fields, so they do not override defaults when spread. */
export function definedOnly<T extends object>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** The same provider under Auth.js's other name, with id `nodemailer`. */
export function Nodemailer(config: EmailUserConfig = {}): EmailConfig {
  return Email({ id: "nodemailer", name: "Nodemailer", ...config });
}
