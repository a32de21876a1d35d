/**
 * Email-and-password accounts, stored by the adapter: sign-up with a confirmed address, sign-in,
 * forgotten-password reset by a single-use link, and password change while signed in. Hashes are
 * scrypt with OWASP's parameters; see docs/passwords.md for the threat model.
 *
 * @module providers/password
 */
import { logText } from "../core/log-text.js";
import { meetsOwasp, OWASP_SCRYPT } from "../password/hash.js";
import { passwordMessage } from "../password/messages.js";
import { defineCatalogue } from "./catalogue.js";
import { definedOnly, usesConsole } from "./email.js";
import { sendSmtp } from "./smtp.js";
import type { PasswordConfig, PasswordMailParams } from "./types.js";

export type { PasswordConfig, PasswordMailParams };
// `meetsOwasp` is the floor the runtime enforces at start; `create-auth check` applies the same
// one to the parameters it reads in the source.
export { meetsOwasp, OWASP_SCRYPT };

/** The catalogue entry: see docs/adding-a-provider.md. */
export const catalogue = defineCatalogue({
  id: "password",
  name: "Email and password",
  kind: "password",
  importName: "Password",
  needsDatabase: true,
  peer: "nodemailer",
  order: 103,
});

/** What `Password()` takes; every field is optional. */
export type PasswordUserConfig = Partial<Omit<PasswordConfig, "type" | "options">>;

/** The default `sendMail`: SMTP through nodemailer (the email provider's transport), or the console. */
export async function sendPasswordMail(params: PasswordMailParams): Promise<void> {
  const { kind, identifier, url, provider } = params;
  if (usesConsole(provider.server)) {
    console.info(
      `\n[auth] Password ${kind} link for ${logText(identifier)} (console delivery):\n${logText(url)}\n`,
    );
    return;
  }
  if (provider.server === undefined || provider.server === "") {
    throw new Error(
      "No email server is configured: set `server` (for example from AUTH_EMAIL_SERVER)",
    );
  }
  const message = passwordMessage(kind, url);
  await sendSmtp(
    provider.server as string | Record<string, unknown>,
    { to: identifier, from: provider.from, ...message },
    provider.sendTimeout,
  );
}

/**
 * The password provider, id `password`. It needs an adapter that stores passwords
 * (`postgresAdapter`, `memoryAdapter`). `server` and `from` default to `AUTH_EMAIL_SERVER` and
 * `AUTH_EMAIL_FROM`, as for the email provider.
 *
 * @example
 * ```ts
 * Password({ server: process.env.AUTH_EMAIL_SERVER, from: "Acme <auth@acme.example>" })
 * ```
 */
export default function Password(config: PasswordUserConfig = {}): PasswordConfig {
  const env = globalThis.process?.env ?? {};
  return {
    id: "password",
    name: "Password",
    from: env.AUTH_EMAIL_FROM || "Auth <no-reply@localhost>",
    ...(env.AUTH_EMAIL_SERVER ? { server: env.AUTH_EMAIL_SERVER } : {}),
    sendMail: sendPasswordMail,
    ...definedOnly(config),
    type: "password",
  };
}
