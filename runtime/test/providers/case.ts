/**
 * A provider's test case: what its endpoints answer (written from the provider's public API
 * documentation, field names and types as documented, values made up) and what the preset must
 * make of it. One file per provider under `cases/<id>.ts`, run by `catalogue.test.ts`.
 */
import type { OAuthUserConfig } from "../../src/providers/types.js";
import type { Profile } from "../../src/types.js";

export interface ProviderCase {
  /** Preset options besides client id and secret (a tenant's issuer, say). */
  options?: OAuthUserConfig<Profile> & Record<string, unknown>;
  /**
   * The provider's own name for the client id (TikTok's `client_key`), which must carry it in the
   * authorization request and in the token request's body.
   */
  clientIdParameter?: string;
  /** The authorization request the browser is sent to. */
  authorization: {
    /** Origin and path of the authorization endpoint, no query. */
    url: string;
    /** The `scope` parameter, exactly; `null` when none is sent. */
    scope: string | null;
    pkce: boolean;
    state: boolean;
    nonce: boolean;
    /** Other query parameters the preset adds (besides the standard ones), exactly. */
    params?: Record<string, string>;
    /**
     * The query's parameter names, exactly and in order, for a provider that matches its link
     * strictly (WeChat); `client_id` is then expected only if named here.
     */
    order?: string[];
  };
  /**
   * OIDC: the discovery document the issuer publishes at `/.well-known/openid-configuration`
   * (its `issuer` is the one ID tokens carry; the fake serves its keys at `jwks_uri`).
   */
  discovery?: Record<string, unknown> & { issuer: string; jwks_uri: string };
  token: {
    /** The token endpoint the code goes to. */
    url: string;
    /** `GET`: the grant and the credentials are query parameters (WeChat). Default a form POST. */
    method?: "GET";
    /** How the client authenticates there (`client_secret_post`: as request parameters). */
    authMethod: "client_secret_basic" | "client_secret_post";
    /** `false` when the documented token request carries no `redirect_uri` (WeChat's). */
    redirectUri?: false;
    /** The parameter names of the client id and secret, when not `client_id`, `client_secret`. */
    credentialNames?: { clientId: string; clientSecret: string };
    /** The success body as documented (OIDC: the fake adds a signed `id_token`). */
    response: Record<string, unknown> & { access_token: string };
    /** The documented error answer (an expired or reused code). */
    error: { status: number; body: unknown };
  };
  /**
   * A provider whose access token is a JWT it documents (EVE SSO): the fake signs the claims for
   * its client id (adding `iat`, `exp`) as the `access_token`, and serves its key at `jwks_uri`.
   */
  accessToken?: { jwks_uri: string; claims: (clientId: string) => Record<string, unknown> };
  /** OIDC: the ID token's claims as documented (`iss`, `aud`, `nonce`, `iat`, `exp` are added). */
  idTokenClaims?: Record<string, unknown>;
  /**
   * The ID token's algorithm when the client's registration decides it rather than the first
   * one the discovery document names: `HS256` is signed with the client secret (LINE's web
   * login), `RS256` with an RSA key (a FusionAuth application given one).
   */
  idTokenAlg?: "HS256" | "RS256";
  /**
   * The profile request: a GET answered only with the access token as bearer; or, with `post`,
   * a form POST answered only when it carries the client id and the ID token the fake issued
   * (LINE's ID-token verification endpoint), or (`post: { form }`) exactly these form fields.
   */
  userinfo?: {
    url: string;
    response: unknown;
    /**
     * `form`: every field the POST must carry, and no other; `$access_token`, `$client_id` and
     * `$client_secret` stand for the issued token and the client's credentials (HubSpot's
     * token introspection).
     */
    post?: true | { form: Record<string, string> };
    /**
     * Answered as a JWT (`application/jwt`) of `response`'s claims and the client id as `aud`,
     * signed with the ID tokens' key (BankID's userinfo).
     */
    signed?: boolean;
    /**
     * The exact `Authorization` header the endpoint answers to: default `Bearer <access token>`;
     * ClickUp's bare token; `null` when the token travels in the `url` instead (then no
     * `Authorization` header may be sent).
     */
    authorization?: string | null;
    /** Further headers the endpoint requires, exactly (Trakt's API key and version). */
    headers?: Record<string, string>;
    /** The `Authorization` scheme the token goes with (Yandex's `OAuth`). Default `Bearer`. */
    scheme?: string;
    /** The access token is a query parameter of `url` (written in it), not a header. */
    tokenInUrl?: boolean;
  };
  /** Further GET requests the preset makes, by URL (GitHub's `/user/emails`). */
  resources?: Record<string, unknown>;
  /** What `profile()` makes of it: `id` becomes the account's `providerAccountId`. */
  /** A claim the provider did not send is left out (as Auth.js's default profile does). */
  user: { id: string; name?: string | null; email?: string | null; image?: string | null };
}

/** The client id every case runs with (a header that must carry it, like Trakt's, names it). */
export const CLIENT_ID = "client-id-from-the-console";

/** Declares a case (identity: it only type-checks the data). */
export function defineCase(providerCase: ProviderCase): ProviderCase {
  return providerCase;
}
