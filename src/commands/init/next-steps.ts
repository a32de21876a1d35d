import { providerInfo } from "../../catalog/providers.js";
import type { ProjectInfo } from "../../frameworks/registry.js";
import { ormMigration, shownStep } from "../../orm/workspace-wiring.js";
import { startCommand } from "../../project/package-manager.js";
import type { Answers } from "./answers.js";

/** The command that creates the auth tables of the runtime's adapter or the app's ORM. */
export const MIGRATE_COMMAND = "npx create-auth migrate";

/** What is left to do after `init`, as data (the JSON document) and as numbered lines. */
export interface NextSteps {
  signIn: string;
  callbackUrls: { provider: string; url: string; console: string }[];
  /** How the auth tables reach the database; absent when nothing is to do (embedded, none). */
  migrate?: {
    command: string;
    /** The ORM tool's own steps that `migrate` runs (or prints). */
    steps?: string[];
    printOnly?: string;
    /** init ran it (`--migrate`, or yes to the question). */
    ran?: boolean;
    /** Why running it during init failed. */
    error?: string;
  };
  /** Where the Credentials provider's `authorize()` is, to be written (or its demo replaced). */
  credentials?: { file: string; line: number; demo: boolean };
  /** The command that starts the app, from its package.json scripts. */
  start?: string;
  /** The install command, when the dependencies are not installed (--no-install, a failure). */
  install?: string;
  /** Env keys still blank that the app needs. */
  fill?: { keys: string[]; file: string };
  /** The steps as printed, in order. */
  list: string[];
}

/** The 1-based line of `authorize(` in a configuration's text. */
export function authorizeLine(text: string): number | undefined {
  const index = text.search(/\bauthorize\s*\(/);
  return index < 0 ? undefined : text.slice(0, index).split("\n").length;
}

export interface NextStepInputs {
  /** The configuration file and its text after init (planned or written). */
  config: { file: string; text: string | undefined };
  /** Keys still blank in the env file. */
  emptyKeys: string[];
  /** The install command still to run, when it did not run. */
  install?: string;
  /** Whether init created the tables itself. */
  migrated?: boolean;
}

/**
 * The next steps of an `init`, specific to what was chosen: install, migrate, fill in keys,
 * register callback URLs, write `authorize()`, start the app, open the sign-in page.
 */
export function nextSteps(
  project: ProjectInfo,
  answers: Answers,
  inputs: NextStepInputs,
): NextSteps {
  const origin = `http://localhost:${project.port}`;
  const callbackUrls = answers.providers
    .filter((p) => p.kind === "oauth" || p.kind === "oidc")
    .map((p) => ({
      provider: p.id,
      url: `${origin}${answers.mount}/callback/${p.id}`,
      console: p.console ?? "",
    }));
  const orm = answers.orm;
  // The app's ORM owns its migrations: `create-auth migrate` runs (or prints) its tool's steps.
  // A PostgreSQL server needs the tables created once; the embedded database creates its own.
  const migration = orm && ormMigration(project.root, orm);
  const migrate: NextSteps["migrate"] = migration
    ? {
        command: MIGRATE_COMMAND,
        steps: migration.steps.map(shownStep),
        ...(migration.printOnly ? { printOnly: migration.printOnly } : {}),
      }
    : answers.database === "postgres"
      ? { command: MIGRATE_COMMAND }
      : undefined;
  if (migrate && inputs.migrated) migrate.ran = true;
  const line = answers.providers.some((p) => p.kind === "credentials")
    ? inputs.config.text && authorizeLine(inputs.config.text)
    : undefined;
  const credentials = line ? { file: inputs.config.file, line, demo: answers.demo } : undefined;
  const start = startCommand(project.packageManager.name, project.pkg.scripts);
  const signIn = `${origin}${answers.mount}/signin`;
  const fill = inputs.emptyKeys.length
    ? { keys: inputs.emptyKeys, file: answers.envFile }
    : undefined;

  const list: string[] = [];
  if (inputs.install) list.push(`Install the dependencies: ${inputs.install}`);
  if (migrate && !migrate.ran)
    list.push(
      migrate.printOnly
        ? `Create the auth tables (${migrate.printOnly}): ${migrate.steps?.join(" && ")}`
        : migrate.steps
          ? `Create the auth tables: ${migrate.command} (runs ${migrate.steps.join(", then ")})`
          : `Create the auth tables: ${migrate.command}`,
    );
  if (fill) list.push(`Fill in ${fill.keys.join(", ")} in ${fill.file}.`);
  for (const { provider, url, console } of callbackUrls)
    list.push(
      `Register ${url} as the callback URL of your ${providerInfo(provider)?.name ?? provider} app${console ? ` (${console})` : ""}.`,
    );
  if (credentials)
    list.push(
      credentials.demo
        ? `Replace the demo user in authorize() at ${credentials.file}:${credentials.line} with a lookup in your user store before going live.`
        : `Write your authorize() in ${credentials.file}:${credentials.line}: until it looks users up and checks their password, it refuses everyone.`,
    );
  if (answers.providers.some((p) => p.kind === "password"))
    list.push(
      `For production, set AUTH_EMAIL_SERVER (an SMTP URL) and AUTH_EMAIL_FROM in ${answers.envFile} or the server's environment: without a server, confirmation and reset mails fail there (in development they are printed to the console).`,
    );
  list.push(start ? `Start the app: ${start}` : "Start the app.");
  list.push(`Open ${signIn}`);
  return {
    signIn,
    callbackUrls,
    ...(migrate ? { migrate } : {}),
    ...(credentials ? { credentials } : {}),
    ...(start ? { start } : {}),
    ...(inputs.install ? { install: inputs.install } : {}),
    ...(fill ? { fill } : {}),
    list,
  };
}

/** Numbered, in text mode: `1. Install …`, `2. Create the auth tables: …`. */
export function numbered(list: string[]): string[] {
  return list.map((step, index) => `${index + 1}. ${step}`);
}
