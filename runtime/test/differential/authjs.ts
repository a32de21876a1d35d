/**
 * Helpers that run one scenario against Auth.js (`@auth/core`, run as a reference, never copied)
 * and against this runtime, and reduce what a user sees to comparable values.
 */

import type { AuthConfig as AuthJsConfig } from "@auth/core";
import { Auth as AuthJs } from "@auth/core";
import type { AuthConfig } from "../../src/types.js";
import { TestClient } from "../helpers.js";

/** The same browser-like client, delivering to `@auth/core`'s `Auth()`. */
export class AuthJsTestClient extends TestClient {
  constructor(
    readonly authJsConfig: AuthJsConfig,
    origin?: string,
  ) {
    super({ providers: [] } as AuthConfig, origin);
  }

  protected override send(request: Request): Promise<Response> {
    return AuthJs(request, this.authJsConfig);
  }
}

/** Query parameters whose values are random per request: compared by presence only. */
const randomParameters = new Set(["state", "code_challenge", "nonce"]);

/** A redirect `Location` as what the provider receives: endpoint and query, random values masked. */
export function authorizationRequest(location: string | null) {
  if (!location) return { location };
  const url = new URL(location);
  const query: Record<string, string> = {};
  for (const [key, value] of [...url.searchParams].sort(([a], [b]) => a.localeCompare(b)))
    query[key] = randomParameters.has(key) ? "<random>" : value;
  return { endpoint: `${url.origin}${url.pathname}`, query };
}

/** A fetch that answers OpenID discovery for any issuer with `{issuer}/authorize` and `/token`. */
export function discoveryFetch(): typeof fetch {
  return async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const suffix = "/.well-known/openid-configuration";
    if (!url.pathname.endsWith(suffix)) return new Response("not found", { status: 404 });
    const issuer = `${url.origin}${url.pathname.slice(0, -suffix.length)}`;
    return Response.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ["code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
    });
  };
}
