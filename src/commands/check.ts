import { buildContext, type ContextOptions } from "../check/context.js";
import { onlineRules } from "../check/online/rules.js";
import { parseTimeout, runOnline } from "../check/online/run-online.js";
import type { ProbeResult } from "../check/online/types.js";
import { rules, runRules } from "../check/rules.js";
import { sarifLog } from "../check/sarif.js";
import type { CheckContext, Finding } from "../check/types.js";
import { CliError, ExitCode } from "../errors.js";
import { frameworkById } from "../frameworks/registry.js";
import { applyChanges } from "../plan/apply.js";
import { PlanBuilder } from "../plan/change-set.js";
import { planJson } from "../plan/diff.js";
import { planPaths } from "../plan/plan-paths.js";
import type { Io } from "../ui/io.js";
import { CLI_VERSION } from "./init/config-module.js";
import { confirmPlan } from "./present-plan.js";

const FORMATS = ["text", "json", "sarif"];

/**
 * The output format: `--format`, or `json` for `--json`. A document format needs the JSON mode of
 * the output (nothing else printed), which the CLI turns on for it.
 */
function outputFormat(options: CheckOptions): string {
  const format = options.format ?? (options.json ? "json" : "text");
  if (!FORMATS.includes(format))
    throw new CliError("invalid_flag", `--format ${format}: use ${FORMATS.join(", ")}.`);
  if (options.json && format !== "json")
    throw new CliError(
      "invalid_flag",
      `--json prints JSON: it cannot be used with --format ${format}.`,
    );
  return format;
}

export interface CheckOptions extends ContextOptions {
  /** Warnings fail too. */
  strict?: boolean;
  /** Apply the fixes that cannot break the app. */
  fix?: boolean;
  dryRun?: boolean;
  json?: boolean;
  /** `text` (default), `json` (the same document as `--json`) or `sarif` (SARIF 2.1.0). */
  format?: string;
  /** Comma-separated rule ids to run (all by default). */
  rule?: string;
  /** Print the rules and exit. */
  list?: boolean;
  /** Also probe the database, the OIDC issuers and AUTH_URL (read-only). */
  online?: boolean;
  /** Each online probe's bound in milliseconds (default 5 000). */
  timeout?: string | number;
}

/** The static rules and the online rules `--rule` names (all of them without it). */
function selectRules(list: string | undefined) {
  if (!list)
    return { selected: rules, online: new Set<string>(onlineRules.map((rule) => rule.id)) };
  const ids = list.split(",").map((id) => id.trim());
  const known = [...rules, ...onlineRules].map((rule) => rule.id);
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length)
    throw new CliError(
      "invalid_flag",
      `Unknown rule ${unknown.join(", ")}. Rules: ${known.join(", ")}.`,
    );
  return {
    selected: rules.filter((rule) => ids.includes(rule.id)),
    online: new Set(onlineRules.map((rule) => rule.id).filter((id) => ids.includes(id))),
  };
}

/** One line per probe, passed or not, so the user sees what was checked. */
function printProbes(io: Io, results: ProbeResult[]) {
  const { output } = io;
  for (const result of results) {
    const text = `online: ${result.probe} ${result.target} — ${result.detail}`;
    if (result.status === "ok") output.success(text);
    else if (result.status === "skipped") output.info(output.dim(text));
    else output.flag(result.status, text);
  }
}

function printFindings(io: Io, findings: Finding[]) {
  const { output } = io;
  for (const finding of findings) {
    const where = finding.file ? `${finding.file}${finding.line ? `:${finding.line}` : ""}` : "";
    const head = `${finding.rule}  ${output.dim(where)}`;
    output.flag(finding.severity, head);
    output.info(finding.message);
    output.info(output.dim(`why: ${finding.why}`));
    output.info(`fix: ${finding.fix}${finding.fixable ? " [--fix]" : ""}`);
  }
}

function summary(findings: Finding[]) {
  const errors = findings.filter((f) => f.severity === "error").length;
  return {
    errors,
    warnings: findings.length - errors,
    fixable: findings.filter((f) => f.fixable).length,
  };
}

/**
 * Plans the fixes of every rule that found something. A fix that cannot be made here (a secret
 * for an env file git tracks) is skipped with its reason; the report still follows.
 */
function planFixes(io: Io, context: CheckContext, findings: Finding[]) {
  const plan = new PlanBuilder(context.root);
  for (const rule of rules) {
    if (!rule.fix || !findings.some((finding) => finding.rule === rule.id)) continue;
    try {
      rule.fix(context, plan);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      io.output.warn(`Not fixed (${rule.id}): ${error.message}`);
    }
  }
  return plan.build();
}

/**
 * `create-auth check`: lints the auth set-up statically (the user's code is parsed, never run).
 * Exit 0 when there are no errors (warnings allowed unless `--strict`), 1 otherwise.
 */
export async function check(options: CheckOptions, io: Io): Promise<number> {
  const { output } = io;
  const format = outputFormat(options);
  const { selected, online: selectedOnline } = selectRules(options.rule);
  if (options.timeout !== undefined && !options.online)
    throw new CliError("invalid_flag", "--timeout bounds the online probes: add --online.");
  if (options.rule && selectedOnline.size > 0 && !options.online)
    throw new CliError(
      "invalid_flag",
      `--rule ${[...selectedOnline].join(",")}: online rules run with --online only.`,
    );
  const timeoutMs = parseTimeout(options.timeout);
  if (options.list) {
    for (const rule of rules)
      output.line(`${rule.id.padEnd(30)} ${rule.severity.padEnd(8)} ${rule.summary}`);
    for (const rule of onlineRules)
      output.line(`${rule.id.padEnd(30)} ${rule.severity.padEnd(8)} (--online) ${rule.summary}`);
    output.document({
      ok: true,
      command: "check",
      rules: [
        ...rules.map(({ id, severity, summary: text, fix }) => ({
          id,
          severity,
          summary: text,
          fixable: fix !== undefined,
        })),
        ...onlineRules.map(({ id, severity, summary: text }) => ({
          id,
          severity,
          summary: text,
          fixable: false,
          online: true,
        })),
      ],
    });
    return ExitCode.ok;
  }
  let context = buildContext(options);
  let findings = runRules(context, selected);
  const { config } = context.setup;
  output.title(
    `Checked ${config.file}:${config.line} (${frameworkById(context.framework.framework).name} ${context.framework.major}, ${config.providers.length} provider${config.providers.length === 1 ? "" : "s"}) and ${context.envFile}`,
  );
  let fixed: ReturnType<typeof planJson> | null = null;
  if (options.fix && findings.some((finding) => finding.fixable)) {
    const changes = planFixes(io, context, findings);
    if (changes.files.length) {
      fixed = planJson(changes);
      if (await confirmPlan(io, changes, { yes: true, dryRun: options.dryRun })) {
        applyChanges(changes);
        const paths = planPaths(changes);
        output.success(
          `Fixed: ${changes.files.map((change) => paths.show(change.path)).join(", ")}.`,
        );
        context = buildContext(options);
        findings = runRules(context, selected);
      }
    }
  }
  // Online probes only on request: without --online nothing connects anywhere.
  let probed: ProbeResult[] | null = null;
  if (options.online) {
    const online = await runOnline(context, timeoutMs, selectedOnline);
    probed = online.results;
    findings = [...findings, ...online.findings];
    printProbes(io, probed);
  }
  printFindings(io, findings);
  const counts = summary(findings);
  const failed = counts.errors > 0 || (Boolean(options.strict) && counts.warnings > 0);
  const text = `${counts.errors} error${counts.errors === 1 ? "" : "s"}, ${counts.warnings} warning${counts.warnings === 1 ? "" : "s"}`;
  if (findings.length === 0) output.success("No problems found.");
  else if (failed)
    output.flag(
      "error",
      `${text}${counts.fixable ? ` (${counts.fixable} fixable with --fix)` : ""}.`,
    );
  else output.success(`${text}.`);
  if (format === "sarif") {
    output.document(
      sarifLog({
        root: context.root,
        version: CLI_VERSION,
        rules: options.online
          ? [...selected, ...onlineRules.filter((rule) => selectedOnline.has(rule.id))]
          : selected,
        findings,
      }),
    );
    return failed ? ExitCode.error : ExitCode.ok;
  }
  output.document({
    ok: true,
    command: "check",
    passed: !failed,
    strict: Boolean(options.strict),
    config: { file: config.file, line: config.line },
    framework: { name: context.framework.framework, major: context.framework.major },
    envFile: context.envFile,
    findings,
    summary: counts,
    fixed,
    online: probed,
  });
  return failed ? ExitCode.error : ExitCode.ok;
}
