import type { Rule } from "../types.js";

export const emailWithoutAdapter: Rule = {
  id: "email-without-adapter",
  severity: "error",
  summary: "Email (magic link) sign-in without an adapter.",
  check(context) {
    const { config } = context.setup;
    if (config.adapter) return [];
    return config.providers
      .filter((provider) => provider.preset === "email" || provider.preset === "nodemailer")
      .map((provider) => ({
        file: config.file,
        line: provider.line,
        message: "Email sign-in is configured without an `adapter`.",
        why: "Magic-link tokens are stored in the database until they are used: every request fails with MissingAdapter.",
        fix: 'Add `adapter: postgresAdapter(embeddedDatabase())` from "@create-auth/runtime/adapters/postgres" (docs/adapters.md).',
      }));
  },
};
