import { endpointObject, type InternalOAuthProvider, normalizeOAuth } from "../oauth/normalize.js";
import type {
  CredentialsConfig,
  EmailConfig,
  OAuthConfig,
  Provider,
  ProviderConfig,
  WebAuthnConfig,
} from "../providers/types.js";
import { type Env, providerEnvPrefix } from "./env.js";
import { merge } from "./merge.js";

export type InternalProvider =
  | InternalOAuthProvider
  | CredentialsConfig<any>
  | EmailConfig
  | WebAuthnConfig;

const endpointKeys = ["authorization", "token", "userinfo"] as const;

function withEndpointObjects<T>(config: T): T {
  if (!config || typeof config !== "object") return config;
  const copy = { ...config } as Record<string, unknown>;
  for (const key of endpointKeys) {
    if (typeof copy[key] === "string") copy[key] = endpointObject(copy[key] as string);
  }
  return copy as T;
}

function envCredentials(id: string, env: Env) {
  const prefix = providerEnvPrefix(id);
  return {
    clientId: env[`${prefix}_ID`],
    clientSecret: env[`${prefix}_SECRET`],
    issuer: env[`${prefix}_ISSUER`],
    apiKey: env[`${prefix}_KEY`],
  };
}

function definedOnly(object: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(object)) if (value) result[key] = value;
  return result;
}

/**
 * One provider as the runtime uses it: a function is called (first with `{}` to learn its id,
 * then with its `AUTH_<ID>_*` environment values), the `options` the user passed are merged
 * over the defaults, and the environment fills what is still unset.
 */
export function normalizeProvider(provider: Provider, env: Env): InternalProvider {
  let config: ProviderConfig;
  if (typeof provider === "function") {
    const probe = provider({}) as ProviderConfig & { options?: { id?: string } };
    const fromEnv = envCredentials(probe.options?.id ?? probe.id, env);
    config = provider(definedOnly(fromEnv)) as ProviderConfig;
  } else {
    config = provider;
  }
  const { options, ...defaults } = config as ProviderConfig & { options?: object };
  const merged = merge(
    withEndpointObjects(defaults),
    withEndpointObjects(options),
  ) as ProviderConfig;

  const fromEnv = envCredentials(merged.id, env);
  if (merged.type === "oauth" || merged.type === "oidc") {
    merged.clientId ??= fromEnv.clientId;
    merged.clientSecret ??= fromEnv.clientSecret;
    merged.issuer ??= fromEnv.issuer;
    return normalizeOAuth(merged as OAuthConfig<any>);
  }
  if (merged.type === "email") merged.apiKey ??= fromEnv.apiKey;
  return merged as InternalProvider;
}
