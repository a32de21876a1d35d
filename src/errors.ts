/** Exit codes of every command (documented in docs/cli.md). */
export const ExitCode = {
  ok: 0,
  /** Nothing was changed, or everything was rolled back. */
  error: 1,
  /** Files were changed but a later step (installing dependencies) failed. */
  partial: 2,
  /** The user cancelled a prompt (Ctrl-C). */
  cancelled: 130,
} as const;

/**
 * An expected failure with a stable `code` (for `--json`) and a message written for the user.
 * Anything else that escapes a command is a bug and is reported as `internal_error`.
 */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: number = ExitCode.error,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** The user pressed Ctrl-C or Escape at a prompt. */
export class Cancelled extends CliError {
  constructor() {
    super("cancelled", "Cancelled: nothing was changed.", ExitCode.cancelled);
  }
}
