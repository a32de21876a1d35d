/**
 * Environment variables the runtime reads (reference §7.2), applied to a resolved copy of the
 * configuration, never to the caller's object.
 */

export type Env = Record<string, string | undefined>;

/**
 * Secrets from the environment, in the order Auth.js uses: `AUTH_SECRET_3`, `_2`, `_1`, then
 * `AUTH_SECRET`. The first present encrypts new tokens; all decrypt.
 */
export function secretsFromEnv(env: Env): string[] {
  return [env.AUTH_SECRET_3, env.AUTH_SECRET_2, env.AUTH_SECRET_1, env.AUTH_SECRET].filter(
    (secret): secret is string => Boolean(secret),
  );
}

/**
 * `AUTH_SECRET_NEXT`: a secret accepted (for decryption and verification) but never used to
 * issue anything, the first phase of a rolling rotation (docs/secret.md).
 */
export function nextSecretsFromEnv(env: Env): string[] {
  return env.AUTH_SECRET_NEXT ? [env.AUTH_SECRET_NEXT] : [];
}

/** `AUTH_URL` parsed, or undefined when unset or not an http(s) URL. */
export function authUrlFromEnv(env: Env): URL | undefined {
  const value = env.AUTH_URL;
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether to trust the request's host. Unlike Auth.js, the strings "false" and "0" in
 * `AUTH_TRUST_HOST` mean false.
 */
export function trustHostFromEnv(env: Env): boolean {
  const flag = env.AUTH_TRUST_HOST;
  if (flag !== undefined && flag !== "") return !/^(false|0|no|off)$/i.test(flag.trim());
  if (env.AUTH_URL) return true;
  if (env.VERCEL || env.CF_PAGES) return true;
  return env.NODE_ENV !== "production";
}

/** `AUTH_<ID>_*` names for a provider id (`microsoft-entra-id` → `MICROSOFT_ENTRA_ID`). */
export function providerEnvPrefix(id: string): string {
  return `AUTH_${id.toUpperCase().replace(/-/g, "_")}`;
}
