import { generateKeyPairSync } from "node:crypto";
import Provider from "oidc-provider";
import { createAdapter, OP_TTL } from "./op-adapter.mjs";
import { OIDC_CLIENT } from "./shared.mjs";

/** The account every sign-in at the local OP lands on. */
const ACCOUNT_ID = "alice";

/**
 * A real OpenID provider (oidc-provider 9) that never asks a person anything, so sign-in
 * flows can be driven over plain HTTP and the OP costs as little as possible per flow:
 * - `/interaction/:uid` logs `alice` in at once (no forms to parse), which happens once per
 *   OP cookie jar; after that the OP session cookie makes the authorization endpoint answer
 *   with a code straight away;
 * - `loadExistingGrant` grants the requested scopes, so there is no consent prompt.
 *
 * @param {string} issuer e.g. `http://127.0.0.1:4400`
 * @param {string[]} redirectUris the callback URL of each app
 * @returns {import("node:http").RequestListener}
 */
export function createOP(issuer, redirectUris) {
  // ES256: the OP's CPU is shared by both apps and hides their difference; RSA-2048 signing
  // was a large part of it. Both apps still verify a real signature against the OP's JWKS.
  const signingKey = {
    ...generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" }),
    alg: "ES256",
    use: "sig",
    kid: "bench-es256",
  };
  const provider = new Provider(issuer, {
    adapter: createAdapter(),
    ttl: OP_TTL,
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "ES256",
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ["bench-cookie-key-0123456789"] },
    // Put profile and email claims in the ID token: Auth.js reads OIDC profiles from it.
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: `${id}@example.test`, email_verified: true, name: `User ${id}` };
        },
      };
    },
    async loadExistingGrant(ctx) {
      // Always called with a session and a client (the OP's own contract for this hook).
      const session = /** @type {NonNullable<typeof ctx.oidc.session>} */ (ctx.oidc.session);
      const client = /** @type {NonNullable<typeof ctx.oidc.client>} */ (ctx.oidc.client);
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  return (req, res) => {
    if (req.method === "GET" && req.url?.startsWith("/interaction/")) {
      provider
        .interactionFinished(
          req,
          res,
          { login: { accountId: ACCOUNT_ID } },
          { mergeWithLastSubmission: false },
        )
        .catch((error) => {
          res.statusCode = 500;
          res.end(String(error));
        });
      return;
    }
    callback(req, res);
  };
}
