import type { Rule } from "../types.js";

export const databaseWithoutAdapter: Rule = {
  id: "database-without-adapter",
  severity: "error",
  summary: '`session.strategy: "database"` without an adapter.',
  check(context) {
    const { config } = context.setup;
    if (config.strategy?.value !== "database" || config.adapter) return [];
    return [
      {
        file: config.file,
        line: config.strategy.line,
        message: "Database sessions are configured, but there is no `adapter`.",
        why: "Every request fails with MissingAdapter: there is nowhere to store the sessions.",
        fix: 'Add `adapter: postgresAdapter(embeddedDatabase())` from "@create-auth/runtime/adapters/postgres" (see docs/adapters.md), or use strategy "jwt".',
      },
    ];
  },
};
