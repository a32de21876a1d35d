/**
 * The playground at configuration time: whether it is on, refused in production, and which
 * OAuth/OIDC providers it stands in for (those without a client id).
 *
 * @module playground/config
 */
import type { Env } from "../core/env.js";
import type { InternalProvider } from "../core/providers.js";
import { InvalidConfig } from "../errors.js";
import { playgroundRequested, toPlaygroundProvider } from "./providers.js";

export interface PlaygroundProviders {
  /** The providers, those served by the playground rewired. */
  providers: InternalProvider[];
  /** The ids of the providers the playground serves. */
  served: string[];
  /** Set when the playground is asked for in production. */
  error?: InvalidConfig;
  /** Prints the one line that says the playground is on, and for which providers. */
  announce(basePath: string): void;
}

const announced = new Set<string>();

/**
 * The providers with the playground applied. Asked for with `NODE_ENV=production` it is an
 * `InvalidConfig` whatever the option or `AUTH_PLAYGROUND` say: such a configuration serves
 * nothing. A provider with a client id is never touched.
 */
export function playgroundProviders(
  option: boolean | undefined,
  providers: InternalProvider[],
  env: Env,
): PlaygroundProviders {
  const none = { providers, served: [], announce() {} };
  if (!playgroundRequested(option, env)) return none;
  if (env.NODE_ENV === "production") {
    return {
      ...none,
      error: new InvalidConfig(
        "The sign-in playground cannot run in production (NODE_ENV=production): remove `playground: true` from the auth configuration or AUTH_PLAYGROUND from the production environment, and set each provider's client id and secret (AUTH_<PROVIDER>_ID, AUTH_<PROVIDER>_SECRET)",
      ),
    };
  }
  const served: string[] = [];
  const rewired = providers.map((provider) => {
    if ((provider.type !== "oauth" && provider.type !== "oidc") || provider.clientId)
      return provider;
    served.push(provider.id);
    return toPlaygroundProvider(provider);
  });
  return {
    providers: rewired,
    served,
    announce(basePath) {
      // Once per process and base path: several configurations (an adapter per mount) share it.
      const line = `[auth][playground] Development sign-in playground at ${basePath}/playground for: ${served.join(", ")} (no client id set; no real account is used). Set AUTH_<PROVIDER>_ID and _SECRET to use the real provider.`;
      if (announced.has(line)) return;
      announced.add(line);
      console.info(line);
    },
  };
}
