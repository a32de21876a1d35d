import type { Rule } from "../types.js";

/**
 * The presets that send magic links: SMTP (`email`, `nodemailer`) and the HTTP email APIs, which
 * the CLI's catalogue does not list (docs/decisions.md) but the runtime and Auth.js both ship.
 */
const EMAIL_PRESETS = new Set([
  "email",
  "nodemailer",
  "resend",
  "sendgrid",
  "postmark",
  "forwardemail",
  "loops",
  "mailgun",
]);

export const emailWithoutAdapter: Rule = {
  id: "email-without-adapter",
  severity: "error",
  summary: "Email (magic link) sign-in without an adapter.",
  check(context) {
    const { config } = context.setup;
    if (config.adapter) return [];
    return config.providers
      .filter((provider) => provider.preset !== undefined && EMAIL_PRESETS.has(provider.preset))
      .map((provider) => ({
        file: config.file,
        line: provider.line,
        message: "Email sign-in is configured without an `adapter`.",
        why: "Magic-link tokens are stored in the database until they are used: every request fails with MissingAdapter.",
        fix: 'Add `adapter: postgresAdapter(embeddedDatabase())` from "@create-auth/runtime/adapters/postgres" (docs/adapters.md).',
      }));
  },
};
