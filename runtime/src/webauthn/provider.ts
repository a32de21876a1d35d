/**
 * What every WebAuthn endpoint needs: the provider (type `webauthn`) and an adapter with the
 * authenticator methods. The configuration assertion already required both; this narrows types
 * and fails closed if a request still reaches here without them.
 *
 * @module webauthn/provider
 */
import type { Adapter } from "../adapters.js";
import type { AuthContext } from "../core/context.js";
import { InvalidProvider, MissingAdapter } from "../errors.js";
import type { WebAuthnConfig } from "../providers/types.js";

type Required<K extends keyof Adapter> = { [P in K]-?: NonNullable<Adapter[P]> };

export type WebAuthnAdapter = Adapter &
  Required<
    | "createUser"
    | "getUser"
    | "linkAccount"
    | "getAccount"
    | "getAuthenticator"
    | "createAuthenticator"
    | "listAuthenticatorsByUserId"
    | "updateAuthenticatorCounter"
  >;

export function webAuthnContext(ctx: AuthContext): {
  provider: WebAuthnConfig;
  adapter: WebAuthnAdapter;
} {
  const { provider } = ctx;
  if (provider?.type !== "webauthn") {
    throw new InvalidProvider("Provider must be a WebAuthn provider");
  }
  const adapter = ctx.config.adapter;
  if (!adapter) throw new MissingAdapter("WebAuthn requires an adapter");
  return { provider, adapter: adapter as WebAuthnAdapter };
}
