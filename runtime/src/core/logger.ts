import { AuthError } from "../errors.js";
import type { AuthConfig, LoggerInstance, WarningCode } from "../types.js";
import { logText } from "./log-text.js";

const warningText: Record<WarningCode, string> = {
  "debug-enabled":
    "Debug logging is on: it can print tokens and personal data. Never in production.",
  "csrf-disabled":
    "CSRF protection is off (skipCSRFCheck). Only the framework may guarantee it now.",
  "env-url-basepath-redundant": "Both basePath and AUTH_URL's path are set; basePath wins.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from basePath; basePath wins.",
  "experimental-webauthn": "WebAuthn is experimental: its API may change in a minor release.",
  "housekeeping-unsupported":
    "The adapter cannot delete expired rows in bulk: expired sessions and tokens stay in its database until you delete them (see docs/operations.md#housekeeping), or set housekeeping: false.",
  "rate-limit-store-failed-open":
    "The rate-limit store failed: with rateLimit.failClosed false, sign-ins go through uncounted until it answers (said once per window).",
  // The Express adapter prints these with the paths involved; the text here is the gist.
  "express-root-mount": "ExpressAuth is mounted without a path: it serves under basePath (/auth).",
  "express-mount-basepath-mismatch": "ExpressAuth's mount path differs from basePath.",
  "express-basepath-unknown":
    "requireAuth does not know where ExpressAuth is mounted: set basePath.",
};

/**
 * An error and its causes, one line each (plus a few stack lines of a cause that is not ours),
 * every part escaped with {@link logText}: a message is never more than one line.
 */
function describe(error: Error): string {
  let text = `[auth][error] ${logText(`${error.name}: ${error.message}`)}`;
  let cause = error.cause;
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    text += `\n[auth][cause] ${logText(`${cause.name}: ${cause.message}`)}`;
    if (!(cause instanceof AuthError) && cause.stack) {
      const frames = cause.stack.split("\n").filter((line) => /^\s+at /.test(line));
      text += `\n${frames.slice(0, 5).map(logText).join("\n")}`;
    }
    cause = cause.cause;
  }
  return text;
}

/**
 * The logger for a configuration: each of the user's overrides replaces its level, the console
 * does the rest. `debug: true` only switches on the *console* debug output: a user's own
 * `logger.debug` is always called, as in Auth.js, because supplying it is the opt-in.
 */
export function createLogger(config: Pick<AuthConfig, "logger" | "debug">): LoggerInstance {
  const user = config.logger ?? {};
  return {
    error: user.error ?? ((error) => console.error(describe(error))),
    warn: user.warn ?? ((code) => console.warn(`[auth][warn][${code}] ${warningText[code] ?? ""}`)),
    debug:
      user.debug ??
      (config.debug
        ? (message, metadata) => console.debug(`[auth][debug] ${logText(message)}`, metadata ?? "")
        : () => {}),
  };
}
