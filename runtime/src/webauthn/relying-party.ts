/**
 * The relying party of a request: the provider's `relayingParty` option, else the origin the
 * runtime builds links with (`AUTH_URL`'s, or the request's). Never from `Origin` or other
 * request headers beyond what `trustHost` already allows for that origin.
 *
 * @module webauthn/relying-party
 */
import type { WebAuthnConfig } from "../providers/types.js";

export interface ResolvedRelyingParty {
  /** For new options: the first configured value. */
  id: string;
  name: string;
  /** Every accepted id and origin, for verification. */
  ids: string[];
  origins: string[];
}

const list = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value.filter(Boolean) : [value];

export function relyingParty(provider: WebAuthnConfig, origin: string): ResolvedRelyingParty {
  const url = new URL(origin);
  const configured = provider.relayingParty ?? {};
  const ids = list(configured.id);
  const origins = list(configured.origin);
  const names = list(configured.name);
  const resolvedIds = ids.length ? ids : [url.hostname];
  return {
    id: resolvedIds[0]!,
    name: names[0] ?? url.host,
    ids: resolvedIds,
    origins: origins.length ? origins : [url.origin],
  };
}
