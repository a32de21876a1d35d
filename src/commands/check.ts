import { buildContext, type ContextOptions } from "../check/context.js";
import { rules, runRules } from "../check/rules.js";
import type { CheckContext, Finding } from "../check/types.js";
import { CliError, ExitCode } from "../errors.js";
import { frameworkById } from "../frameworks/registry.js";
import { applyChanges } from "../plan/apply.js";
import { PlanBuilder } from "../plan/change-set.js";
import { planJson } from "../plan/diff.js";
import type { Io } from "../ui/io.js";
import { confirmPlan } from "./present-plan.js";

export interface CheckOptions extends ContextOptions {
  /** Warnings fail too. */
  strict?: boolean;
  /** Apply the fixes that cannot break the app. */
  fix?: boolean;
  dryRun?: boolean;
  json?: boolean;
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
