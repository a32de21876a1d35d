import { ignores } from "../../edit/gitignore.js";
import { moduleOf, type ProjectInfo } from "../../frameworks/registry.js";
import { planJestForEsmAdapter } from "../../orm/jest-esm-adapter.js";
import { moduleOfOrm } from "../../orm/registry.js";
import { planOrmSchema } from "../../orm/workspace-wiring.js";
import { type ChangeSet, PlanBuilder } from "../../plan/change-set.js";
import { generateSecret, planEnv } from "../../plan/env-plan.js";
import { isIgnored } from "../../project/git.js";
import { formatWithProject } from "../../project/project-formatter.js";
import {
  findsRuntime,
  MIN_TYPESCRIPT,
  moduleResolution,
  readTsConfig,
  typescriptTooOld,
} from "../../project/tsconfig.js";
import { envValue } from "../../syntax/dotenv.js";
import type { Answers } from "./answers.js";
import type { CheckoutRuntime } from "./checkout-runtime.js";
import { envAdditions, secretKeys } from "./config-module.js";
import { addProviderStep, providersMissingFrom } from "./existing-config.js";
import { installStep } from "./install.js";
import { planScriptEnvFiles } from "./script-env-files.js";

export interface InitPlan {
  plan: ChangeSet;
  /**
   * The answers the plan carries out: without the providers an existing configuration lacks
   * (those get a manual step naming `add-provider`, and no env keys).
   */
  applied: Answers;
  /** The configuration file (written by this plan, or the app's own). */
  configFile: string;
}

/** Builds the whole change set of `init` without touching the disk. */
export function planInit(
  project: ProjectInfo,
  answers: Answers,
  options: {
    force?: boolean;
    runtimeSpec?: string;
    checkout?: CheckoutRuntime;
    /** `--env-path`: the one file to write. */
    envFile?: string;
  },
): InitPlan {
  const plan = new PlanBuilder(project.root);
  const framework = moduleOf(project);
  const { configFile, existed } = framework.plan(plan, project, answers);
  // The app's ORM: the auth models or tables in its own schema language.
  const orm = answers.orm && moduleOfOrm(answers.orm);
  if (orm && answers.orm) {
    planOrmSchema(plan, answers.orm, existed ? undefined : configFile);
    planJestForEsmAdapter(plan, project.pkg, project.esm, orm.adapterPackage);
  }
  const missing = existed
    ? (providersMissingFrom(project.root, configFile, answers.providers) ?? [])
    : [];
  for (const provider of missing) plan.manual.push(addProviderStep(configFile, provider));
  const tsconfig = /\.[cm]?ts$/.test(configFile) ? readTsConfig(project.root) : undefined;
  if (tsconfig && !findsRuntime(tsconfig))
    plan.manual.push(
      `tsconfig.json resolves modules as "${moduleResolution(tsconfig)}", which never finds "${framework.config.importPath}" (TS2307): set "moduleResolution" to "NodeNext" or "Node10" (or "Bundler" with a bundler).`,
    );
  const oldTypescript = tsconfig && typescriptTooOld(project.root);
  if (oldTypescript)
    plan.manual.push(
      `Upgrade TypeScript (${oldTypescript} here): the runtime's declarations need ${MIN_TYPESCRIPT} or later, e.g. npm install --save-dev typescript@^5.`,
    );
  const applied = {
    ...answers,
    providers: answers.providers.filter((provider) => !missing.includes(provider)),
  };

  // envValue gives "" for `AUTH_SECRET=`: an empty secret is a missing one, yet it is kept.
  const existingSecret = envValue(plan.read(answers.envFile) ?? "", "AUTH_SECRET");
  planEnv(plan, {
    envFile: answers.envFile,
    additions: envAdditions(applied, existingSecret || generateSecret()),
    secrets: secretKeys(applied),
    ignore: answers.database === "embedded" ? [".auth/"] : [],
    force: options.force,
    gitRepository: project.git.repository,
  });
  planScriptEnvFiles(plan, project, answers, applied, options);
  const drivers = [
    ...(answers.database === "embedded" ? ["@electric-sql/pglite"] : []),
    ...(answers.database === "postgres" ? ["pg"] : []),
    ...(orm && answers.orm
      ? [orm.adapterSpec(answers.orm), ...(orm.extraPackages?.(answers.orm) ?? [])]
      : []),
    // Optional peers of the runtime the chosen providers load (nodemailer, @simplewebauthn/server).
    ...applied.providers.flatMap((p) => (p.peer ? [p.peer] : [])),
  ];
  plan.install = installStep(project, drivers, options.runtimeSpec, options.checkout);
  // The project's own formatter has the last word on the source files (never failing init).
  return { plan: formatWithProject(plan.build(), project.pkg), applied, configFile };
}

/**
 * "Writing AUTH_SECRET to .env.local (git-ignored)", when the plan writes a new secret: which
 * file gets it matters (a secret in a file the app does not load is no secret at all).
 */
export function secretDestination(
  project: ProjectInfo,
  plan: ChangeSet,
  envFile: string,
): string | undefined {
  const change = plan.files.find((file) => file.path === envFile);
  if (!change || envValue(change.before ?? "", "AUTH_SECRET") !== undefined) return undefined;
  if (envValue(change.after, "AUTH_SECRET") === undefined) return undefined;
  const gitignore = plan.files.find((file) => file.path === ".gitignore");
  const addsIgnore =
    gitignore !== undefined &&
    ignores(gitignore.after, envFile) &&
    !ignores(gitignore.before ?? "", envFile);
  const ignored =
    addsIgnore || !project.git.repository || isIgnored(project.root, envFile)
      ? `git-ignored${addsIgnore ? ": added to .gitignore" : ""}`
      : "not git-ignored";
  return `Writing AUTH_SECRET to ${envFile} (${ignored})`;
}
