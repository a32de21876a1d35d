/**
 * Which secrets issue and which verify. A rolling rotation (docs/secret.md) needs a secret
 * every instance accepts before any instance issues with it, so besides Auth.js's `secret`
 * (the first issues, all verify) there are accept-only secrets: `acceptSecrets` in code, or
 * `AUTH_SECRET_NEXT` when the secrets come from the environment.
 *
 * @module core/secrets
 */
import type { AuthConfig } from "../types.js";
import { type Env, nextSecretsFromEnv, secretsFromEnv } from "./env.js";

export interface ResolvedSecrets {
  /** Every accepted secret, the issuing one first, accept-only ones last. */
  secret: string[];
  /**
   * The configured array comma-joined, when it has several entries: what Auth.js hashes CSRF and
   * e-mail tokens with (reference §11 item 4), accepted so its tokens survive a switch.
   */
  joinedSecret?: string;
  /**
   * The key of rate-limit store keys: the oldest configured secret, so counts survive the
   * promotion of a new secret and are only reset when the old one is dropped.
   */
  rateLimitSecret?: string;
}

function list(value: string | string[] | undefined): string[] {
  if (typeof value === "string") return value ? [value] : [];
  return Array.isArray(value) ? value.filter(Boolean) : [];
}

/**
 * The secrets of a configuration. `secret` in code wins over the environment (as in Auth.js),
 * and then only `acceptSecrets` adds accept-only ones; with secrets from the environment,
 * `acceptSecrets` or else `AUTH_SECRET_NEXT` does. Accept-only secrets never issue: without an
 * issuing secret there are none at all (a `MissingSecret` configuration).
 */
export function resolveSecrets(config: AuthConfig, env: Env): ResolvedSecrets {
  const configured = config.secret;
  // As Auth.js: a non-empty string or array in code (even of empty strings) hides the environment.
  const inCode = Array.isArray(configured) ? configured.length > 0 : Boolean(configured);
  const issuing = inCode ? list(configured) : secretsFromEnv(env);
  if (issuing.length === 0) return { secret: [] };
  const acceptOnly =
    config.acceptSecrets !== undefined
      ? list(config.acceptSecrets)
      : inCode
        ? []
        : nextSecretsFromEnv(env);
  const secret = [...issuing, ...acceptOnly.filter((next) => !issuing.includes(next))];
  return {
    secret,
    joinedSecret: issuing.length > 1 ? issuing.join(",") : undefined,
    rateLimitSecret: issuing.at(-1),
  };
}

/**
 * Every secret a CSRF or e-mail token hash (`SHA-256(token + secret)`) may have been made with:
 * the issuing one first, then the others, then Auth.js's joined form.
 */
export function tokenHashSecrets(secrets: Pick<ResolvedSecrets, "secret" | "joinedSecret">) {
  return secrets.joinedSecret ? [...secrets.secret, secrets.joinedSecret] : secrets.secret;
}
