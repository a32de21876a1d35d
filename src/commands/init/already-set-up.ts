import { databaseSnippet } from "../../catalog/database-snippet.js";
import { providers } from "../../catalog/providers.js";
import { ExitCode } from "../../errors.js";
import { readAuthSetup } from "../../frameworks/auth-setup.js";
import type { ProjectInfo } from "../../frameworks/registry.js";
import type { Io } from "../../ui/io.js";
import { joinList } from "../../ui/join-list.js";
import { addProvider } from "../add-provider.js";

/** What an existing set-up has: found before any question is asked. */
export interface SetUp {
  /** The configuration file and the line of the configuration. */
  config: string;
  line: number;
  /** The catalog ids it configures (`email` also for the nodemailer preset). */
  providers: string[];
  database: boolean;
  strategy: string;
}

/** One thing that can still be added, and how. */
export interface Suggestion {
  /** `provider:<id>` or `database`. */
  value: string;
  label: string;
  /** The command that adds it. */
  command?: string;
  /** The lines to add by hand (the database: no command rewrites a configuration). */
  snippet?: string[];
}

/**
 * The set-up of a project that already has auth: a configuration and its endpoints mounted.
 * Undefined otherwise (nothing, or half of it: then `init` plans the rest as usual).
 */
export function readSetUp(project: ProjectInfo): SetUp | undefined {
  try {
    const { config, mounts } = readAuthSetup(project.root);
    if (!mounts.length) return undefined;
    const present = new Set(config.providers.flatMap((p) => [p.id, p.preset]).filter(Boolean));
    if (present.has("nodemailer")) present.add("email");
    return {
      config: config.file,
      line: config.line,
      providers: providers.filter((p) => present.has(p.id)).map((p) => p.id),
      database: config.adapter !== undefined,
      strategy: config.strategy?.value ?? (config.adapter ? "database" : "jwt"),
    };
  } catch {
    return undefined;
  }
}

/** How many of the catalogue's first providers the "what to add" select lists by name. */
const FEATURED = 16;
const LIST_COMMAND = "npx create-auth add-provider --list";

/** A sign-in provider suggestion other than credentials, email, passkeys and passwords. */
const isOAuth = (s: Suggestion) =>
  s.command !== undefined && !/credentials|email|passkey|password$/.test(s.value);

/** What can still be added to `setUp`: providers it lacks, a database when it has none. */
export function suggestions(project: ProjectInfo, setUp: SetUp): Suggestion[] {
  const missing = providers.filter((p) => !setUp.providers.includes(p.id));
  const list: Suggestion[] = missing.map((p) => ({
    value: `provider:${p.id}`,
    label: `Add ${p.name}${p.needsDatabase && !setUp.database ? " (needs a database first)" : ""}`,
    command: `npx create-auth add-provider ${p.id}`,
  }));
  if (!setUp.database) {
    const { importLine, property } = databaseSnippet(project.root, setUp.config, project.esm);
    list.push({
      value: "database",
      label: "Keep users and sessions in a database (embedded PGlite)",
      snippet: [
        `In ${setUp.config}: ${importLine}`,
        `and in the configuration: ${property}`,
        "then install @electric-sql/pglite (docs/adapters.md)",
      ],
    });
  }
  return list;
}

/** The one line that says what is there. */
export function describeSetUp(setUp: SetUp): string {
  const names = setUp.providers.map((id) => providers.find((p) => p.id === id)?.name ?? id);
  const signIn = names.length ? joinList(names, "and") : "no provider init knows";
  const sessions = setUp.strategy === "jwt" ? "sessions in a cookie" : `${setUp.strategy} sessions`;
  return `Auth is already set up: ${setUp.config}:${setUp.line} configures ${signIn} (${sessions}, ${setUp.database ? "a database" : "no database"}).`;
}

/**
 * `init` without `--providers` on a project that has auth: says so (the caller already did),
 * then offers what can still be added — a select in a terminal (a provider runs `add-provider`),
 * else the list with the commands, exit 0.
 */
export async function offerAdditions(
  project: ProjectInfo,
  setUp: SetUp,
  options: { yes?: boolean; install?: boolean; keepOnInstallFailure?: boolean; envFile?: string },
  io: Io,
): Promise<number> {
  const { output } = io;
  const offered = suggestions(project, setUp);
  if (io.asker.interactive && !io.asker.yes) {
    // The catalogue is long: the select offers the providers listed first (and every
    // non-OAuth method), and points to the searchable list for the rest.
    const featured = new Set(providers.slice(0, FEATURED).map((p) => `provider:${p.id}`));
    const shown = offered.filter(
      (s) => !s.value.startsWith("provider:") || featured.has(s.value) || !isOAuth(s),
    );
    const rest = offered.length - shown.length;
    const choice = await io.asker.prompter.select({
      message: "What would you like to add?",
      options: [
        ...shown.map((s) => ({ value: s.value, label: s.label, hint: s.command })),
        ...(rest > 0
          ? [{ value: "more", label: `Another provider (${rest} more)`, hint: LIST_COMMAND }]
          : []),
        { value: "nothing", label: "Nothing for now" },
      ],
      initialValue: "nothing",
    });
    if (choice === "more") {
      output.info(
        `Search the catalogue with ${LIST_COMMAND} [text], then: npx create-auth add-provider <id>`,
      );
      return ExitCode.ok;
    }
    const picked = offered.find((s) => s.value === choice);
    if (picked?.value.startsWith("provider:"))
      return addProvider(
        picked.value.slice("provider:".length),
        {
          cwd: project.root,
          install: options.install,
          keepOnInstallFailure: options.keepOnInstallFailure,
          envFile: options.envFile,
        },
        io,
      );
    for (const line of picked?.snippet ?? []) output.info(line);
    return ExitCode.ok;
  }
  const oauth = offered.filter(isOAuth);
  const others = offered.filter((s) => !oauth.includes(s));
  output.line();
  output.title("What can still be added");
  if (oauth.length)
    output.info(
      `Another sign-in provider: npx create-auth add-provider <id> (${oauth.map((s) => s.value.slice("provider:".length)).join(", ")})`,
    );
  for (const s of others) {
    output.info(s.command ? `${s.label}: ${s.command}` : `${s.label}:`);
    for (const line of s.snippet ?? []) output.info(`  ${line}`);
  }
  output.info(
    "init --providers … checks the set-up again and adds only what is missing (an existing configuration is never rewritten).",
  );
  output.document({
    ok: true,
    command: "init",
    findings: project.findings,
    setUp,
    suggestions: offered,
  });
  return ExitCode.ok;
}
