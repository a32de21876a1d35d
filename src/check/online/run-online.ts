import { CliError } from "../../errors.js";
import type { CheckContext, Finding } from "../types.js";
import { probeAuthUrl } from "./auth-url.js";
import { probeDatabase } from "./database.js";
import { probeOidcIssuers } from "./oidc-issuer.js";
import { type OnlineRuleId, onlineRules } from "./rules.js";
import type { Probe, ProbeResult } from "./types.js";

/** The default bound of each probe's network step. */
export const DEFAULT_TIMEOUT_MS = 5_000;

/** Each probe, with the rules its findings belong to (`--rule` runs a probe for any of them). */
const probes: { probe: Probe; rules: OnlineRuleId[] }[] = [
  {
    probe: probeDatabase,
    rules: ["online-database-unreachable", "online-database-tables", "online-database-unchecked"],
  },
  { probe: probeOidcIssuers, rules: ["online-oidc-issuer"] },
  { probe: probeAuthUrl, rules: ["online-auth-url", "online-auth-url-down"] },
];

/** `--timeout <ms>`: a positive integer, in milliseconds. */
export function parseTimeout(value: string | number | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1)
    throw new CliError(
      "invalid_flag",
      `--timeout must be a positive number of milliseconds (got "${value}").`,
    );
  return ms;
}

/**
 * Runs the online probes (all at once: each has its own bound) and returns what each did and
 * what they found, in probe order. `selected`: the online rules `--rule` asked for.
 */
export async function runOnline(
  context: CheckContext,
  timeoutMs: number,
  selected: ReadonlySet<string>,
): Promise<{ results: ProbeResult[]; findings: Finding[] }> {
  const wanted = probes.filter((entry) => entry.rules.some((rule) => selected.has(rule)));
  const outcomes = await Promise.all(wanted.map((entry) => entry.probe(context, { timeoutMs })));
  return {
    results: outcomes.flatMap((outcome) => outcome.results),
    findings: outcomes
      .flatMap((outcome) => outcome.findings)
      .filter((finding) => selected.has(finding.rule))
      .map((finding) => ({
        ...finding,
        severity: onlineRules.find((rule) => rule.id === finding.rule)!.severity,
        fixable: false,
      })),
  };
}
