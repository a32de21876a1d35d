import { connect } from "node:net";
import { CliError } from "../../errors.js";
import type { Io } from "../../ui/io.js";
import { Output } from "../../ui/output.js";
import { chooseTarget, describeTarget, migrateCommand } from "../migrate.js";
import type { Answers } from "./answers.js";

/** How long a PostgreSQL server may take to accept a connection before init stops offering. */
const REACHABLE_MS = 2000;

/** Whether a TCP connection to the server of `url` opens within {@link REACHABLE_MS}. */
export function answersWithin(url: string, ms = REACHABLE_MS): Promise<boolean> {
  let host: string;
  let port: number;
  try {
    const parsed = new URL(url);
    // A socket folder (`?host=/var/run/postgresql`) or no host: not probed, so not offered.
    if (!parsed.hostname || parsed.searchParams.get("host")?.startsWith("/"))
      return Promise.resolve(false);
    host = parsed.hostname.replace(/^\[|\]$/g, "");
    port = Number(parsed.port || 5432);
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** What became of the migration during init. */
export interface MigrationOutcome {
  ran: boolean;
  /** Why it failed, when it was tried. */
  error?: string;
}

/**
 * Creates the auth tables as part of `init` when asked: `--migrate`, or yes to the question,
 * which is asked only in a terminal, only for a PostgreSQL server that answers within two
 * seconds (the embedded database creates its tables when it is first opened; an ORM's steps are
 * its own tool's, run with `--migrate` or `create-auth migrate`). Without a terminal and without
 * the flag nothing runs: the step is printed. A failure is reported, never thrown: the files are
 * written and the step stays in the list.
 */
export async function migrateDuringInit(
  root: string,
  answers: Answers,
  flag: boolean | undefined,
  io: Io,
): Promise<MigrationOutcome> {
  if (answers.database === undefined || flag === false) return { ran: false };
  const options = {
    cwd: root,
    database: answers.database,
    databaseUrl: answers.databaseUrl,
    envFile: answers.envFile,
  };
  if (flag === undefined) {
    if (!io.asker.interactive || io.asker.yes || answers.database !== "postgres")
      return { ran: false };
    let target: ReturnType<typeof chooseTarget>;
    try {
      target = chooseTarget(root, options);
    } catch {
      return { ran: false };
    }
    if (target.kind !== "postgres" || !(await answersWithin(target.url))) return { ran: false };
    const yes = await io.asker.prompter.confirm({
      message: `Create the auth tables now in the ${describeTarget(root, target)}?`,
      initialValue: true,
    });
    if (!yes) return { ran: false };
  }
  // With --json the migration's own document would be a second one: it reports into this one.
  const output = io.output.json
    ? new Output({ json: true, color: false, sink: { out: () => {}, err: () => {} } })
    : io.output;
  try {
    await migrateCommand(options, { output, asker: io.asker });
    return { ran: true };
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.output.warn(`Creating the auth tables failed: ${error.message}`);
    return { ran: false, error: error.message };
  }
}
