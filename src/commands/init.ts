import { join, relative } from "node:path";
import { CliError, ExitCode } from "../errors.js";
import { detectProject } from "../frameworks/detect-project.js";
import { frameworks, isFrameworkId, type ProjectInfo } from "../frameworks/registry.js";
import { PlanBuilder } from "../plan/change-set.js";
import { planJson } from "../plan/diff.js";
import { MASK } from "../plan/mask.js";
import { planPaths } from "../plan/plan-paths.js";
import { isIgnored } from "../project/git.js";
import { findPackageRoot } from "../project/package-json.js";
import { refusePlugAndPlay } from "../project/plug-and-play.js";
import { envValue } from "../syntax/dotenv.js";
import type { Io } from "../ui/io.js";
import { joinList } from "../ui/join-list.js";
import { describeSetUp, offerAdditions, readSetUp } from "./init/already-set-up.js";
import { type Answers, collectAnswers, type InitFlags } from "./init/answers.js";
import { applyAndInstall, applyOptionsFor } from "./init/apply-and-install.js";
import { checkoutRuntime } from "./init/checkout-runtime.js";
import { envAdditions } from "./init/config-module.js";
import { migrateDuringInit } from "./init/migrate-now.js";
import { type NextSteps, nextSteps, numbered } from "./init/next-steps.js";
import { planInit, secretDestination } from "./init/plan-init.js";
import { playgroundNote, providersWithoutClientId } from "./init/playground.js";
import { reportInstallFailure } from "./init/report-install-failure.js";
import { confirmPlan } from "./present-plan.js";

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
  /** `--keep-on-install-failure`: a failed install leaves the written files in place. */
  keepOnInstallFailure?: boolean;
  force?: boolean;
  /** `--no-git-check` sets it false. */
  gitCheck?: boolean;
  /** `--entry`: the file that creates the app, or one that imports it. */
  entry?: string;
  /** `--migrate` / `--no-migrate`: create the auth tables during init (asked when undefined). */
  migrate?: boolean;
}

export type { Io };

/** The project, and the `--cwd` that selects it again when it was picked at a workspace root. */
async function detect(
  options: InitOptions,
  io: Io,
): Promise<{ project: ProjectInfo; chosenCwd?: string }> {
  const framework = options.framework;
  if (framework && !isFrameworkId(framework)) {
    const ids = frameworks.map((module) => module.id);
    throw new CliError(
      "invalid_flag",
      `--framework must be ${joinList(ids, "or")} (got "${framework}").`,
    );
  }
  const entry = options.entry;
  refusePlugAndPlay(options.cwd);
  try {
    return { project: detectProject(options.cwd, { framework, entry }) };
  } catch (error) {
    // At a workspace root, ask which app (when someone can be asked).
    if (!(error instanceof CliError) || error.code !== "monorepo_root" || !io.asker.interactive)
      throw error;
    const targets = (error.details?.targets ?? []) as { path: string; framework: string }[];
    const choice = await io.asker.prompter.select({
      message: "This is a workspace root. Which app?",
      options: targets.map((t) => ({ value: t.path, label: t.path, hint: t.framework })),
    });
    options.cwd = join(findPackageRoot(options.cwd), choice);
    const project = detectProject(options.cwd, { framework, entry });
    return { project, chosenCwd: relative(process.cwd(), project.root) || "." };
  }
}

/** The one-line command that repeats this run without prompts. */
export function reproduce(
  project: ProjectInfo,
  answers: Answers,
  {
    cwd,
    entry,
    install,
    runtimeSpec,
    force,
    gitCheck,
    migrate,
  }: Pick<InitOptions, "entry" | "install" | "runtimeSpec" | "force" | "gitCheck" | "migrate"> & {
    cwd?: string;
  } = {},
): string {
  const parts = [
    "npx create-auth init",
    ...(cwd ? [`--cwd ${cwd}`] : []),
    `--framework ${project.framework.framework}`,
    ...(entry ? [`--entry ${entry}`] : []),
    `--providers ${answers.providers.map((p) => p.id).join(",")}`,
    `--strategy ${answers.strategy}`,
    // Without the flag an app with an ORM gets it: declining it must be said.
    ...(answers.database
      ? [`--database ${answers.database}`]
      : project.orms.length
        ? ["--database none"]
        : []),
    `--mount ${answers.mount}`,
    ...(answers.trustProxy ? ["--trust-proxy"] : []),
    ...(answers.envFile !== project.envFile.file ? [`--env-path ${answers.envFile}`] : []),
    ...(answers.protect.length ? [`--protect ${answers.protect.join(",")}`] : []),
    ...(answers.demo ? ["--demo"] : []),
    ...(answers.playground ? ["--playground"] : []),
    // How the run installs and what it dares: without these the command does something else.
    ...(runtimeSpec ? [`--runtime-spec ${shellWord(runtimeSpec)}`] : []),
    ...(install === false ? ["--no-install"] : []),
    ...(force ? ["--force"] : []),
    ...(gitCheck === false ? ["--no-git-check"] : []),
    ...(migrate ? ["--migrate"] : []),
    "--yes",
  ];
  return parts.join(" ");
}

/** A value as one shell word: quoted when it holds anything but safe characters. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}

/**
 * `create-auth init`: detect the project, ask (or read flags), plan, show, apply atomically,
 * install, and print the next steps. Returns the exit code.
 */
export async function init(options: InitOptions, io: Io): Promise<number> {
  const { output } = io;
  const { project, chosenCwd } = await detect(options, io);
  output.title("Detected");
  for (const finding of project.findings)
    output.info(`${finding.label}: ${finding.value} ${output.dim(`(${finding.evidence})`)}`);
  for (const warning of project.warnings) output.warn(warning);

  // A project that has auth hears so first, before any question.
  const setUp = readSetUp(project);
  if (setUp) {
    output.line();
    output.success(describeSetUp(setUp));
    // `--protect` alone: the configured providers are the answer to "which providers".
    if (options.providers === undefined && options.protect !== undefined && setUp.providers.length)
      options.providers = setUp.providers.join(",");
    if (options.providers === undefined) return offerAdditions(project, setUp, options, io);
  }
  const answers = await collectAnswers(project, options, io.asker);
  // From a checkout of this repository (no runtime on the registry yet) the runtime is vendored.
  const checkout = options.runtimeSpec ? undefined : checkoutRuntime();
  const { plan, applied, configFile } = planInit(project, answers, { ...options, checkout });
  const vendored = plan.install?.vendor?.path;
  // A `*.tgz` line (GitHub's Node .gitignore has one) would keep the tarball out of the repository.
  if (vendored && project.git.repository && isIgnored(project.root, vendored))
    plan.manual.push(
      `git ignores ${vendored}: commit it anyway ("git add -f ${vendored}"), or "npm ci" fails on a fresh clone.`,
    );
  const document = {
    ok: true,
    command: "init",
    findings: project.findings,
    /** What detection could not settle, as printed before the questions. */
    warnings: project.warnings,
    answers: {
      ...answers,
      providers: answers.providers.map((p) => p.id),
      orm: answers.orm && {
        orm: answers.orm.orm,
        dialect: answers.orm.dialect,
        version: answers.orm.version,
        client: answers.orm.client?.file,
      },
      // Answers are shown, and a connection string carries a password.
      ...(answers.databaseUrl ? { databaseUrl: MASK } : {}),
    },
    plan: planJson(plan),
    applied: false,
    installed: false,
    resolution: undefined as { command: string; ms: number; warnings: string[] } | undefined,
    nextSteps: undefined as NextSteps | undefined,
    reproduce: reproduce(project, answers, { ...options, cwd: chosenCwd }),
  };

  const installCommand = plan.install && [plan.install.command, ...plan.install.args].join(" ");
  // The steps as of now: the plan's texts are what the files hold once it is applied.
  const stepsNow = (state: { install?: string; migrated?: boolean }) => {
    const read = (path: string) =>
      plan.files.find((file) => file.path === path)?.after ??
      new PlanBuilder(project.root).read(path);
    // Keys still blank in the env file; the email keys have working defaults (console delivery).
    const optional = new Set(["AUTH_EMAIL_SERVER", "AUTH_EMAIL_FROM"]);
    const envText = read(answers.envFile) ?? "";
    const emptyKeys = envAdditions(applied, "x")
      .filter((a) => !optional.has(a.key) && !envValue(envText, a.key))
      .map((a) => a.key);
    return nextSteps(project, applied, {
      config: { file: configFile, text: read(configFile) },
      emptyKeys,
      ...state,
    });
  };
  const printSteps = (steps: NextSteps) => {
    for (const step of plan.manual) output.warn(`By hand: ${step}`);
    output.line();
    output.title("Next steps");
    for (const step of numbered(steps.list)) output.info(step);
  };
  document.nextSteps = stepsNow({
    install: options.install === false ? installCommand : undefined,
  });
  if (plan.files.length === 0 && (!plan.install || options.install === false)) {
    output.success("Already set up: nothing to change.");
    if (plan.install)
      output.info(
        `Dependencies still to install: ${[plan.install.command, ...plan.install.args].join(" ")}`,
      );
    for (const step of plan.manual) output.warn(step);
    output.document(document);
    return ExitCode.ok;
  }
  const destination = secretDestination(project, plan, answers.envFile);
  if (destination) {
    output.line();
    output.info(destination);
  }
  if (
    !(await confirmPlan(io, plan, {
      yes: options.yes,
      dryRun: options.dryRun,
      diff: options.diff,
      dirty: options.gitCheck === false ? [] : project.git.dirty,
    }))
  ) {
    output.document(document);
    return ExitCode.ok;
  }

  const stepsBefore = document.nextSteps;
  try {
    const result = await applyAndInstall(
      plan,
      {
        root: project.root,
        pkg: project.pkg,
        manager: project.packageManager.name,
        evidence: project.packageManager.evidence,
      },
      applyOptionsFor(options, output, "init"),
    );
    document.installed = result.installed;
    if (result.resolution) document.resolution = result.resolution;
  } catch (error) {
    reportInstallFailure(error, output, {
      manager: project.packageManager.name,
      document,
      next: (outcome, printed) => {
        // The files are there: what is left still leads somewhere, the install first.
        if (outcome === "kept") {
          document.nextSteps = stepsNow({ install: installCommand });
          printSteps(document.nextSteps);
          return;
        }
        // Nothing was changed: what leads somewhere is fixing the install and running init again.
        const list = [
          `Fix what ${project.packageManager.name} reports${printed ? " above" : ""}.`,
          `Run init again: ${document.reproduce}`,
          `Or keep the files and install yourself: ${document.reproduce} --keep-on-install-failure`,
        ];
        document.nextSteps = { ...stepsBefore, list };
        output.line();
        output.title("Next steps");
        for (const step of numbered(list)) output.info(step);
      },
    });
  }
  document.applied = true;
  output.success(`Updated ${plan.files.length} file${plan.files.length === 1 ? "" : "s"}.`);
  if (applied.playground)
    output.info(
      playgroundNote(
        answers.envFile,
        providersWithoutClientId(project.root, answers.envFile, applied.providers),
      ),
    );
  if (plan.install?.vendor)
    output.info(
      `Vendored the runtime of this checkout as ${planPaths(plan).show(plan.install.vendor.path)} (commit it).`,
    );
  if (plan.install && options.install !== false) output.success("Installed the dependencies.");
  const migration = await migrateDuringInit(project.root, applied, options.migrate, io);
  if (migration.ran && !options.migrate)
    document.reproduce = reproduce(project, answers, {
      ...options,
      cwd: chosenCwd,
      migrate: true,
    });
  // Again now the files are written: a module's migration may depend on one (Prisma's snapshot).
  document.nextSteps = stepsNow({
    install: options.install === false ? installCommand : undefined,
    migrated: migration.ran,
  });
  if (migration.error && document.nextSteps.migrate)
    document.nextSteps.migrate.error = migration.error;
  printSteps(document.nextSteps);
  if (io.asker.interactive && !options.yes)
    output.info(`Next time, without questions: ${document.reproduce}`);
  output.document(document);
  return migration.error ? ExitCode.partial : ExitCode.ok;
}
