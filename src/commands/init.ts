import { envValue } from "../edit/env-file.js";
import { generateSecret, planEnv } from "../edit/env-plan.js";
import { CliError, ExitCode } from "../errors.js";
import { applyChanges } from "../plan/apply.js";
import { type ChangeSet, PlanBuilder } from "../plan/change-set.js";
import { lineCounts, planJson, unifiedDiff } from "../plan/diff.js";
import { detectProject, type ProjectInfo } from "../project/detect.js";
import type { Framework } from "../project/framework.js";
import type { Asker } from "../ui/ask.js";
import type { Output } from "../ui/output.js";
import { type Answers, collectAnswers, type InitFlags } from "./init/answers.js";
import { envAdditions, secretKeys } from "./init/config-module.js";
import { installStep, runInstall } from "./init/install.js";
import { planExpress } from "./init/plan-express.js";
import { planSolid } from "./init/plan-solid.js";

export interface InitOptions extends InitFlags {
  cwd: string;
  framework?: string;
  yes?: boolean;
  dryRun?: boolean;
  diff?: boolean;
  json?: boolean;
  /** `--no-install` sets it false. */
  install?: boolean;
  runtimeSpec?: string;
  force?: boolean;
  /** `--no-git-check` sets it false. */
  gitCheck?: boolean;
}

export interface Io {
  output: Output;
  asker: Asker;
}

async function detect(options: InitOptions, io: Io): Promise<ProjectInfo> {
  const framework = options.framework as Framework | undefined;
  if (framework && framework !== "express" && framework !== "solid-start") {
    throw new CliError(
      "invalid_flag",
      `--framework must be express or solid-start (got "${framework}").`,
    );
  }
  try {
    return detectProject(options.cwd, { framework });
  } catch (error) {
    // At a workspace root, ask which app (when someone can be asked).
    if (!(error instanceof CliError) || error.code !== "monorepo_root" || !io.asker.interactive)
      throw error;
    const targets = (error.details?.targets ?? []) as { path: string; framework: string }[];
    const choice = await io.asker.prompter.select({
      message: "This is a workspace root. Which app?",
      options: targets.map((t) => ({ value: t.path, label: t.path, hint: t.framework })),
    });
    options.cwd = `${options.cwd}/${choice}`;
    return detectProject(options.cwd, { framework });
  }
}

/** Builds the whole change set of `init` without touching the disk. */
export function planInit(project: ProjectInfo, answers: Answers, options: InitOptions): ChangeSet {
  const plan = new PlanBuilder(project.root);
  if (project.framework.framework === "express") planExpress(plan, project, answers);
  else planSolid(plan, project, answers);
  const existingSecret = envValue(plan.read(answers.envFile) ?? "", "AUTH_SECRET");
  planEnv(plan, {
    envFile: answers.envFile,
    additions: envAdditions(answers, existingSecret ?? generateSecret()),
    secrets: secretKeys(answers),
    ignore: answers.database === "embedded" ? [".auth/"] : [],
    force: options.force,
    gitRepository: project.git.repository,
  });
  const drivers = [
    ...(answers.database === "embedded" ? ["@electric-sql/pglite"] : []),
    ...(answers.database === "postgres" ? ["pg"] : []),
    ...(answers.providers.some((p) => p.kind === "email") ? ["nodemailer"] : []),
  ];
  plan.install = installStep(project, drivers, options.runtimeSpec);
  return plan.build();
}

/** The one-line command that repeats this run without prompts. */
export function reproduce(project: ProjectInfo, answers: Answers): string {
  const parts = [
    "npx create-auth init",
    `--framework ${project.framework.framework}`,
    `--providers ${answers.providers.map((p) => p.id).join(",")}`,
    `--strategy ${answers.strategy}`,
    ...(answers.database ? [`--database ${answers.database}`] : []),
    `--mount ${answers.mount}`,
    ...(answers.trustProxy ? ["--trust-proxy"] : []),
    ...(answers.envFile !== ".env" ? [`--env-file ${answers.envFile}`] : []),
    ...(answers.protect.length ? [`--protect ${answers.protect.join(",")}`] : []),
    ...(answers.demo ? ["--demo"] : []),
    "--yes",
  ];
  return parts.join(" ");
}

function nextSteps(project: ProjectInfo, answers: Answers) {
  const origin = `http://localhost:${project.port}`;
  const callbackUrls = answers.providers
    .filter((p) => p.kind === "oauth" || p.kind === "oidc")
    .map((p) => ({
      provider: p.id,
      url: `${origin}${answers.mount}/callback/${p.id}`,
      console: p.console,
    }));
  return { signIn: `${origin}${answers.mount}/signin`, callbackUrls };
}

function printPlan(io: Io, project: ProjectInfo, plan: ChangeSet, showDiff: boolean) {
  const { output } = io;
  output.title("Plan");
  for (const change of plan.files) {
    const { added, removed } = lineCounts(change);
    const action = change.before === undefined ? "create" : "update";
    output.info(
      `${action.padEnd(6)} ${change.path}  ${output.dim(`+${added} -${removed}  (${change.reasons.join(", ")})`)}`,
    );
  }
  if (plan.install) output.info(`run    ${[plan.install.command, ...plan.install.args].join(" ")}`);
  for (const step of plan.manual) output.warn(`By hand: ${step}`);
  if (showDiff) {
    for (const change of plan.files) {
      output.line();
      output.diff(unifiedDiff(change));
    }
  }
  const dirty = plan.files.filter((change) => project.git.dirty.includes(change.path));
  if (dirty.length)
    output.warn(
      `Uncommitted changes in ${dirty.map((c) => c.path).join(", ")}: review the result with git diff.`,
    );
}

/**
 * `create-auth init`: detect the project, ask (or read flags), plan, show, apply atomically,
 * install, and print the next steps. Returns the exit code.
 */
export async function init(options: InitOptions, io: Io): Promise<number> {
  const { output } = io;
  const project = await detect(options, io);
  output.title("Detected");
  for (const finding of project.findings)
    output.info(`${finding.label}: ${finding.value} ${output.dim(`(${finding.evidence})`)}`);

  const answers = await collectAnswers(project, options, io.asker);
  const plan = planInit(project, answers, options);
  const document = {
    ok: true,
    command: "init",
    findings: project.findings,
    answers: { ...answers, providers: answers.providers.map((p) => p.id) },
    plan: planJson(plan),
    applied: false,
    installed: false,
    nextSteps: nextSteps(project, answers),
    reproduce: reproduce(project, answers),
  };

  if (plan.files.length === 0 && (!plan.install || options.install === false)) {
    output.success("Already set up: nothing to change.");
    if (plan.install)
      output.info(
        `Dependencies still to install: ${[plan.install.command, ...plan.install.args].join(" ")}`,
      );
    output.document(document);
    return ExitCode.ok;
  }
  // An interactive run shows the diff it is about to ask about.
  const willConfirm = !options.yes && !options.dryRun && io.asker.interactive;
  printPlan(io, project, plan, Boolean(options.diff) || willConfirm);
  if (options.dryRun || options.diff) {
    output.line();
    output.info("Dry run: nothing was written.");
    output.document(document);
    return ExitCode.ok;
  }
  if (!options.yes) {
    if (!io.asker.interactive)
      throw new CliError(
        "missing_answer",
        "Missing --yes: nothing can be confirmed here (use --dry-run to preview).",
        1,
        { flag: "--yes" },
      );
    if (
      !(await io.asker.prompter.confirm({ message: "Apply these changes?", initialValue: true }))
    ) {
      throw new CliError("cancelled", "Cancelled: nothing was changed.", ExitCode.cancelled);
    }
  }

  applyChanges(plan);
  document.applied = true;
  output.success(`Updated ${plan.files.length} file${plan.files.length === 1 ? "" : "s"}.`);
  if (plan.install) {
    if (options.install === false) {
      output.info(
        `Install the dependencies: ${[plan.install.command, ...plan.install.args].join(" ")}`,
      );
    } else {
      try {
        await runInstall(plan.install, project.root, output.json);
        document.installed = true;
      } catch (error) {
        output.document({
          ...document,
          ok: false,
          error: { code: (error as CliError).code, message: (error as Error).message },
        });
        throw Object.assign(error as CliError, { reported: true });
      }
    }
  }

  const steps = document.nextSteps;
  output.line();
  output.title("Next steps");
  for (const { provider, url, console } of steps.callbackUrls)
    output.info(`Register ${url} as the callback URL of your ${provider} app (${console}).`);
  // The email keys have working defaults (console delivery, a default sender).
  const optional = new Set(["AUTH_EMAIL_SERVER", "AUTH_EMAIL_FROM"]);
  const emptyKeys = envAdditions(answers, "x")
    .filter((a) => a.value === "" && !optional.has(a.key))
    .map((a) => a.key);
  if (emptyKeys.length) output.info(`Fill in ${emptyKeys.join(", ")} in ${answers.envFile}.`);
  for (const step of plan.manual) output.warn(`By hand: ${step}`);
  output.info(`Start the app and open ${steps.signIn}`);
  if (io.asker.interactive && !options.yes)
    output.info(`Next time, without questions: ${document.reproduce}`);
  output.document(document);
  return ExitCode.ok;
}
