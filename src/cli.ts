import { basename } from "node:path";
import { Command, Option } from "commander";
import { listProviders } from "./commands/add-provider/list.js";
import { addProvider } from "./commands/add-provider.js";
import { check } from "./commands/check.js";
import { CLI_VERSION } from "./commands/init/config-module.js";
import { init } from "./commands/init.js";
import { migrateCommand } from "./commands/migrate.js";
import { pruneCommand } from "./commands/prune.js";
import { secret } from "./commands/secret.js";
import { CliError, ExitCode } from "./errors.js";
import { frameworks } from "./frameworks/registry.js";
import { orms } from "./orm/registry.js";
import { Asker, isInteractive, type Prompter } from "./ui/ask.js";
import { envPathOption, legacyEnvFileOption } from "./ui/env-path-option.js";
import { keepOnInstallFailureOption, noInstallOption } from "./ui/install-options.js";
import { joinList } from "./ui/join-list.js";
import { Output } from "./ui/output.js";

interface GlobalOptions {
  json?: boolean;
  yes?: boolean;
  cwd?: string;
}

/** Runs a command with the shared output, prompts and error handling; returns the exit code. */
async function run(
  options: GlobalOptions,
  prompter: Prompter | undefined,
  body: (io: { output: Output; asker: Asker }) => Promise<number>,
) {
  options.cwd ??= process.cwd();
  const output = Output.forTerminal(Boolean(options.json));
  const asker = new Asker(!options.json && isInteractive(), Boolean(options.yes), prompter);
  try {
    return await body({ output, asker });
  } catch (error) {
    const known = error instanceof CliError;
    const code = known ? error.code : "internal_error";
    // A bug gets one line; the stack trace only on request, for the bug report.
    const debug = Boolean(process.env.CREATE_AUTH_DEBUG);
    const reason = debug ? ((error as Error).stack ?? String(error)) : (error as Error).message;
    const message = known
      ? error.message
      : `Unexpected error: ${reason}${debug ? "" : "\nThis is a bug in create-auth: please report it with the output of the same command run with CREATE_AUTH_DEBUG=1."}`;
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

/** How `migrate` and `prune` find the database: the same options, the same defaults. */
function databaseOptions(command: Command, withOrms = false): Command {
  return command
    .option("--cwd <dir>", "the project folder (default: the current folder)")
    .option("--config <file>", "the file holding the auth configuration (found otherwise)")
    .addOption(
      new Option(
        "--database <database>",
        "which database (default: the configured adapter's)",
      ).choices([...(withOrms ? orms.map((orm) => orm.id) : []), "embedded", "postgres"]),
    )
    .option("--database-url <url>", "PostgreSQL connection string (default: DATABASE_URL)")
    .option("--dir <path>", "the embedded database folder (default: the configured one, .auth/db)")
    .addOption(envPathOption("env file to read DATABASE_URL from"))
    .addOption(legacyEnvFileOption());
}

/** The program: both bins (`create-auth` and `auth`) run it. */
export function program(prompter?: Prompter): Command {
  const names = frameworks.map((framework) => framework.name);
  const cli = new Command("create-auth")
    .description(`Add authentication to an existing ${joinList(names, "or")} app.`)
    .version(CLI_VERSION, "-v, --version")
    .showHelpAfterError()
    .exitOverride();

  const initCommand = cli
    .command("init")
    .description("detect the project, then plan, preview and apply the auth set-up")
    .option("--cwd <dir>", "the project folder (default: the current folder)")
    .addOption(
      new Option("--framework <name>", "skip detection").choices(
        frameworks.map((framework) => framework.id),
      ),
    )
    .option(
      "--providers <ids>",
      "sign-in methods, comma-separated (github,google,credentials,email,…)",
    )
    .addOption(
      new Option("--strategy <strategy>", "where sessions live").choices(["jwt", "database"]),
    )
    .addOption(
      new Option(
        "--database <database>",
        "where users live: the app's ORM (detected by default), the embedded PGlite folder, a PostgreSQL server, or none",
      ).choices([...orms.map((orm) => orm.id), "embedded", "postgres", "none"]),
    )
    .option("--database-url <url>", "PostgreSQL connection string (with --database postgres)")
    .option(
      "--mount <path>",
      `where the auth endpoints live (${frameworks
        .map((framework) => `${framework.name} default ${framework.defaultMount}`)
        .join(", ")})`,
    )
    .option("--trust-proxy", "the app runs behind a reverse proxy")
    .addOption(envPathOption("env file to write (default: the one the app loads, else .env)"))
    .addOption(legacyEnvFileOption());
  // Options only some frameworks take (`--entry`, `--protect`), in registry order, each said to
  // be for the frameworks that declare it.
  const frameworkOptions = new Map<string, { description: string; names: string[] }>();
  for (const framework of frameworks)
    for (const option of framework.cliOptions) {
      const known = frameworkOptions.get(option.flags);
      if (known) known.names.push(framework.name);
      else frameworkOptions.set(option.flags, { ...option, names: [framework.name] });
    }
  for (const [flags, { description, names }] of frameworkOptions)
    initCommand.option(flags, `${names.join(", ")}: ${description}`);
  initCommand
    .option("--demo", "generate a demo credentials user (demo@example.com / demo1234)")
    .option(
      "--playground",
      "write AUTH_PLAYGROUND=true: OAuth providers without a client id sign in with test users on localhost (development only; asked when OAuth ids are missing, off with --yes)",
    )
    .option("--no-playground", "do not turn on the sign-in playground")
    .option("-y, --yes", "take defaults and apply without asking")
    .option("--dry-run", "print the plan and write nothing")
    .option("--diff", "print the unified diffs and write nothing")
    .option("--json", "print one JSON document (plan, result or error)")
    .addOption(noInstallOption())
    .addOption(keepOnInstallFailureOption())
    .option(
      "--runtime-spec <spec>",
      "dependency spec for @create-auth/runtime (a version, path or tarball; default: the registry, or the runtime of a checkout, vendored)",
    )
    .option(
      "--migrate",
      "create the auth tables during init (default: asked in a terminal when a PostgreSQL server answers, else printed as a step)",
    )
    .option("--no-migrate", "do not create the auth tables, nor ask")
    .option("--force", "write a secret even into an env file git tracks")
    .option("--no-git-check", "do not warn about uncommitted changes")
    .action(async (options) => {
      process.exitCode = await run(options, prompter, (io) => init(options, io));
    });

  cli
    .command("add-provider")
    .argument(
      "[id]",
      "provider id (github, google, oidc, credentials, email, …); with --list, a search",
    )
    .description("add a sign-in provider to an existing auth set-up, or --list the catalogue")
    .option("--list", "list the providers (those whose id or name contains [id] when given)")
    .option("--cwd <dir>", "the project folder (default: the current folder)")
    .option("--config <file>", "the file holding the auth configuration (found otherwise)")
    .option("--id <name>", "oidc only: the id of this OpenID provider (callback /callback/<name>)")
    .option("--name <text>", "oidc only: the name on its sign-in button (default: the id)")
    .option(
      "--issuer <url>",
      "issuer URL (providers that need one, and oidc); its discovery document is checked first",
    )
    .option("--no-discovery", "write the issuer without reading its discovery document")
    .option("--timeout <ms>", "bound of the discovery request (default 5000)")
    .option("--client-id <id>", "the client id (the secret is never taken from the command line)")
    .option("--client-secret-stdin", "read the client secret from standard input")
    .addOption(envPathOption("env file to write (default: the one the app loads, else .env)"))
    .addOption(legacyEnvFileOption())
    .option("-y, --yes", "apply without asking")
    .option("--dry-run", "print the plan and write nothing")
    .option("--diff", "print the unified diffs and write nothing")
    .option("--json", "print one JSON document")
    .addOption(noInstallOption())
    .addOption(keepOnInstallFailureOption())
    .option("--force", "write a secret even into an env file git tracks")
    .action(async (id: string | undefined, options) => {
      process.exitCode = await run(options, prompter, async (io) => {
        if (options.list) {
          const adding = [
            "id",
            "name",
            "issuer",
            "clientId",
            "clientSecretStdin",
            "dryRun",
            "diff",
          ];
          const given = adding.filter((key) => options[key] !== undefined);
          if (given.length)
            throw new CliError(
              "invalid_flag",
              `--list only lists: ${given.map((key) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(", ")} belong to adding a provider.`,
            );
          return listProviders(id, options, io);
        }
        if (id === undefined)
          throw new CliError(
            "missing_answer",
            "Missing the provider id: add-provider github (add-provider --list shows them).",
            ExitCode.error,
            { flag: "<id>" },
          );
        return addProvider(id, options, io);
      });
    });

  cli
    .command("secret")
    .description("generate AUTH_SECRET, or rotate it across instances without signing anyone out")
    .option("--cwd <dir>", "the project folder (default: the current folder)")
    .addOption(envPathOption("env file to write (default: the one the app loads, else .env)"))
    .addOption(legacyEnvFileOption())
    .option(
      "--rotate",
      "phase 1 of a rolling rotation: write AUTH_SECRET_NEXT, accepted by the app but never used to issue",
    )
    .option(
      "--promote",
      "phase 2: move AUTH_SECRET_NEXT to the next AUTH_SECRET_n, which issues; older secrets stay accepted",
    )
    .option("--raw", "print only a new secret, for piping; write nothing")
    .option(
      "--force",
      "replace an existing AUTH_SECRET (signs everyone out), or write into a tracked file",
    )
    .option("-y, --yes", "apply without asking (a rotation is confirmed otherwise)")
    .option("--dry-run", "show what would be written")
    .option("--json", "print one JSON document")
    .action(async (options) => {
      process.exitCode = await run(options, prompter, (io) => secret(options, io));
    });
  cli
    .command("check")
    .description(
      "lint the auth set-up statically (never runs your code); --online also probes the database, issuers and AUTH_URL",
    )
    .option("--cwd <dir>", "the project folder (default: the current folder)")
    .option("--config <file>", "the file holding the auth configuration (found otherwise)")
    .addOption(envPathOption("env file to read (default: the one the app loads, else .env)"))
    .addOption(legacyEnvFileOption())
    .option("--strict", "fail on warnings too")
    .option("--fix", "apply the fixes that cannot break the app, then check again")
    .option("--dry-run", "with --fix: print the fixes and write nothing")
    .option("--rule <ids>", "run only these rules, comma-separated")
    .option("--list", "list the rules")
    .option(
      "--online",
      "also connect (read-only) to the database, the OIDC issuers and AUTH_URL, and check them",
    )
    .option("--timeout <ms>", "with --online: each probe's bound (default 5000)")
    .option("--json", "print one JSON document (the same as --format json)")
    .addOption(new Option("--format <format>", "output format").choices(["text", "json", "sarif"]))
    .action(async (options) => {
      // A document format prints that document alone, like --json.
      options.cwd ??= process.cwd();
      const json = Boolean(options.json) || ["json", "sarif"].includes(options.format);
      process.exitCode = await run({ ...options, json }, prompter, (io) => check(options, io));
    });

  databaseOptions(
    cli
      .command("migrate")
      .description(
        "create the auth tables in the configured database (idempotent); with the app's ORM, through its own migration tool",
      ),
    true,
  )
    .option("--dry-run", "print the SQL and change nothing")
    .option("--json", "print one JSON document")
    .action(async (options) => {
      process.exitCode = await run(options, prompter, (io) => migrateCommand(options, io));
    });

  databaseOptions(
    cli
      .command("prune")
      .description(
        "delete expired sessions, verification tokens and rate-limit rows (for cron; exit 0 done, 1 failed)",
      ),
  )
    .option("--batch-size <rows>", "rows per delete statement (default 1000)")
    .option("--dry-run", "count what has expired and delete nothing")
    .option("--json", "print one JSON document")
    .action(async (options) => {
      process.exitCode = await run(options, prompter, (io) => pruneCommand(options, io));
    });

  return cli;
}

/**
 * `create-auth` alone (or with init's options only) starts `init`, as `create-*` tools start
 * their wizard; `auth` alone prints the help, being the name for the other commands.
 */
export function withDefaultCommand(argv: string[]): string[] {
  const bin = basename(argv[1] ?? "").replace(/\.[cm]?js$/, "");
  const first = argv[2];
  const helpOrVersion = ["-h", "--help", "-v", "--version"];
  if (
    bin === "auth" ||
    (first !== undefined && (!first.startsWith("-") || helpOrVersion.includes(first)))
  )
    return argv;
  return [...argv.slice(0, 2), "init", ...argv.slice(2)];
}

/** Entry point of the bins. */
export async function main(given = process.argv): Promise<void> {
  const argv = withDefaultCommand(given);
  // `create-auth check | head`: a reader that goes away early is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  const json =
    argv.includes("--json") ||
    argv.some(
      (arg, i) =>
        /^--format=(json|sarif)$/.test(arg) ||
        (arg === "--format" && /^(json|sarif)$/.test(argv[i + 1] ?? "")),
    );
  const cli = program();
  let usage = "";
  // With --json a usage error is a JSON document too, not commander's text.
  if (json)
    for (const command of [cli, ...cli.commands])
      command.configureOutput({ writeErr: (text) => (usage += text) });
  try {
    await cli.parseAsync(argv);
  } catch (error) {
    // commander's own exits (--help, --version, a usage error) carry their exit code.
    const { exitCode, code } = error as { exitCode?: number; code?: string };
    if (json && usage && code !== "commander.helpDisplayed" && code !== "commander.version") {
      const message = usage
        .replace(/^error: /, "")
        .split("\n")[0]!
        .trim();
      process.stdout.write(
        `${JSON.stringify({ ok: false, error: { code: "usage", message } }, null, 2)}\n`,
      );
    }
    process.exitCode = typeof exitCode === "number" ? exitCode : ExitCode.error;
  }
}
