import { authJsAdapterName } from "../../project/auth-config.js";
import { passwordProviders } from "../password-syntax.js";
import type { Rule } from "../types.js";

export const passwordWithoutAdapter: Rule = {
  id: "password-without-adapter",
  severity: "error",
  summary: "Email-and-password accounts without an adapter that stores passwords.",
  check(context) {
    const { config } = context.setup;
    const authJs = authJsAdapterName(config.adapter);
    if (config.adapter && !authJs) return [];
    return passwordProviders(context).map((provider) => ({
      file: config.file,
      line: provider.line,
      message: authJs
        ? `The password provider is configured with ${authJs}, an Auth.js adapter that cannot store passwords.`
        : "The password provider is configured without an `adapter`.",
      why: "Accounts, password hashes and confirmation links are stored by the runtime's adapter: the runtime refuses to start (MissingAdapter, or the adapter methods it lacks).",
      fix: 'Use `adapter: postgresAdapter(embeddedDatabase())`, or `postgresAdapter(postgresDatabase())` for your PostgreSQL server, from "@create-auth/runtime/adapters/postgres" (docs/adapters.md).',
    }));
  },
};
