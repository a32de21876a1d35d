import type { RuleSummary } from "../types.js";

/**
 * The rules of `check --online`: what the probes report, listed with the static rules
 * (`--list`, docs/check.md, SARIF) but run only with `--online`. Each probe picks the rule of
 * what it found, so a rule has one severity.
 */
export const onlineRules = [
  {
    id: "online-database-unreachable",
    severity: "error",
    summary:
      "The configured database does not answer (refused, unknown host, bad credentials, timeout).",
  },
  {
    id: "online-database-tables",
    severity: "error",
    summary:
      "The auth tables, columns or schema version are missing from the configured database (or its embedded folder does not exist).",
  },
  {
    id: "online-database-unchecked",
    severity: "warning",
    summary:
      "The database could not be checked: no connection string, an unsupported database, or its driver is not installed in the project.",
  },
  {
    id: "online-oidc-issuer",
    severity: "error",
    summary:
      "An OIDC provider's discovery document is unreachable, not JSON, names another issuer, or lacks https endpoints.",
  },
  {
    id: "online-auth-url",
    severity: "error",
    summary: "AUTH_URL answers, but not with the auth endpoints (404, not JSON).",
  },
  {
    id: "online-auth-url-down",
    severity: "warning",
    summary: "Nothing answers at AUTH_URL (is the app running?).",
  },
] as const satisfies readonly RuleSummary[];

export type OnlineRuleId = (typeof onlineRules)[number]["id"];
