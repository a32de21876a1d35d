import type { CheckContext, Finding } from "../types.js";
import type { OnlineRuleId } from "./rules.js";

/** What one probe did: printed as one line in text mode, listed under `online` in JSON. */
export interface ProbeResult {
  probe: "database" | "oidc-issuer" | "auth-url";
  /** What was probed, secrets redacted (`postgres://app:****@db/app`, an issuer URL). */
  target: string;
  /** `error`/`warning`: it found something (a finding of that severity); `skipped`: nothing to probe. */
  status: "ok" | "error" | "warning" | "skipped";
  /** `6 tables OK`, `not reachable`, `AUTH_URL is not set`. */
  detail: string;
}

/** A finding of a probe: its rule decides the severity. */
export type ProbeFinding = Omit<Finding, "severity" | "fixable" | "rule"> & {
  rule: OnlineRuleId;
};

/** What a probe hands back. */
export interface ProbeOutcome {
  results: ProbeResult[];
  findings: ProbeFinding[];
}

export interface ProbeOptions {
  /** Each network step's bound, in milliseconds. */
  timeoutMs: number;
}

export type Probe = (context: CheckContext, options: ProbeOptions) => Promise<ProbeOutcome>;
