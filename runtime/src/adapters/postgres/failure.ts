import { DependencyTimeout, DependencyUnavailable } from "../../errors.js";

/** How long a client is told to wait (`Retry-After`) after the database failed to answer. */
export const DATABASE_RETRY_AFTER = 5;

/** The SQLSTATE of a statement the server cancelled (`statement_timeout`): the server is alive. */
const STATEMENT_CANCELLED = "57014";

/** Whether `failure` (from {@link databaseFailure}) says the connection, not the statement, failed. */
export function isConnectionFailure(failure: unknown): boolean {
  return (
    failure instanceof DependencyUnavailable &&
    (failure.cause as { code?: unknown } | undefined)?.code !== STATEMENT_CANCELLED
  );
}

/** `pg`'s own time-outs: waiting for a pooled client, connecting, and reading a query's answer. */
const TIMEOUT_MESSAGES =
  /timeout exceeded when trying to connect|connection timeout|Query read timeout/i;
/** Messages of `pg` errors that mean the connection, not the statement, failed. */
const CONNECTION_MESSAGES = /Connection terminated|connection (?:is )?(?:closed|ended|lost)/i;

/**
 * An error from `pg` as the runtime reports it: a time-out as {@link DependencyTimeout}, a lost
 * or refused connection as {@link DependencyUnavailable}, anything the server said about the
 * statement itself (a constraint, a syntax error) unchanged. SQLSTATE classes that mean the
 * server cannot serve: 08 (connection exception), 53 (insufficient resources), 57P01–57P05
 * (shutdown, cannot connect now); 57014 is a statement cancelled by `statement_timeout`.
 */
export function databaseFailure(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof DependencyUnavailable) return error;
  const code = (error as { code?: unknown }).code;
  const options = {
    cause: error,
    retryAfter: DATABASE_RETRY_AFTER,
    dependency: "database" as const,
  };
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
    if (code === STATEMENT_CANCELLED)
      return new DependencyTimeout("The database cancelled a statement that ran too long", options);
    if (/^(?:08|53|57P0)/.test(code))
      return new DependencyUnavailable(`The database cannot serve: ${error.message}`, options);
    return error;
  }
  if (TIMEOUT_MESSAGES.test(error.message))
    return new DependencyTimeout(`The database did not answer in time (${error.message})`, options);
  const systemError = typeof code === "string" && /^E[A-Z]+$/.test(code);
  if (systemError || CONNECTION_MESSAGES.test(error.message))
    return new DependencyUnavailable(`The database is unreachable (${error.message})`, options);
  return error;
}
