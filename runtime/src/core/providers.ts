import { HTTP_TIMEOUT } from "../oauth/http.js";
import { endpointObject, type InternalOAuthProvider, normalizeOAuth } from "../oauth/normalize.js";
import type {
  CredentialsConfig,
  EmailConfig,
  OAuthConfig,
  PasswordConfig,
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
  | WebAuthnConfig
  | PasswordConfig;

const endpointKeys = ["authorization", "token", "userinfo"] as const;

/**
 * The endpoints of `defaults` that the user's `options` refine with an object, as objects, so
 * the user's `params` merge into a preset's URL. An endpoint the user gives as a string is left
 * alone: the deep merge then replaces the preset's endpoint with it, query included, and the
 * preset's `params` are dropped (as in Auth.js, where a string is a whole endpoint).
 */
function withEndpointObjects<T>(defaults: T, options: unknown): T {
  if (!defaults || typeof defaults !== "object") return defaults;
  const refined = (options ?? {}) as Record<string, unknown>;
  const copy = { ...defaults } as Record<string, unknown>;
  for (const key of endpointKeys) {
    const refinement = refined[key];
    if (typeof copy[key] === "string" && refinement && typeof refinement === "object")
      copy[key] = endpointObject(copy[key] as string);
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
  const merged = merge(withEndpointObjects(defaults, options), options) as ProviderConfig;

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

/**
 * An OAuth/OIDC provider with the configuration's `httpTimeout` (default {@link HTTP_TIMEOUT}),
 * which bounds each of its requests (`oauth/http.ts`). Other providers are returned as they are.
 */
export function withHttpTimeout(
  provider: InternalProvider,
  httpTimeout: number | undefined,
): InternalProvider {
  if (provider.type !== "oauth" && provider.type !== "oidc") return provider;
  return { ...provider, httpTimeout: httpTimeout ?? HTTP_TIMEOUT } as InternalProvider;
}
