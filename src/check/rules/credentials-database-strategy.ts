import type { Rule } from "../types.js";

export const credentialsDatabaseStrategy: Rule = {
  id: "credentials-database-strategy",
  severity: "error",
  summary: 'Only Credentials providers, with `session.strategy: "database"`.',
  check(context) {
    const { config } = context.setup;
    const providers = config.providers;
    if (
      config.strategy?.value !== "database" ||
      providers.length === 0 ||
      !providers.every((provider) => provider.preset === "credentials")
    )
      return [];
    return [
      {
        file: config.file,
        line: config.strategy.line,
        message: "Credentials sign-in with database sessions only.",
        why: "Credentials sign-in always issues an encrypted (JWT) session cookie, so a credentials-only app with database sessions answers every request with the Configuration error (UnsupportedStrategy).",
        fix: 'Use session: { strategy: "jwt" } (database sessions need a provider that stores users, such as email or OAuth).',
      },
    ];
  },
};
