import { Command, Option } from "commander";
import { CLI_VERSION } from "./commands/init/config-module.js";
import { init } from "./commands/init.js";
import { CliError, ExitCode } from "./errors.js";
import { Asker, isInteractive, type Prompter } from "./ui/ask.js";
import { Output } from "./ui/output.js";

interface GlobalOptions {
  json?: boolean;
  yes?: boolean;
}

/** Runs a command with the shared output, prompts and error handling; returns the exit code. */
async function run(
  options: GlobalOptions,
  prompter: Prompter | undefined,
  body: (io: { output: Output; asker: Asker }) => Promise<number>,
) {
  const output = Output.forTerminal(Boolean(options.json));
  const asker = new Asker(!options.json && isInteractive(), Boolean(options.yes), prompter);
  try {
    return await body({ output, asker });
  } catch (error) {
    const known = error instanceof CliError;
    const code = known ? error.code : "internal_error";
    const message = known
      ? error.message
      : `Unexpected error: ${(error as Error).stack ?? String(error)}`;
    if (!(error as { reported?: boolean }).reported) {
      output.document({
        ok: false,
        error: { code, message, ...(known && error.details ? { details: error.details } : {}) },
      });
    }
    output.error(message);
    return known ? error.exitCode : ExitCode.error;
  }
}

/** The program: both bins (`create-auth` and `auth`) run it. */
export function program(prompter?: Prompter): Command {
  const cli = new Command("create-auth")
    .description("Add authentication to an existing Express or SolidStart app.")
    .version(CLI_VERSION, "-v, --version")
    .showHelpAfterError()
    .exitOverride();

  cli
    .command("init")
    .description("detect the project, then plan, preview and apply the auth set-up")
    .option("--cwd <dir>", "the project folder", process.cwd())
    .addOption(
      new Option("--framework <name>", "skip detection").choices(["express", "solid-start"]),
    )
    .option(
      "--providers <ids>",
      "sign-in methods, comma-separated (github,google,credentials,email,…)",
    )
    .addOption(
      new Option("--strategy <strategy>", "where sessions live").choices(["jwt", "database"]),
    )
    .addOption(
      new Option("--database <database>", "database for sessions and email").choices([
        "embedded",
        "postgres",
        "none",
      ]),
    )
    .option("--database-url <url>", "PostgreSQL connection string (with --database postgres)")
    .option(
      "--mount <path>",
      "where the auth endpoints live (Express default /auth, SolidStart /api/auth)",
    )
    .option("--trust-proxy", "the app runs behind a reverse proxy")
    .option("--env-file <file>", "env file to write (default .env)")
    .option("--protect <paths>", "SolidStart: paths to protect with middleware, comma-separated")
    .option("--demo", "generate a demo credentials user (demo@example.com / demo1234)")
    .option("-y, --yes", "take defaults and apply without asking")
    .option("--dry-run", "print the plan and write nothing")
    .option("--diff", "print the unified diffs and write nothing")
    .option("--json", "print one JSON document (plan, result or error)")
    .option("--no-install", "print the install command instead of running it")
    .option(
      "--runtime-spec <spec>",
      "dependency spec for @create-auth/runtime (a version, path or tarball)",
    )
    .option("--force", "write a secret even into an env file git tracks")
    .option("--no-git-check", "do not warn about uncommitted changes")
    .action(async (options) => {
      process.exitCode = await run(options, prompter, (io) => init(options, io));
    });
  return cli;
}

/** Entry point of the bins. */
export async function main(argv = process.argv): Promise<void> {
  try {
    await program().parseAsync(argv);
  } catch (error) {
    // commander's own exits (--help, --version, a usage error) carry their exit code.
    const exitCode = (error as { exitCode?: number }).exitCode;
    process.exitCode = typeof exitCode === "number" ? exitCode : ExitCode.error;
  }
}
