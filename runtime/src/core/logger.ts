import { AuthError } from "../errors.js";
import type { AuthConfig, LoggerInstance, WarningCode } from "../types.js";

const warningText: Record<WarningCode, string> = {
  "debug-enabled":
    "Debug logging is on: it can print tokens and personal data. Never in production.",
  "csrf-disabled":
    "CSRF protection is off (skipCSRFCheck). Only the framework may guarantee it now.",
  "env-url-basepath-redundant": "Both basePath and AUTH_URL's path are set; basePath wins.",
  "env-url-basepath-mismatch": "AUTH_URL's path differs from basePath; basePath wins.",
  "experimental-webauthn": "WebAuthn is experimental: its API may change in a minor release.",
};

function describe(error: Error): string {
  let text = `[auth][error] ${error.name}: ${error.message}`;
  let cause = error.cause;
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    text += `\n[auth][cause] ${cause.name}: ${cause.message}`;
    if (!(cause instanceof AuthError) && cause.stack) {
      text += `\n${cause.stack.split("\n").slice(1, 6).join("\n")}`;
    }
    cause = cause.cause;
  }
  return text;
}

/** The logger for a configuration: the user's overrides, else the console; debug only when asked. */
export function createLogger(config: Pick<AuthConfig, "logger" | "debug">): LoggerInstance {
  const user = config.logger ?? {};
  return {
    error: user.error ?? ((error) => console.error(describe(error))),
    warn: user.warn ?? ((code) => console.warn(`[auth][warn][${code}] ${warningText[code] ?? ""}`)),
    debug: config.debug
      ? (user.debug ??
        ((message, metadata) => console.debug(`[auth][debug] ${message}`, metadata ?? "")))
      : () => {},
  };
}
