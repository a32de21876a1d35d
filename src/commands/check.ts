import { buildContext, type ContextOptions } from "../check/context.js";
import { rules, runRules } from "../check/rules.js";
import { sarifLog } from "../check/sarif.js";
import type { CheckContext, Finding } from "../check/types.js";
import { CliError, ExitCode } from "../errors.js";
import { frameworkById } from "../frameworks/registry.js";
import { applyChanges } from "../plan/apply.js";
import { PlanBuilder } from "../plan/change-set.js";
import { planJson } from "../plan/diff.js";
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
}

function selectRules(list: string | undefined) {
  if (!list) return rules;
  const ids = list.split(",").map((id) => id.trim());
  const unknown = ids.filter((id) => !rules.some((rule) => rule.id === id));
  if (unknown.length)
    throw new CliError(
      "invalid_flag",
      `Unknown rule ${unknown.join(", ")}. Rules: ${rules.map((rule) => rule.id).join(", ")}.`,
    );
  return rules.filter((rule) => ids.includes(rule.id));
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
  const selected = selectRules(options.rule);
  if (options.list) {
    for (const rule of rules)
      output.line(`${rule.id.padEnd(30)} ${rule.severity.padEnd(8)} ${rule.summary}`);
    output.document({
      ok: true,
      command: "check",
      rules: rules.map(({ id, severity, summary: text }) => ({
        id,
        severity,
        summary: text,
        fixable: rules.find((rule) => rule.id === id)!.fix !== undefined,
      })),
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
        output.success(`Fixed: ${changes.files.map((change) => change.path).join(", ")}.`);
        context = buildContext(options);
        findings = runRules(context, selected);
      }
    }
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
      sarifLog({ root: context.root, version: CLI_VERSION, rules: selected, findings }),
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
  });
  return failed ? ExitCode.error : ExitCode.ok;
}
