import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT, UnsecuredJWT } from "jose";

/** How the token endpoint lies in a test. */
export interface TokenBehaviour {
  /** Claims merged over the valid ones (`iss`, `aud`, `sub`, `exp`, `iat`, `nonce`). */
  claims?: JWTPayload;
  /** Sign with a key that is not in the JWKS. */
  foreignKey?: boolean;
  /** `alg: none`. */
  unsigned?: boolean;
  /** HS256 with the client secret as key (algorithm confusion). */
  hmacWithClientSecret?: boolean;
  /** Answer this status and body instead of tokens. */
  errorBody?: { status: number; body: unknown };
  /** Leave these fields out of the response. */
  omit?: string[];
  /** Fields merged over the token response (a provider's own shape). */
  fields?: Record<string, unknown>;
}

/**
 * An OpenID provider whose token endpoint does whatever the test says: discovery, a JWKS, a
 * token endpoint that counts its requests. Authorization is not simulated — tests call the
 * relying party's callback themselves with the `state` it issued.
 */
export async function startMockOP(options: {
  clientId: string;
  clientSecret: string;
  issParameter?: boolean;
}) {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const state = {
    tokenRequests: 0,
    /** What the last token request carried: client authentication is asserted on it. */
    lastTokenRequest: undefined as { authorization?: string; body: URLSearchParams } | undefined,
    /** Fields merged over the discovery document (e.g. a plain-HTTP endpoint). */
    metadata: {} as Record<string, unknown>,
    behaviour: {} as TokenBehaviour,
    nonce: undefined as string | undefined,
    /** A nonce per authorization code, over `nonce`: concurrent sign-ins each get their own. */
    nonceByCode: new Map<string, string>(),
    /** What `/userinfo` answers (plain OAuth 2 providers). */
    userinfo: { id: 42, login: "octo", email: "octo@example.test", email_verified: true } as Record<
      string,
      unknown
    >,
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256"],
        id_token_signing_alg_values_supported: ["RS256"],
        authorization_response_iss_parameter_supported: options.issParameter ?? true,
        ...state.metadata,
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/userinfo") {
      if (req.headers.authorization !== "Bearer mock-access-token-SECRET")
        return json(401, { error: "invalid_token" });
      return json(200, state.userinfo);
    }
    if (url.pathname === "/token") {
      state.tokenRequests++;
      let form = "";
      for await (const chunk of req) form += chunk;
      state.lastTokenRequest = {
        authorization: req.headers.authorization,
        body: new URLSearchParams(form),
      };
      const code = state.lastTokenRequest.body.get("code") ?? "";
      const nonce = state.nonceByCode.get(code) ?? state.nonce;
      state.nonceByCode.delete(code);
      const b = state.behaviour;
      if (b.errorBody) return json(b.errorBody.status, b.errorBody.body);
      const now = Math.floor(Date.now() / 1000);
      const claims: JWTPayload = {
        iss: issuer,
        aud: options.clientId,
        sub: "mock-user",
        email: "mock@example.test",
        email_verified: true,
        name: "Mock User",
        iat: now,
        exp: now + 300,
        ...(nonce ? { nonce } : {}),
        ...b.claims,
      };
      let idToken: string;
      if (b.unsigned) idToken = new UnsecuredJWT(claims).encode();
      else if (b.hmacWithClientSecret) {
        idToken = await new SignJWT(claims)
          .setProtectedHeader({ alg: "HS256", kid: "k1" })
          .sign(new TextEncoder().encode(options.clientSecret));
      } else {
        idToken = await new SignJWT(claims)
          .setProtectedHeader({ alg: "RS256", kid: "k1" })
          .sign(b.foreignKey ? foreign.privateKey : privateKey);
      }
      const body: Record<string, unknown> = {
        access_token: "mock-access-token-SECRET",
        token_type: "Bearer",
        expires_in: 3600,
        id_token: idToken,
        refresh_token: "mock-refresh-token-SECRET",
        ...b.fields,
      };
      for (const field of b.omit ?? []) delete body[field];
      return json(200, body);
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
