/**
 * The playground's token and userinfo endpoints. A code is spent by its first redemption, valid
 * or not; the client must authenticate (HTTP Basic or form), name the code's redirect URI, and
 * prove PKCE (RFC 7636 §4.6). The ID token is signed with the process's ES256 key and carries
 * `iss`, `aud`, `sub`, `iat`, `exp` and the request's `nonce`.
 *
 * @module playground/token
 */
import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import { timingSafeEqualString } from "../core/crypto.js";
import { type AuthRequest, bodyString } from "../core/request.js";
import { type AuthResponse, jsonResponse } from "../core/response.js";
import {
  ACCESS_TOKEN_LIFETIME_S,
  accessTokenClaims,
  clientById,
  issueAccessToken,
  type PlaygroundClient,
  playgroundSigningKey,
  redeemCode,
} from "./store.js";

const noStore = { "cache-control": "no-store", pragma: "no-cache" };
const tokenError = (error: string, description: string, status = 400) =>
  jsonResponse({ error, error_description: description }, status, noStore);

/** RFC 6749 §2.3.1: HTTP Basic with form-urlencoded id and secret, else both in the body. */
function authenticatedClient(request: AuthRequest): PlaygroundClient | undefined {
  let id = bodyString(request.body, "client_id");
  let secret = bodyString(request.body, "client_secret");
  const header = request.headers.get("authorization");
  if (header?.toLowerCase().startsWith("basic ")) {
    const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon === -1) return undefined;
    const form = (value: string) => decodeURIComponent(value.replace(/\+/g, "%20"));
    try {
      [id, secret] = [form(decoded.slice(0, colon)), form(decoded.slice(colon + 1))];
    } catch {
      return undefined;
    }
  }
  const client = id ? clientById(id) : undefined;
  if (!client || secret === undefined) return undefined;
  return timingSafeEqualString(secret, client.clientSecret) ? client : undefined;
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/** `POST {base}/playground/token`: the authorization_code grant. */
export async function tokenEndpoint(request: AuthRequest, issuer: string): Promise<AuthResponse> {
  if (request.method !== "POST") return tokenError("invalid_request", "Use POST", 405);
  const client = authenticatedClient(request);
  if (!client) return tokenError("invalid_client", "Client authentication failed", 401);
  if (bodyString(request.body, "grant_type") !== "authorization_code")
    return tokenError("unsupported_grant_type", "Only authorization_code is supported");
  const grant = redeemCode(bodyString(request.body, "code") ?? "");
  if (!grant || grant.clientId !== client.clientId)
    return tokenError("invalid_grant", "The code is unknown, expired or already used");
  if (bodyString(request.body, "redirect_uri") !== grant.redirectUri)
    return tokenError("invalid_grant", "redirect_uri differs from the authorization request's");
  const verifier = bodyString(request.body, "code_verifier") ?? "";
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || s256(verifier) !== grant.codeChallenge)
    return tokenError("invalid_grant", "PKCE verification failed");

  const key = await playgroundSigningKey();
  const now = Math.floor(Date.now() / 1000);
  const idToken = await new SignJWT({
    ...grant.claims,
    ...(grant.nonce === undefined ? {} : { nonce: grant.nonce }),
  })
    .setProtectedHeader({ alg: "ES256", kid: key.publicJwk.kid!, typ: "JWT" })
    .setIssuer(issuer)
    .setAudience(client.clientId)
    .setSubject(grant.claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key.privateKey);
  return jsonResponse(
    {
      access_token: issueAccessToken(grant.claims),
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      scope: grant.scope,
      id_token: idToken,
    },
    200,
    noStore,
  );
}

/** `GET/POST {base}/playground/userinfo`: the claims of a valid Bearer access token. */
export function userinfoEndpoint(request: AuthRequest): AuthResponse {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const claims = match ? accessTokenClaims(match[1]!) : undefined;
  if (!claims) {
    return jsonResponse({ error: "invalid_token" }, 401, {
      ...noStore,
      "www-authenticate": 'Bearer error="invalid_token"',
    });
  }
  return jsonResponse(claims, 200, noStore);
}
